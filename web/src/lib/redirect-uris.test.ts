import { describe, expect, it } from 'vitest';
import { parseRedirectUris } from './redirect-uris.js';

describe('parseRedirectUris', () => {
  it('takes one URI per line, trimmed, without blank lines', () => {
    expect(parseRedirectUris('  https://a.example/cb \n\n\r\nhttps://b.example/cb\n   ')).toEqual([
      'https://a.example/cb',
      'https://b.example/cb',
    ]);
    expect(parseRedirectUris('')).toEqual([]);
  });
});
