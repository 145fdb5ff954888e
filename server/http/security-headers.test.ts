// Real: the app through app.inject, as configured by PUBLIC_URL.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.js';

describe('HSTS', { timeout: 300_000 }, () => {
  it.each([
    ['https://cairn.example', 'max-age=31536000'],
    ['http://127.0.0.1:3000', undefined],
  ])('PUBLIC_URL %s answers Strict-Transport-Security %s', async (publicUrl, expected) => {
    const t = await createTestApp({ PUBLIC_URL: publicUrl });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe(expected);
    } finally {
      await t.close();
    }
  });
});
