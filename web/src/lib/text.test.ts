import { describe, expect, it } from 'vitest';
import { readableServerMessage, truncate } from './text.js';

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

describe('readableServerMessage', () => {
  it('drops the field path and groups long numbers', () => {
    expect(readableServerMessage('content: Content must be at most 20000 characters')).toBe(
      'Content must be at most 20,000 characters',
    );
  });
  it('drops a nested path and capitalises a lower-case message', () => {
    expect(readableServerMessage('tags.3: Each tag must be at most 50 characters')).toBe(
      'Each tag must be at most 50 characters',
    );
    expect(readableServerMessage('search: search must be at most 500 characters')).toBe(
      'Search must be at most 500 characters',
    );
  });
  it('leaves a plain message alone', () => {
    expect(readableServerMessage('Trace not found')).toBe('Trace not found');
    expect(readableServerMessage('This trace cannot be restored: an active trace has the same content')).toBe(
      'This trace cannot be restored: an active trace has the same content',
    );
  });
});
