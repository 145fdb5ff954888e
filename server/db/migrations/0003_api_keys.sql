-- API keys (ADR 0009): `cairn_` + 32 random base62 characters, shown once at creation.
-- Only a keyed hash of the key is stored (HMAC-SHA256, docs/decisions/0009-api-keys.md), plus a
-- short visible prefix so people can tell their keys apart. Revoking sets revoked_at; the
-- verifier ignores such rows from the very next request.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  prefix text NOT NULL,
  key_hash text NOT NULL,
  permissions text[] NOT NULL
    CHECK (cardinality(permissions) >= 1 AND permissions <@ ARRAY['read:traces', 'write:traces']::text[]),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- Authentication looks a key up by its hash alone (before anyone is known), so this is unique
-- across all users and covers revoked rows too: a hash can never be reissued.
CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash);
-- The settings page lists, counts and caps one person's active keys.
CREATE INDEX api_keys_user_active_idx ON api_keys (user_id, created_at) WHERE revoked_at IS NULL;
SELECT cairn_protect('api_keys');
