import { z } from 'zod';
import type { OAuthPlatform } from '../../../../contract/oauth.js';
import chatgpt from './cimd/chatgpt.json' with { type: 'json' };
import claudeCode from './cimd/claude-code.json' with { type: 'json' };
import claude from './cimd/claude.json' with { type: 'json' };
import { isChatGptConnectorCallback, redirectUriMatches } from './redirect-uris.js';

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): the client id is an
 * https URL of a JSON document describing the client. Claude's and ChatGPT's documents sit behind
 * bot challenges when fetched from a data centre, so Cairn ships local copies of the known ones
 * (./cimd/*.json) and never fetches documents at run time: an unknown URL client id is refused.
 */
const Document = z.object({
  client_id: z.url(),
  client_name: z.string().min(1),
  redirect_uris: z.array(z.string()).min(1),
  grant_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
});

export type MetadataClient = {
  clientId: string;
  name: string;
  platform: OAuthPlatform;
  redirectUris: readonly string[];
  grantTypes: readonly string[];
  /** Registered URIs (with the loopback-port rule) plus any per-client rule below. */
  allowsRedirectUri(uri: string): boolean;
};

function load(
  raw: unknown,
  platform: OAuthPlatform,
  extraRule: (uri: string) => boolean = () => false,
): MetadataClient {
  const doc = Document.parse(raw);
  return {
    clientId: doc.client_id,
    name: doc.client_name,
    platform,
    redirectUris: doc.redirect_uris,
    grantTypes: doc.grant_types,
    allowsRedirectUri: (uri) => doc.redirect_uris.some((r) => redirectUriMatches(r, uri)) || extraRule(uri),
  };
}

const KNOWN = new Map(
  [
    load(claude, 'claude'),
    // Its loopback callbacks are port-less; the port Claude Code listens on is ephemeral, which
    // redirectUriMatches allows for loopback URIs (RFC 8252 §7.3).
    load(claudeCode, 'claude'),
    // Every ChatGPT connector has its own callback: see isChatGptConnectorCallback for the shape.
    load(chatgpt, 'chatgpt', isChatGptConnectorCallback),
  ].map((c) => [c.clientId, c]),
);

export function findMetadataClient(clientId: string): MetadataClient | undefined {
  return KNOWN.get(clientId);
}

/** A client id shaped like a metadata-document URL (whether or not we know it). */
export function looksLikeMetadataUrl(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

export const KNOWN_METADATA_CLIENT_IDS = [...KNOWN.keys()];
