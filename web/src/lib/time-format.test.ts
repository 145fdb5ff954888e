import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, lastUsedLabel } from './time-format.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('time formatting', () => {
  it('shows "Never" for a credential that was never used', () => {
    expect(lastUsedLabel(null, NOW, 'en')).toBe('Never');
    expect(lastUsedLabel(ago(120), NOW, 'en')).toBe('2 minutes ago');
  });
  it('uses the largest whole unit', () => {
    expect(formatRelative(ago(5), NOW, 'en')).toBe('just now');
    expect(formatRelative(ago(-30), NOW, 'en')).toBe('just now');
    expect(formatRelative(ago(59 * 60), NOW, 'en')).toBe('59 minutes ago');
    expect(formatRelative(ago(3 * 3600), NOW, 'en')).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3600), NOW, 'en')).toBe('yesterday');
    expect(formatRelative(ago(15 * 24 * 3600), NOW, 'en')).toBe('2 weeks ago');
    expect(formatRelative(ago(400 * 24 * 3600), NOW, 'en')).toBe('last year');
  });
  it('formats a date and tolerates garbage', () => {
    expect(formatDate('2026-03-04T10:00:00Z', 'en')).toBe('Mar 4, 2026');
    expect(formatDate('not a date', 'en')).toBe('—');
    expect(formatRelative('not a date', NOW, 'en')).toBe('—');
  });
});
