/**
 * A browser's user agent as a person names their device: "Firefox on Linux", "Safari on iPhone".
 * Only the common browsers and systems are told apart; anything else keeps a short honest label.
 */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // A script or a command-line client: its first product token (curl/8.5.0 → curl).
  const product = /^([A-Za-z][\w.-]*)\//.exec(ua)?.[1];
  return product && product !== 'Mozilla' ? product : system ? `A browser on ${system}` : 'Unknown device';
}
