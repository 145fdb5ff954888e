// Real: the redaction functions. Faked: nothing. Pure functions.
import { describe, expect, it } from 'vitest';
import { redactingStream, redactSecrets, redactUrl } from './redact.js';

const KEY = 'cairn_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('redaction', () => {
  it('redacts credential query parameters in a URL, keeping the rest', () => {
    expect(redactUrl(`/mcp?api_key=${KEY}&x=1#frag`)).toBe('/mcp?api_key=[REDACTED]&x=1#frag');
    expect(redactUrl('/cb?state=s&code=abc')).toBe('/cb?state=s&code=[REDACTED]');
    expect(redactUrl('/api/traces?page=2')).toBe('/api/traces?page=2');
  });

  it('redacts URLs and bare keys inside a JSON log line without breaking the JSON', () => {
    const line = `${JSON.stringify({
      msg: `Route GET:/x?api_key=${KEY} not found`,
      err: { message: `bad key ${KEY}`, stack: `Error: at /y?API_KEY=${KEY}\n    at z` },
      role: 'cairn_app',
    })}\n`;
    const out = redactSecrets(line);
    expect(out).not.toContain(KEY.slice(6));
    expect(JSON.parse(out)).toEqual({
      msg: 'Route GET:/x?api_key=[REDACTED] not found',
      err: { message: 'bad key cairn_[REDACTED]', stack: 'Error: at /y?API_KEY=[REDACTED]\n    at z' },
      role: 'cairn_app',
    });
  });

  it('passes every written line through the redaction', () => {
    const written: string[] = [];
    redactingStream({ write: (l) => written.push(l) }).write(`{"msg":"${KEY}"}\n`);
    expect(written).toEqual(['{"msg":"cairn_[REDACTED]"}\n']);
  });
});
