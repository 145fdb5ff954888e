import { createHmac } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
} from '../../../contract/api-keys.js';
import { randomBase62 } from '../../security/tokens.js';

/** A new key: `cairn_` + 32 base62 characters from the CSPRNG (~190 bits). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBase62(API_KEY_RANDOM_LENGTH)}`;
}

/** Which verifier a bearer token belongs to: anything starting `cairn_` is ours to accept or reject. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Exactly the shape we issue; anything else is rejected without touching the database. */
export function isWellFormedApiKey(token: string): boolean {
  return API_KEY_PATTERN.test(token);
}

/** What lists show so people can tell keys apart (6 of the 32 random characters). */
export function visiblePrefix(key: string): string {
  return key.slice(0, API_KEY_LIMITS.visiblePrefixLength);
}

/**
 * The stored form: HMAC-SHA256 under a server secret. A key has ~190 bits of entropy, so a slow
 * password hash buys nothing; the HMAC key (derived from SECRET_KEY) means a database dump alone
 * cannot even be used to test a guessed key (docs/decisions/0009-api-keys.md).
 */
export function hashApiKey(hmacKey: Uint8Array, key: string): string {
  return createHmac('sha256', hmacKey).update(key, 'utf8').digest('hex');
}
