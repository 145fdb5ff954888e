// Real: node:crypto (CSPRNG, HMAC). Faked: nothing. Pure functions, no database.
import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  looksLikeApiKey,
  visiblePrefix,
} from './api-key-tokens.js';

describe('API key tokens', () => {
  it('generates cairn_ + 32 base62 characters, different every time', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^cairn_[0-9A-Za-z]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // All 62 symbols turn up: the alphabet is not silently narrowed.
    expect(new Set(keys.map((k) => k.slice(6)).join('')).size).toBe(62);
  });

  it('tells well-formed keys from anything else that starts with cairn_', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key)).toBe(true);
    for (const bad of [
      'cairn_',
      `${key}0`,
      key.slice(0, -1),
      `cairn_${'_'.repeat(32)}`,
      ` ${key}`,
      `${key}\n`,
    ]) {
      expect(isWellFormedApiKey(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(looksLikeApiKey('cairn_x')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOi.x.y')).toBe(false);
  });

  it('shows cairn_ plus six characters', () => {
    expect(visiblePrefix('cairn_AbCdEf0123456789012345678901234567')).toBe('cairn_AbCdEf');
  });

  it('hashes with a key: same input and key agree, another key does not', () => {
    const key = generateApiKey();
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    expect(hashApiKey(a, key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(a, key)).toBe(hashApiKey(a, key));
    expect(hashApiKey(a, key)).not.toBe(hashApiKey(b, key));
    expect(hashApiKey(a, key)).not.toBe(hashApiKey(a, generateApiKey()));
  });
});
