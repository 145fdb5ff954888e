import { describe, expect, it } from 'vitest';
import { reachabilityOf } from './public-url.js';

describe('reachabilityOf', () => {
  it('a public host over HTTPS is reachable by remote assistants', () => {
    expect(reachabilityOf('https://memory.example.org')).toBe('public-https');
    expect(reachabilityOf('https://cairn.example.org:8443/base')).toBe('public-https');
  });
  it('a public host over plain HTTP is not enough', () => {
    expect(reachabilityOf('http://memory.example.org')).toBe('plain-http');
  });
  it('loopback, private and single-label hosts are local', () => {
    for (const url of [
      'http://127.0.0.1:3000',
      'https://localhost',
      'http://[::1]:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://172.20.1.1',
      'https://nas.local',
      'http://cairn:3000',
      'http://[fd12:3456::1]',
      'not a url',
    ])
      expect(reachabilityOf(url), url).toBe('local');
    expect(reachabilityOf('http://172.32.0.1')).toBe('plain-http');
  });
});
