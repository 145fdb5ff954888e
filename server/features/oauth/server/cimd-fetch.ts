import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import type { MetadataClient } from './cimd.js';
import { guessPlatform, redirectUriMatches, redirectUriProblem } from './redirect-uris.js';

/**
 * Fetching a Client ID Metadata Document that is not one of the local copies. The client id is a
 * URL an anonymous caller chooses, so the fetch is a server-side request forgery risk (CIMD draft
 * §6): https only, DNS names only, every resolved address must be public (checked inside the
 * socket's own lookup, so a DNS answer cannot change between check and connect), no redirects,
 * at most 64 KB, 5 seconds in all.
 */
export const FETCH_LIMITS = { maxBytes: 64 * 1024, timeoutMs: 5_000 } as const;

export type FetchMetadataDocument = (clientId: string) => Promise<MetadataClient>;

/**
 * `message` is for the caller; `detail`, when set, only for the log. A failed fetch says the same
 * thing whatever went wrong: the reason (no such name, a non-public address, refused, a status)
 * would tell an anonymous caller which internal host names resolve (issue 26).
 */
export class MetadataDocumentError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export const FETCH_FAILED = 'The client metadata document could not be fetched';

// Special-purpose ranges (RFC 6890 and IANA registries): loopback, private, link-local, CGNAT,
// documentation, benchmarking, multicast, reserved. Everything not listed is public. Three lists,
// because a BlockList also applies IPv4-mapped IPv6 rules to IPv4 addresses.
const V4_NOT_PUBLIC = new BlockList();
const V6_NOT_PUBLIC = new BlockList();
const V4_MAPPED = new BlockList();
V4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  V4_NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 can reach private IPv4 space
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 embeds arbitrary IPv4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  V6_NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}

export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return !V4_NOT_PUBLIC.check(ip, 'ipv4');
  if (version !== 6) return false;
  // IPv4-mapped: judged by its IPv4 part when written dotted, refused in any other spelling.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  if (V4_MAPPED.check(ip, 'ipv6')) return false;
  return !V6_NOT_PUBLIC.check(ip, 'ipv6');
}

/** Shape rules for a client id URL (CIMD draft §3), checked before any network traffic. */
export function metadataUrlProblem(clientId: string): string | null {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'client_id is not a valid URL';
  }
  if (url.protocol !== 'https:') return 'A metadata document client_id must use https';
  if (url.username || url.password || clientId.includes('#'))
    return 'client_id must not contain credentials or a fragment';
  if (url.pathname === '/' || /\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length)))
    return 'client_id must have a path without dot segments';
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return 'client_id must use a DNS name, not an IP address';
  if (clientId.length > 2000) return 'client_id is too long';
  return null;
}

const Document = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(100).optional(),
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  grant_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  client_secret: z.unknown().optional(),
});

/** Validates a fetched document against the URL it came from. Throws MetadataDocumentError. */
export function parseMetadataDocument(clientId: string, json: unknown): MetadataClient {
  const parsed = Document.safeParse(json);
  if (!parsed.success) throw new MetadataDocumentError('The client metadata document is malformed');
  const doc = parsed.data;
  if (doc.client_id !== clientId)
    throw new MetadataDocumentError('The client metadata document names a different client_id');
  if (doc.client_secret !== undefined || (doc.token_endpoint_auth_method ?? 'none') !== 'none')
    throw new MetadataDocumentError(
      'Only public clients (token_endpoint_auth_method "none") may use a metadata document here',
    );
  const bad = doc.redirect_uris.map(redirectUriProblem).find((p) => p !== null);
  if (bad) throw new MetadataDocumentError(bad);
  const redirectUris = doc.redirect_uris;
  return {
    clientId,
    name: doc.client_name ?? new URL(clientId).hostname,
    platform: guessPlatform(redirectUris),
    redirectUris,
    grantTypes: doc.grant_types ?? ['authorization_code', 'refresh_token'],
    allowsRedirectUri: (uri) => redirectUris.some((r) => redirectUriMatches(r, uri)),
  };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup that refuses names resolving to any non-public address. */
export function guardedLookup(isAllowed: (ip: string) => boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !isAllowed(a.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
          code: 'ENOTPUBLIC',
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function createMetadataFetcher(
  opts: {
    isAllowedAddress?: (ip: string) => boolean;
    ca?: string;
    timeoutMs?: number;
    maxBytes?: number;
  } = {},
): FetchMetadataDocument {
  const isAllowed = opts.isAllowedAddress ?? isPublicAddress;
  const maxBytes = opts.maxBytes ?? FETCH_LIMITS.maxBytes;
  const timeoutMs = opts.timeoutMs ?? FETCH_LIMITS.timeoutMs;
  return async (clientId) => {
    const problem = metadataUrlProblem(clientId);
    if (problem) throw new MetadataDocumentError(problem);
    const body = await new Promise<string>((resolve, reject) => {
      const req = https.get(
        clientId,
        {
          lookup: guardedLookup(isAllowed) as never,
          headers: { accept: 'application/json', 'user-agent': 'Cairn-OAuth (client metadata)' },
          signal: AbortSignal.timeout(timeoutMs),
          agent: false,
          ...(opts.ca ? { ca: opts.ca } : {}),
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new MetadataDocumentError(FETCH_FAILED, `answered HTTP ${res.statusCode}`));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              req.destroy();
              reject(new MetadataDocumentError(FETCH_FAILED, `larger than ${maxBytes} bytes`));
            } else chunks.push(chunk);
          });
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        },
      );
      req.on('error', (err) => reject(new MetadataDocumentError(FETCH_FAILED, err.message)));
    });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new MetadataDocumentError('The client metadata document is not JSON');
    }
    return parseMetadataDocument(clientId, json);
  };
}
