import { z } from 'zod';
import { ProjectName } from './projects.js';

/**
 * API keys (ADR 0009): long-lived credentials for scripts, SDKs and MCP clients.
 * These schemas are the single source for validation, response shapes and the OpenAPI document.
 */

/** The permissions a key can carry; new keys get both unless told otherwise. */
export const API_KEY_PERMISSIONS = ['read:traces', 'write:traces'] as const;
export const DEFAULT_API_KEY_PERMISSIONS = ['read:traces', 'write:traces'] as const;

/** `cairn_` followed by 32 random base62 characters. */
export const API_KEY_PREFIX = 'cairn_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_PATTERN = /^cairn_[0-9A-Za-z]{32}$/;

/** Size limits, chosen in docs/decisions/0009-api-keys.md. */
export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Active (not revoked) keys per person. */
  perUserMax: 50,
  /** Characters of the key shown in lists: `cairn_` plus 6 of the random part. */
  visiblePrefixLength: 12,
} as const;

export const ApiKeyPermission = z.enum(API_KEY_PERMISSIONS, {
  error: `Permission must be one of: ${API_KEY_PERMISSIONS.join(', ')}`,
});
export type ApiKeyPermission = z.infer<typeof ApiKeyPermission>;

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, e.g. cairn_AbCdEf'),
    permissions: z.array(ApiKeyPermission),
    created_at: z.string().describe('ISO 8601'),
    last_used_at: z.string().nullable().describe('ISO 8601; updated at most once a minute'),
    expires_at: z
      .string()
      .nullable()
      .describe('ISO 8601; null: never expires. From then on the key gets 401 api_key_expired'),
    project: z
      .string()
      .nullable()
      .describe('The one project this key is limited to; null: the whole account (ADR 0029)'),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The list answer is a bare JSON array, as the original's `GET /.netlify/functions/api-keys`. */
export const ApiKeyList = z.array(ApiKeySchema);

const KeyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(API_KEY_LIMITS.nameMax, `Name must be at most ${API_KEY_LIMITS.nameMax} characters`);

/**
 * When a key stops working: an ISO 8601 date-time in the future, or null for never. Checked
 * against the server's clock when the request arrives, so a date already past is refused rather
 * than making a key that is dead on arrival.
 */
const ExpiresAt = z.iso
  .datetime({
    offset: true,
    error: 'expires_at must be an ISO 8601 date and time, e.g. 2027-01-31T23:59:59Z',
  })
  .refine((s) => Date.parse(s) > Date.now(), 'The expiry date must be in the future')
  .nullable()
  .describe('When the key stops working (ISO 8601, in the future), or null: never');

export const CreateApiKeyRequest = z.object({
  name: KeyName,
  permissions: z
    .array(ApiKeyPermission, { error: 'Permissions must be a list' })
    .min(1, 'Choose at least one permission')
    .transform((list) => [...new Set(list)])
    .optional()
    .describe('Defaults to read:traces and write:traces'),
  expires_at: ExpiresAt.optional(),
  project: ProjectName.optional().describe(
    "Limit the key to this project (by name): it then sees and touches only that project's traces, and its creates land there",
  ),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** Rename a key or change when it expires (null: never); the key itself never changes. */
export const UpdateApiKeyRequest = z
  .object({ name: KeyName.optional(), expires_at: ExpiresAt.optional() })
  .refine((o) => o.name !== undefined || o.expires_at !== undefined, {
    message: 'Nothing to update: send name or expires_at',
  })
  .meta({ id: 'UpdateApiKeyRequest' });
export type UpdateApiKeyRequest = z.input<typeof UpdateApiKeyRequest>;

export const ApiKeyIdParams = z.object({ id: z.string().max(100).describe('API key id (UUID)') });

/** The creation answer: the only time `key` is ever sent. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().describe('The full key. Shown once: save it now, it cannot be shown again.'),
}).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** `DELETE …/api-keys?id=…` (the original's shape). */
export const RevokeApiKeyQuery = z.object({
  id: z.string({ error: 'id is required' }).min(1, 'id is required'),
});

export const RevokeApiKeyResponse = z.object({ success: z.literal(true) });
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>;
