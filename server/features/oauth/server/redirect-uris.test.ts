// Pure functions: nothing real or faked beyond the WHATWG URL parser.
import { describe, expect, it } from 'vitest';
import {
  guessPlatform,
  isChatGptConnectorCallback,
  redirectUriMatches,
  redirectUriProblem,
} from './redirect-uris.js';

describe('redirect URIs', () => {
  it('accepts https, loopback http and private-use schemes', () => {
    for (const uri of [
      'https://claude.ai/api/mcp/auth_callback',
      'https://example.com/cb?x=1',
      'http://localhost/callback',
      'http://127.0.0.1:3000/cb',
      'http://[::1]/cb',
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'com.example.app:/oauth2redirect',
    ]) {
      expect(redirectUriProblem(uri), uri).toBeNull();
    }
  });

  it('refuses everything else with a message naming the URI', () => {
    for (const uri of [
      '/relative/cb',
      'http://example.com/cb',
      'http://localhost.evil.example/cb',
      'https://example.com/cb#x',
      'https://a:b@example.com/cb',
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
    ]) {
      expect(redirectUriProblem(uri), uri).toContain(uri);
    }
  });

  it('matches exactly, except for the port of loopback http URIs (RFC 8252 §7.3)', () => {
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example/cb')).toBe(true);
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example/cb/')).toBe(false);
    expect(redirectUriMatches('https://a.example/cb', 'https://A.example/cb')).toBe(false);
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example:443/cb?x')).toBe(false);
    expect(redirectUriMatches('http://localhost/callback', 'http://localhost:51234/callback')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:9090/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://localhost:9090/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:9090/other')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb?a=1', 'http://127.0.0.1:9090/cb?a=2')).toBe(false);
    expect(redirectUriMatches('https://localhost/cb', 'https://localhost:8443/cb')).toBe(false);
  });

  it("recognises only ChatGPT's per-connector callback shape", () => {
    expect(isChatGptConnectorCallback('https://chatgpt.com/connector/oauth/OUbdUMlL15Ct')).toBe(true);
    for (const uri of [
      'https://chatgpt.com/connector/oauth/',
      'https://chatgpt.com/connector/oauth/a/b',
      'https://chatgpt.com/connector/oauth/a?x=1',
      'https://chatgpt.com/connector/oauth/a#x',
      'https://chatgpt.com/connector/oauth/%2e%2e',
      'http://chatgpt.com/connector/oauth/a',
      'https://evil.chatgpt.com/connector/oauth/a',
      'https://chatgpt.com@evil.example/connector/oauth/a',
      'https://chatgpt.com/connector/oauth/../../evil',
    ]) {
      expect(isChatGptConnectorCallback(uri), uri).toBe(false);
    }
  });

  it('guesses the platform of a dynamic client from its callbacks', () => {
    expect(guessPlatform(['https://claude.com/api/mcp/auth_callback'])).toBe('claude');
    expect(guessPlatform(['https://chatgpt.com/connector/oauth/x'])).toBe('chatgpt');
    expect(guessPlatform(['cursor://anysphere.cursor-mcp/oauth/callback'])).toBe('cursor');
    expect(guessPlatform(['http://localhost/cb'])).toBe('generic');
  });
});
