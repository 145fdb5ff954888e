import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Key material for signing tokens. From SECRET_KEY when given (required when several instances
 * share one PostgreSQL, so they accept each other's tokens); otherwise generated once on first
 * start and kept in DATA_DIR/secret.key (mode 0600), never in the repository.
 */
export type Secrets = {
  /** HMAC key for session access tokens (HS256). */
  sessionSigningKey: Uint8Array;
  /** Derive an independent key for another purpose (OAuth, CSRF…) from the same root. */
  derive(purpose: string): Uint8Array;
};

export function loadSecrets(opts: { secretKey: string | undefined; dataDir: string }): Secrets {
  const root = opts.secretKey ?? readOrCreateKeyFile(path.join(opts.dataDir, 'secret.key'));
  const derive = (purpose: string) =>
    new Uint8Array(createHash('sha256').update(`cairn:${purpose}:${root}`).digest());
  return { sessionSigningKey: derive('session-access-token'), derive };
}

function readOrCreateKeyFile(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'w' });
  return key;
}
