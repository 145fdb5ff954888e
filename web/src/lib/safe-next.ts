/**
 * Where to go after signing in. Only same-site paths are accepted: `next=https://evil.example`
 * or `//evil.example` would turn the login page into an open redirect.
 */
export function safeNext(next: string | null, fallback = '/app/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
