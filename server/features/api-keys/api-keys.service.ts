import type { FastifyBaseLogger } from 'fastify';
import {
  API_KEY_LIMITS,
  API_KEY_PERMISSIONS,
  type ApiKey,
  type ApiKeyPermission,
  type CreatedApiKey,
  CreateApiKeyRequest,
  DEFAULT_API_KEY_PERMISSIONS,
  UpdateApiKeyRequest,
} from '../../../contract/api-keys.js';
import { isUuid, type Db, type Tx } from '../../db/db.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { type Principal, requireSession, SCOPES, type Scope } from '../../http/principal.js';
import type { Secrets } from '../../security/secrets.js';
import { constantTimeEqual } from '../../security/tokens.js';
import { generateApiKey, hashApiKey, isWellFormedApiKey, visiblePrefix } from './api-key-tokens.js';
import { type ApiKeyRow, apiKeysRepo } from './api-keys.repo.js';
import type { ProjectsService } from '../projects/projects.service.js';

/** last_used_at is shown to people, not billed on: once a minute is precise enough and spares writes. */
export const LAST_USED_RESOLUTION_MS = 60_000;

// The contract's permission list and the server's scope list must stay one and the same.
const _samePermissions: readonly Scope[] = API_KEY_PERMISSIONS;
const _sameScopes: readonly ApiKeyPermission[] = SCOPES;

export function createApiKeysService(deps: {
  db: Db;
  secrets: Secrets;
  log: FastifyBaseLogger;
  /** Resolves the project a key is limited to (ADR 0029). */
  projects: Pick<ProjectsService, 'forWrite'>;
}) {
  const { db, log } = deps;
  const hmacKey = deps.secrets.derive('api-key-hash');

  /** Keys are managed by the person in the web app; a key must never mint or revoke keys. */
  const requireSignedIn = (principal: Principal) =>
    requireSession(
      principal,
      'API keys can only be managed while signed in to the web app, not with an API key or OAuth token',
    );

  return {
    async list(principal: Principal): Promise<ApiKey[]> {
      requireSignedIn(principal);
      const rows = await db.asUser(principal.userId, (tx) => apiKeysRepo.listActive(tx, principal.userId));
      return rows.map(toApiKey);
    },

    /** Keys of this person used at least once: the dashboard's "Integrations" tile counts them. */
    async countUsed(userId: string): Promise<number> {
      return db.asUser(userId, (tx) => apiKeysRepo.countUsed(tx, userId));
    },

    /** Creates a key; the answer is the only time the full key exists outside its holder. */
    async create(principal: Principal, input: CreateApiKeyRequest): Promise<CreatedApiKey> {
      requireSignedIn(principal);
      // The route validated already; other callers (CLI, tests) get the same rules from the same schema.
      const parsed = parseInput(CreateApiKeyRequest, input);
      const name = parsed.name;
      const permissions = parsed.permissions ?? [...DEFAULT_API_KEY_PERMISSIONS];
      const expiresAt = parsed.expires_at ? new Date(parsed.expires_at) : null;
      const key = generateApiKey();
      const row = await db.asUser(principal.userId, async (tx) => {
        await apiKeysRepo.lockOwner(tx, principal.userId);
        if ((await apiKeysRepo.countActive(tx, principal.userId)) >= API_KEY_LIMITS.perUserMax) {
          throw conflict(
            `You can have at most ${API_KEY_LIMITS.perUserMax} API keys. Revoke one you no longer use to create another.`,
            'api_key_limit_reached',
          );
        }
        // An unknown name is a 400 naming `project`: a key is limited to a project that exists.
        const projectId = await deps.projects.forWrite(tx, principal, parsed.project, {
          create: false,
          isNew: false,
        });
        return apiKeysRepo.insert(tx, {
          projectId: projectId ?? null,
          userId: principal.userId,
          name,
          prefix: visiblePrefix(key),
          keyHash: hashApiKey(hmacKey, key),
          permissions,
          expiresAt,
        });
      });
      return { ...toApiKey(row), key };
    },

    /** Renames a key or moves its expiry (null: never); an expired key given a later date works again. */
    async update(principal: Principal, id: string, input: UpdateApiKeyRequest): Promise<ApiKey> {
      requireSignedIn(principal);
      const change = parseInput(UpdateApiKeyRequest, input);
      const row =
        isUuid(id) &&
        (await db.asUser(principal.userId, (tx) =>
          apiKeysRepo.update(tx, principal.userId, id, {
            name: change.name,
            expiresAt:
              change.expires_at === undefined
                ? undefined
                : change.expires_at === null
                  ? null
                  : new Date(change.expires_at),
          }),
        ));
      if (!row) throw notFound('API key not found');
      return toApiKey(row);
    },

    /** Revokes at once: the verifier reads the database on every request, there is no cache. */
    async revoke(principal: Principal, id: string): Promise<void> {
      requireSignedIn(principal);
      // A malformed id, an unknown id and someone else's key all look the same from outside.
      const revoked =
        isUuid(id) &&
        (await db.asUser(principal.userId, (tx) => apiKeysRepo.revoke(tx, principal.userId, id)));
      if (!revoked) throw notFound('API key not found');
    },

    /**
     * Every key of the user, in the caller's transaction: a password change "someone may have my
     * password" ends them with the new password (docs/decisions/0022). The caller has checked who
     * asks (the person's current password, or the owner at the CLI).
     */
    revokeAll(tx: Tx, userId: string): Promise<number> {
      return apiKeysRepo.revokeAll(tx, userId);
    },

    /**
     * The credential verifier: a well-formed, unrevoked, unexpired key becomes a Principal
     * carrying the key's permissions as scopes. An expired key is refused with its own 401
     * (`api_key_expired`, saying when): only its holder can present it, so saying so reveals
     * nothing, and the person fixing the script learns what to do. Anything else is null, so
     * every unknown or revoked key gets the same 401.
     */
    async verify(token: string): Promise<Principal | null> {
      if (!isWellFormedApiKey(token)) return null;
      const keyHash = hashApiKey(hmacKey, token);
      // Pre-authentication: nobody is known yet, so this one lookup runs as system, by hash only.
      const row = await db.asSystem((tx) => apiKeysRepo.findActiveByHash(tx, keyHash));
      if (!row || !constantTimeEqual(row.key_hash, keyHash)) return null;
      // A limited key whose project cannot be read must never pass as a whole-account key.
      if (row.project_id && !row.project) return null;
      if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw apiKeyExpired(row.expires_at);
      if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
        try {
          await db.asUser(row.user_id, (tx) => apiKeysRepo.touchLastUsed(tx, row.user_id, row.id));
        } catch (err) {
          // Bookkeeping only: a failed write must not turn a valid key away.
          log.warn({ err, apiKeyId: row.id }, 'could not record API key use');
        }
      }
      return {
        userId: row.user_id,
        via: 'api_key',
        scopes: row.permissions.filter(isScope),
        credentialId: row.id,
        ...(row.project_id && row.project ? { project: { id: row.project_id, name: row.project } } : {}),
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions.filter(isScope),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    project: row.project,
  };
}

/** 401 for an expired key: a stable code for programs, the date and the way out for people. */
export function apiKeyExpired(expiredAt: Date): AppError {
  return new AppError(
    401,
    'api_key_expired',
    `This API key expired on ${expiredAt.toISOString().slice(0, 10)}: create a new one, or give this one a later date, under Settings → API Keys`,
  );
}
