import { describe, expect, it } from 'vitest';
import { urlBreakParts } from './url-breaks.js';

describe('urlBreakParts', () => {
  it('breaks after separators (underscores too) only, and joins back to the same URL', () => {
    const url = 'https://chatgpt.com/connector_platform_oauth_redirect?state=a&x=1';
    const parts = urlBreakParts(url);
    expect(parts.join('')).toBe(url);
    expect(parts).toEqual([
      'https://',
      'chatgpt.',
      'com/',
      'connector_',
      'platform_',
      'oauth_',
      'redirect?',
      'state=',
      'a&',
      'x=',
      '1',
    ]);
  });

  it('keeps "//" together and leaves a URL without separators whole', () => {
    expect(urlBreakParts('http://a')).toEqual(['http://', 'a']);
    expect(urlBreakParts('localhost')).toEqual(['localhost']);
  });

  it('leaves spaces to the browser: a snippet breaks after separators inside its words', () => {
    expect(urlBreakParts('curl -fsSL http://h/x.tgz | sha256sum')).toEqual([
      'curl -fsSL http://',
      'h/',
      'x.',
      'tgz | sha256sum',
    ]);
  });
});
