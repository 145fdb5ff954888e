import { describe, expect, it } from 'vitest';
import { truncate } from './text.js';

describe('truncate (table content: 100 characters plus "...")', () => {
  it('leaves text of 100 characters or fewer as it is', () => {
    expect(truncate('short')).toBe('short');
    const hundred = 'x'.repeat(100);
    expect(truncate(hundred)).toBe(hundred);
  });
  it('cuts longer text at 100 characters and adds "..."', () => {
    const text = 'a'.repeat(100) + 'bcd';
    expect(truncate(text)).toBe('a'.repeat(100) + '...');
  });
  it('counts an emoji as one character and never splits it', () => {
    const text = '😀'.repeat(101);
    expect(truncate(text)).toBe('😀'.repeat(100) + '...');
  });
  it('takes another limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
  });
});
