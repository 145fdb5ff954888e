import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next.js';

describe('safeNext', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNext('/consent?request=abc')).toBe('/consent?request=abc');
    expect(safeNext('/app/traces/1')).toBe('/app/traces/1');
  });
  it('falls back to the dashboard for anything that could leave the site', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeNext(bad)).toBe('/app/dashboard');
    }
  });
});
