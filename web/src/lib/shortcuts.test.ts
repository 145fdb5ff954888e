import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './search-shortcut.js';

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

describe('isSearchShortcut', () => {
  it('"/" outside a text field, Ctrl+K and ⌘K anywhere', () => {
    expect(isSearchShortcut(key('/'), false)).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true }), true)).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }), false)).toBe(true);
  });

  it('a slash typed into a field stays a slash; other keys and combinations are not the shortcut', () => {
    expect(isSearchShortcut(key('/'), true)).toBe(false);
    expect(isSearchShortcut(key('k'), false)).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }), false)).toBe(false);
  });
});
