/** Spec section 5: redirect URIs are typed one per line, trimmed, blanks dropped. */
export function parseRedirectUris(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
