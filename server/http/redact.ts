/**
 * `?api_key=` is a convenience for clients that cannot set headers, but URLs end up in logs:
 * every logged URL goes through this first.
 */
export function redactUrl(url: string): string {
  return url.replace(
    /([?&](?:api_key|access_token|code|refresh_token|client_secret)=)[^&#]*/gi,
    '$1[REDACTED]',
  );
}
