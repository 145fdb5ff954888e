// Real: DNS resolution, TLS, an HTTPS server on 127.0.0.1 with a throwaway self-signed
// certificate made by the openssl CLI (those tests skip when openssl is missing). Faked: the
// address policy, relaxed to let the fetcher reach that loopback server; the default policy is
// tested on its own against real lookups.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMetadataFetcher,
  FETCH_FAILED,
  isPublicAddress,
  MetadataDocumentError,
  metadataUrlProblem,
  parseMetadataDocument,
} from './cimd-fetch.js';

describe('client metadata document fetch: SSRF guards', () => {
  it('classifies addresses: only public unicast is allowed', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses client id URLs that are not https DNS names with a path', () => {
    expect(metadataUrlProblem('https://tools.example/client.json')).toBeNull();
    for (const url of [
      'http://tools.example/client.json',
      'https://tools.example/',
      'https://127.0.0.1/client.json',
      'https://[::1]/client.json',
      'https://u:p@tools.example/client.json',
      'https://tools.example/a/../client.json',
      'https://tools.example/client.json#x',
    ]) {
      expect(metadataUrlProblem(url), url).not.toBeNull();
    }
  });

  it('validates the document against the URL it came from', () => {
    const url = 'https://tools.example/client.json';
    const ok = parseMetadataDocument(url, { client_id: url, redirect_uris: ['https://tools.example/cb'] });
    expect(ok).toMatchObject({
      name: 'tools.example',
      platform: 'generic',
      redirectUris: ['https://tools.example/cb'],
    });
    expect(ok.allowsRedirectUri('https://tools.example/cb')).toBe(true);
    expect(ok.allowsRedirectUri('https://tools.example/cb2')).toBe(false);
    for (const doc of [
      { client_id: 'https://other.example/client.json', redirect_uris: ['https://tools.example/cb'] },
      { client_id: url, redirect_uris: [] },
      { client_id: url, redirect_uris: ['http://tools.example/cb'] },
      {
        client_id: url,
        redirect_uris: ['https://tools.example/cb'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      { client_id: url, redirect_uris: ['https://tools.example/cb'], client_secret: 'x' },
      'not an object',
    ]) {
      expect(() => parseMetadataDocument(url, doc), JSON.stringify(doc)).toThrow(MetadataDocumentError);
    }
  });

  it('the default fetcher refuses a name that resolves to loopback, before sending anything', async () => {
    const fetchDoc = createMetadataFetcher();
    await expect(fetchDoc('https://localhost/client.json')).rejects.toMatchObject({
      message: FETCH_FAILED,
      detail: expect.stringMatching(/non-public address/),
    });
    await expect(fetchDoc('http://tools.example/client.json')).rejects.toThrow(/https/);
  });

  it('says the same whether an internal name resolves or not; the reason is only in `detail`', async () => {
    const fetchDoc = createMetadataFetcher({ timeoutMs: 2000 });
    const failure = (url: string) =>
      fetchDoc(url).then(
        () => null,
        (err: MetadataDocumentError) => err,
      );
    const resolves = await failure('https://localhost/client.json');
    const doesNot = await failure('https://no-such-host.invalid/client.json');
    expect(resolves?.message).toBe(FETCH_FAILED);
    expect(doesNot?.message).toBe(FETCH_FAILED);
    expect(resolves?.detail).not.toBe(doesNot?.detail);
  });
});

function makeCertificate(): { key: string; cert: string } | null {
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-cert-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } catch {
    return null;
  }
}

const tls = makeCertificate();

describe.skipIf(!tls)('client metadata document fetch over real HTTPS', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer({ key: tls!.key, cert: tls!.cert }, (req, res) => {
      const url = `${base}${req.url}`;
      if (req.url === '/client.json') {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            client_id: url,
            client_name: 'Local',
            redirect_uris: ['https://local.example/cb'],
          }),
        );
      } else if (req.url === '/big.json') {
        res.end(JSON.stringify({ client_id: url, padding: 'x'.repeat(70 * 1024) }));
      } else if (req.url === '/redirect.json') {
        res.writeHead(302, { location: '/client.json' }).end();
      } else if (req.url === '/slow.json') {
        // never answers
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const relaxed = () =>
    createMetadataFetcher({ isAllowedAddress: () => true, ca: tls!.cert, timeoutMs: 500 });

  it('fetches and validates a document', async () => {
    const client = await relaxed()(`${base}/client.json`);
    expect(client).toMatchObject({ clientId: `${base}/client.json`, name: 'Local' });
  });

  it('refuses the same server under the default address policy', async () => {
    await expect(createMetadataFetcher({ ca: tls!.cert })(`${base}/client.json`)).rejects.toMatchObject({
      message: FETCH_FAILED,
      detail: expect.stringMatching(/non-public/),
    });
  });

  it('refuses documents over 64 KB, redirects, and servers that do not answer in time', async () => {
    const refused = (detail: RegExp) => ({ message: FETCH_FAILED, detail: expect.stringMatching(detail) });
    await expect(relaxed()(`${base}/big.json`)).rejects.toMatchObject(refused(/larger than 65536 bytes/));
    await expect(relaxed()(`${base}/redirect.json`)).rejects.toMatchObject(refused(/HTTP 302/));
    await expect(relaxed()(`${base}/slow.json`)).rejects.toMatchObject(refused(/abort|time/i));
  });
});
