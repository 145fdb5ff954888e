import { describe, expect, it } from 'vitest';
import { isPaletteShortcut, plainShortcut } from './shortcuts.js';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('isPaletteShortcut', () => {
  it('Ctrl+K and ⌘K anywhere; not with Shift or Alt, not a plain k', () => {
    expect(isPaletteShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key('k'))).toBe(false);
  });
});

describe('plainShortcut', () => {
  it('answers /, n, e and ? outside fields and dialogs', () => {
    for (const k of ['/', 'n', 'e', '?'])
      expect(plainShortcut(key(k, { shiftKey: k === '?' }), false, false)).toBe(k);
  });

  it('leaves typing, chords and open dialogs alone', () => {
    expect(plainShortcut(key('n'), true, false)).toBeNull();
    expect(plainShortcut(key('n'), false, true)).toBeNull();
    expect(plainShortcut(key('n', { ctrlKey: true }), false, false)).toBeNull();
    expect(plainShortcut(key('/', { metaKey: true }), false, false)).toBeNull();
    expect(plainShortcut(key('x'), false, false)).toBeNull();
  });
});
