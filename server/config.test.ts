import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      allowRegistration: false,
      oauthDynamicRegistration: true,
      logLevel: 'info',
      backup: { dir: `${path.resolve('./data')}-backups`, intervalHours: 24, keep: 7 },
    });
  });

  it('reads the backup settings, 0 hours meaning off', () => {
    expect(
      loadConfig({ DATA_DIR: '/srv/cairn', BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '3' }).backup,
    ).toEqual({ dir: '/srv/cairn-backups', intervalHours: 0, keep: 3 });
    expect(loadConfig({ BACKUP_DIR: '/mnt/b', BACKUP_INTERVAL_HOURS: '0.5' }).backup).toMatchObject({
      dir: '/mnt/b',
      intervalHours: 0.5,
    });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
  });

  it('derives PUBLIC_URL from HOST/PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://memory.example.com/' }).publicUrl).toBe(
      'https://memory.example.com',
    );
  });

  it('fails fast naming each bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ALLOW_REGISTRATION: 'maybe',
        SECRET_KEY: 'short',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'ALLOW_REGISTRATION', 'SECRET_KEY'])
        expect(msg).toContain(name);
      expect(msg).toContain('must start with postgres://');
    }
  });
});
