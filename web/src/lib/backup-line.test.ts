// Pure function; nothing faked.
import { describe, expect, it } from 'vitest';
import { backupLine } from './backup-line.js';

const base = { interval_hours: 24, keep: 7, latest: null, last_error: null };

describe('backupLine', () => {
  it('says when and how large, or that there is none, or that backups are off', () => {
    expect(backupLine({ ...base, state: 'on' })).toBe('No backup yet. Every 24 h, the 7 latest kept.');
    expect(
      backupLine(
        { ...base, state: 'on', latest: { created_at: '2026-11-27T23:51:37Z', bytes: 5_216_966 } },
        'en-GB',
      ),
    ).toMatch(/^Last backup 27 Nov 2026, \d\d:\d\d \(5\.0 MB\)\. Every 24 h/);
    expect(backupLine({ ...base, state: 'off' })).toBe('Backups are off.');
    expect(backupLine({ ...base, state: 'postgres' })).toContain('pg_dump');
    expect(backupLine({ ...base, state: 'on', last_error: 'disk full' })).toContain('failed: disk full');
  });
});
