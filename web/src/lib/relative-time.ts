const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", "2 months ago",
 * "1 year ago": how long before `now` the moment `iso` was. A time slightly in the future (a clock
 * ahead of ours) reads "just now"; an unreadable one gives "".
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const diff = now.getTime() - then;
  if (diff < 45_000) return 'just now';
  if (diff < HOUR) return plural(Math.max(1, Math.round(diff / MINUTE)), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  const days = Math.floor(diff / DAY);
  if (days === 1) return 'yesterday';
  if (days < 30) return plural(days, 'day');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

/** A full date and time for tooltips and the detail page, in the person's own locale and zone. */
export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** A date alone ("Last updated"). */
export function formatDate(iso: string, locale?: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(locale, { dateStyle: 'medium', timeZone });
}

/** Spec: a credential (API key, OAuth client) never used shows "Never". */
export function lastUsedLabel(iso: string | null, now: Date = new Date()): string {
  return iso === null ? 'Never' : relativeTime(iso, now);
}
