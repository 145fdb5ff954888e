// Real: the app through app.inject with a socket address and X-Forwarded-For; what the server
// takes as the client's address is what the sign-in limits count by.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp } from '../test-support/test-app.js';

async function clientIp(trust: string, remoteAddress: string, forwardedFor: string) {
  const t = await createTestApp(
    { TRUST_PROXY: trust },
    { beforeReady: (app) => void app.get('/test/ip', async (request) => ({ ip: request.ip })) },
  );
  try {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return (res.json() as { ip: string }).ip;
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY', { timeout: 300_000 }, () => {
  it('parses off, on, a hop count and an address/CIDR list, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ]);
    for (const bad of ['proxy.example', '10.0.0.0/33', '1.2.3.4/x', 'maybe'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('off: the socket address, whatever the header claims', async () => {
    expect(await clientIp('false', '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9');
  });

  it('a hop count believes only that many proxies: a forged left-most entry is ignored', async () => {
    // Client forged "6.6.6.6"; the one proxy (on this machine) appended the address it saw.
    expect(await clientIp('1', '127.0.0.1', '6.6.6.6, 203.0.113.1')).toBe('203.0.113.1');
    expect(await clientIp('1', '::ffff:127.0.0.1', '203.0.113.1')).toBe('203.0.113.1');
    expect(await clientIp('2', '::1', '6.6.6.6, 203.0.113.1, 10.0.0.2')).toBe('203.0.113.1');
  });

  it('a hop count believes the header only from loopback: a client reaching Cairn directly is itself', async () => {
    expect(await clientIp('1', '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9');
    // A proxy in another container is named by address or range, not by a count.
    expect(await clientIp('1', '10.0.0.2', '203.0.113.1')).toBe('10.0.0.2');
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', '203.0.113.1')).toBe('203.0.113.1');
  });

  it('a CIDR list believes proxies inside it, and no one else', async () => {
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.1')).toBe('203.0.113.1');
    // A client reaching Cairn directly cannot choose its address.
    expect(await clientIp('10.0.0.0/8', '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9');
  });
});
