// Pure unit tests of the Host/Origin guard (no app, no database): which names and origins pass
// for a public and for a loopback PUBLIC_URL.
import { describe, expect, it } from 'vitest';
import { createRequestGuard } from './request-guard.js';

describe('createRequestGuard', () => {
  const publicGuard = createRequestGuard('https://cairn.example');
  const loopbackGuard = createRequestGuard('http://127.0.0.1:3000');

  it('accepts its own host name on any port, and requests without Origin', () => {
    expect(publicGuard({ host: 'cairn.example' })).toEqual({ ok: true });
    expect(publicGuard({ host: 'CAIRN.example:8080' })).toEqual({ ok: true });
    expect(publicGuard({ host: 'cairn.example', origin: '' })).toEqual({ ok: true });
  });

  it('refuses other, missing or malformed hosts', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'cairn.example.evil',
      'user@cairn.example',
      'cairn.example/x',
      '127.0.0.1',
    ]) {
      expect(publicGuard({ host }).ok, String(host)).toBe(false);
    }
  });

  it('accepts only the exact public origin (scheme, host and port)', () => {
    expect(publicGuard({ host: 'cairn.example', origin: 'https://cairn.example' }).ok).toBe(true);
    for (const origin of [
      'http://cairn.example',
      'https://cairn.example:444',
      'https://evil.example',
      'null',
      'not a url',
      'http://localhost',
    ]) {
      expect(publicGuard({ host: 'cairn.example', origin }).ok, origin).toBe(false);
    }
  });

  it('treats every loopback name as its own when PUBLIC_URL is loopback', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:9999', '[::1]:3000', 'LOCALHOST']) {
      expect(loopbackGuard({ host }).ok, host).toBe(true);
    }
    expect(loopbackGuard({ host: 'localhost', origin: 'http://localhost:6274' }).ok).toBe(true);
    expect(loopbackGuard({ host: 'evil.example' }).ok).toBe(false);
    expect(loopbackGuard({ host: 'localhost', origin: 'http://evil.example' }).ok).toBe(false);
  });
});
