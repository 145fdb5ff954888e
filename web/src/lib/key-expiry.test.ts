import { describe, expect, it } from 'vitest';
import { expiryFromChoice, expiryLabel, isExpired, tomorrow } from './key-expiry.js';

const now = new Date('2026-11-27T12:00:00Z');

describe('expiryFromChoice', () => {
  it('never is null; a span counts from now', () => {
    expect(expiryFromChoice('never', '', now)).toBeNull();
    expect(expiryFromChoice('30', '', now)).toBe('2026-12-27T12:00:00.000Z');
  });

  it('a chosen day lasts to its end; a missing, malformed or past day is nothing to send', () => {
    const end = new Date(2027, 0, 31, 23, 59, 59).toISOString();
    expect(expiryFromChoice('date', '2027-01-31', now)).toBe(end);
    expect(expiryFromChoice('date', '', now)).toBeUndefined();
    expect(expiryFromChoice('date', '31/01/2027', now)).toBeUndefined();
    expect(expiryFromChoice('date', '2026-01-01', now)).toBeUndefined();
  });
});

describe('expiryLabel', () => {
  const fmt = (iso: string) => iso.slice(0, 10);
  it('says never, when, or that it has passed', () => {
    expect(expiryLabel(null, now, fmt)).toBe('Never expires');
    expect(expiryLabel('2027-01-01T00:00:00Z', now, fmt)).toBe('Expires 2027-01-01');
    expect(expiryLabel('2026-11-01T00:00:00Z', now, fmt)).toBe('Expired 2026-11-01');
    expect(isExpired('2026-11-01T00:00:00Z', now)).toBe(true);
    expect(isExpired(null, now)).toBe(false);
  });

  it('offers tomorrow as the first day', () => {
    expect(tomorrow(new Date(2026, 10, 30, 9))).toBe('2026-12-01');
  });
});
