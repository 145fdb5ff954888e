import { describe, expect, it } from 'vitest';
import { nextThemeChoice, parseThemeChoice, resolveTheme } from './theme.js';

describe('theme choice', () => {
  it('steps system → light → dark → system', () => {
    expect(nextThemeChoice('system')).toBe('light');
    expect(nextThemeChoice('light')).toBe('dark');
    expect(nextThemeChoice('dark')).toBe('system');
  });

  it('"system" follows the OS; a chosen theme ignores it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('an unknown or missing stored value means "system"', () => {
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('purple')).toBe('system');
    expect(parseThemeChoice('dark')).toBe('dark');
  });
});
