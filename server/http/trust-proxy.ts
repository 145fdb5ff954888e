import { isIP } from 'node:net';
import type { TrustProxy } from '../config.js';

/**
 * TRUST_PROXY as Fastify takes it. A hop count believes the `hops` proxies nearest to us, but
 * only when the direct peer is on this machine (loopback): a count says nothing about where the
 * proxy is, and a client that reaches Cairn directly would otherwise name its own address in
 * X-Forwarded-For and escape the sign-in limits (issue 26). A proxy elsewhere (another container,
 * another host) is named by address or range in the list form. Fastify (proxy-addr) asks about
 * hop 0, the socket's peer, first, and stops at the first hop it may not believe.
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (address: string, hop: number) => hop < trust && (hop > 0 || isLoopback(address));
}

export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
