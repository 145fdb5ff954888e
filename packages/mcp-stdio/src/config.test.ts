// Pure unit tests of reading the environment (no process, no network).
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

const KEY = `cairn_${'A1'.repeat(16)}`;

describe('readConfig', () => {
  it('reads the URL (trailing slashes dropped), the key and the default timeout', () => {
    expect(readConfig({ CAIRN_URL: 'https://cairn.example/ ', CAIRN_API_KEY: ` ${KEY} ` })).toEqual({
      baseUrl: 'https://cairn.example',
      apiKey: KEY,
      timeoutMs: 15_000,
    });
    expect(
      readConfig({ CAIRN_URL: 'http://h:3000/cairn/', CAIRN_API_KEY: KEY, CAIRN_TIMEOUT_MS: '500' }),
    ).toEqual({
      baseUrl: 'http://h:3000/cairn',
      apiKey: KEY,
      timeoutMs: 500,
    });
  });

  it('names the missing or malformed setting and what to do', () => {
    expect(() => readConfig({ CAIRN_API_KEY: KEY })).toThrow(/CAIRN_URL is not set/);
    expect(() => readConfig({ CAIRN_URL: 'cairn.example', CAIRN_API_KEY: KEY })).toThrow(/not a valid URL/);
    expect(() => readConfig({ CAIRN_URL: 'ftp://cairn.example', CAIRN_API_KEY: KEY })).toThrow(
      /http:\/\/ or https:\/\//,
    );
    expect(() => readConfig({ CAIRN_URL: 'https://c.example' })).toThrow(
      'CAIRN_API_KEY is not set: create an API key at https://c.example/app/settings/api-keys',
    );
    expect(() => readConfig({ CAIRN_URL: 'https://c.example', CAIRN_API_KEY: 'sk-123' })).toThrow(
      /does not look like a Cairn API key/,
    );
    expect(() =>
      readConfig({ CAIRN_URL: 'https://c.example', CAIRN_API_KEY: KEY, CAIRN_TIMEOUT_MS: 'soon' }),
    ).toThrow(/CAIRN_TIMEOUT_MS/);
  });
});
