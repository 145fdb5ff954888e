/**
 * An API key's expiry as people pick and read it (ADR 0027): never, a month, three months, a year,
 * or a day of their choosing; a chosen day lasts to its end in the person's own time zone.
 */
export type ExpiryChoice = 'never' | '30' | '90' | '365' | 'date';

export const EXPIRY_OPTIONS: readonly { value: ExpiryChoice; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'On a date…' },
];

/** The expiry to send: an ISO date-time, null for never, or undefined when the date is missing or past. */
export function expiryFromChoice(choice: ExpiryChoice, date: string, now: Date): string | null | undefined {
  if (choice === 'never') return null;
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const end = new Date(y, m - 1, d, 23, 59, 59);
  return end.getTime() > now.getTime() ? end.toISOString() : undefined;
}

/** How the list says it: "Never expires", "Expires 12 Mar 2027", "Expired 3 Jan 2027". */
export function expiryLabel(expiresAt: string | null, now: Date, format: (iso: string) => string): string {
  if (!expiresAt) return 'Never expires';
  return `${Date.parse(expiresAt) <= now.getTime() ? 'Expired' : 'Expires'} ${format(expiresAt)}`;
}

export const isExpired = (expiresAt: string | null, now: Date) =>
  expiresAt !== null && Date.parse(expiresAt) <= now.getTime();

/** Tomorrow as YYYY-MM-DD in local time: the earliest day the date field offers. */
export function tomorrow(now: Date): string {
  const t = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
}
