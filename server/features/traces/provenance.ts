import type { ActorKind, TraceActor } from '../../../contract/provenance.js';
import type { Principal } from '../../http/principal.js';

/**
 * Provenance (docs/decisions/0033-history-and-provenance.md): what wrote a trace, stored as a kind
 * and an id, named at read time. Names are not copied into the trace: a key renamed later shows
 * its new name, and one deleted says so instead of keeping a name nobody can look up.
 */
export type Origin = { via: ActorKind; id: string | null };

/** The writer a Principal stands for. An import job passes its own origin (importOrigin). */
export function originOf(principal: Principal): Origin {
  switch (principal.via) {
    case 'session':
      return { via: 'web', id: null };
    case 'api_key':
      return { via: 'api_key', id: principal.credentialId };
    case 'oauth':
      // The client, not the token: tokens rotate every hour, the assistant stays the same.
      return { via: 'oauth_client', id: principal.clientId ?? null };
  }
}

export const importOrigin = (jobId: string): Origin => ({ via: 'import', id: jobId });

/**
 * SQL for the display name of the writer in columns `via` / `id` of the row aliased `table`:
 * looked up among the owner's own keys, clients and import jobs (row-level security would hide
 * anyone else's anyway). A CASE, so each row runs at most one small key look-up, and only for its
 * kind. `id` is text (an OAuth client id is not a uuid), hence `id::text` on the uuid keys.
 */
export function actorNameSql(table: string, via: string, id: string): string {
  return `CASE ${table}.${via}
      WHEN 'api_key' THEN (SELECT k.name FROM api_keys k
                            WHERE k.user_id = ${table}.user_id AND k.id::text = ${table}.${id})
      WHEN 'oauth_client' THEN (SELECT c.name FROM oauth_clients c
                                 WHERE c.user_id = ${table}.user_id AND c.client_id = ${table}.${id} LIMIT 1)
      WHEN 'import' THEN (SELECT j.file_name FROM import_jobs j
                           WHERE j.user_id = ${table}.user_id AND j.id::text = ${table}.${id})
    END`;
}

/** What is shown when the name cannot be looked up (deleted, or an import job already erased). */
const FALLBACK_NAME: Record<ActorKind, string> = {
  web: 'web app',
  api_key: 'deleted API key',
  oauth_client: 'deleted OAuth client',
  import: 'import',
};

/** The contract's actor from the stored kind, id and looked-up name; null when not known. */
export function toActor(via: ActorKind | null, id: string | null, name: string | null): TraceActor | null {
  if (!via) return null;
  return { kind: via, id, name: name ?? FALLBACK_NAME[via] };
}
