import { sha256Hex } from '../../security/tokens.js';

/**
 * The normal form two contents are compared in for exact dedup: Unicode NFKC (so full-width and
 * compatibility characters equal their plain forms), whitespace runs collapsed to one space,
 * trimmed, lower-cased. Done here rather than in SQL so PGlite (C locale) and PostgreSQL (any
 * locale) agree: `lower()` in the C locale would leave non-ASCII letters alone.
 */
export function normaliseContent(content: string): string {
  return content.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** What traces.content_hash holds: SHA-256 hex of the normal form. */
export function contentHash(content: string): string {
  return sha256Hex(normaliseContent(content));
}
