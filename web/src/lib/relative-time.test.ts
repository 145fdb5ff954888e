import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, lastUsedLabel, relativeTime } from './relative-time.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it('says "just now" under 45 seconds, and for a time slightly ahead of our clock', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(44 * S), NOW)).toBe('just now');
    expect(relativeTime(ago(-5 * S), NOW)).toBe('just now');
  });
  it('counts minutes under an hour, singular for one', () => {
    expect(relativeTime(ago(45 * S), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * M), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * M), NOW)).toBe('59 minutes ago');
  });
  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(H), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * H + 59 * M), NOW)).toBe('23 hours ago');
  });
  it('says "yesterday" for one day, then days under 30', () => {
    expect(relativeTime(ago(D), NOW)).toBe('yesterday');
    expect(relativeTime(ago(2 * D), NOW)).toBe('2 days ago');
    expect(relativeTime(ago(29 * D), NOW)).toBe('29 days ago');
  });
  it('counts months under a year, then years', () => {
    expect(relativeTime(ago(30 * D), NOW)).toBe('1 month ago');
    expect(relativeTime(ago(200 * D), NOW)).toBe('6 months ago');
    expect(relativeTime(ago(365 * D), NOW)).toBe('1 year ago');
    expect(relativeTime(ago(3 * 365 * D), NOW)).toBe('3 years ago');
  });
  it('gives "" for an unreadable time', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('formatDate / formatDateTime', () => {
  it('formats in the given locale and time zone', () => {
    expect(formatDate('2026-11-23T23:30:00.000Z', 'en-US', 'UTC')).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-23T23:30:00.000Z', 'en-US', 'Asia/Tokyo')).toBe('Nov 24, 2026');
    expect(formatDateTime('2026-11-23T09:05:00.000Z', 'en-US', 'UTC')).toMatch(/^Nov 23, 2026, 9:05\sAM$/);
  });
  it('gives "" for an unreadable time', () => {
    expect(formatDate('nope')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('lastUsedLabel', () => {
  it('shows "Never" for a credential that was never used, else how long ago', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(lastUsedLabel(null, now)).toBe('Never');
    expect(lastUsedLabel('2026-03-10T11:58:00Z', now)).toBe('2 minutes ago');
  });
});
