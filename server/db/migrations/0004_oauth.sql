-- OAuth 2.1 authorization server: clients, pending authorization requests, codes, tokens.
-- Every secret (client secret, request handle, code, access and refresh token) is stored only as
-- a SHA-256 hash; the plaintext exists once, in the answer that hands it out.

-- One row per client. Who owns it depends on how it came to be:
--   manual             created by a signed-in person on the OAuth Clients page (owner from the start);
--   dynamic            RFC 7591 registration: no owner until a person approves it for the first time;
--   metadata_document  a known Client ID Metadata Document (Claude, ChatGPT…): one row per person,
--                      created on that person's first approval, so deleting it revokes only their tokens.
CREATE TABLE oauth_clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id text NOT NULL,
  client_secret_hash text, -- NULL: a public client (PKCE only, token_endpoint_auth_method none)
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  platform text NOT NULL CHECK (platform IN ('claude', 'chatgpt', 'cursor', 'generic')),
  registered_via text NOT NULL CHECK (registered_via IN ('manual', 'dynamic', 'metadata_document')),
  token_endpoint_auth_method text NOT NULL
    CHECK (token_endpoint_auth_method IN ('client_secret_post', 'client_secret_basic', 'none')),
  redirect_uris text[] NOT NULL,
  grant_types text[] NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CHECK ((client_secret_hash IS NULL) = (token_endpoint_auth_method = 'none')),
  CHECK (registered_via = 'dynamic' OR user_id IS NOT NULL)
);
-- A metadata-document client id (an https URL) is shared by everyone who uses that app; every
-- other client id is unique.
CREATE UNIQUE INDEX oauth_clients_client_id_key ON oauth_clients (client_id)
  WHERE registered_via <> 'metadata_document';
CREATE UNIQUE INDEX oauth_clients_document_user_key ON oauth_clients (client_id, user_id)
  WHERE registered_via = 'metadata_document';
CREATE INDEX oauth_clients_user_idx ON oauth_clients (user_id);
CREATE INDEX oauth_clients_unclaimed_idx ON oauth_clients (created_at)
  WHERE registered_via = 'dynamic' AND user_id IS NULL;
SELECT cairn_protect('oauth_clients');

-- A validated /oauth/authorize request waiting for the person's decision on the consent page.
-- It has no user until someone decides (approve or deny); that person is recorded in user_id.
CREATE TABLE oauth_authorization_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  handle_hash text NOT NULL UNIQUE,
  client_id text NOT NULL,
  client_row_id uuid REFERENCES oauth_clients (id) ON DELETE CASCADE, -- NULL for metadata documents
  client_document jsonb, -- metadata documents: {name, platform, redirect_uris} as resolved at authorize
  redirect_uri text NOT NULL,
  redirect_uri_given boolean NOT NULL,
  scopes text[] NOT NULL,
  state text,
  code_challenge text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  decided_at timestamptz,
  decision text CHECK (decision IN ('approved', 'denied'))
);
CREATE INDEX oauth_authorization_requests_expires_idx ON oauth_authorization_requests (expires_at);
SELECT cairn_protect('oauth_authorization_requests');

-- Authorization codes (RFC 6749 §4.1.2: short-lived, single use). consumed_at marks the one
-- exchange; replayed_at marks a second attempt, which revokes every token issued from the code.
CREATE TABLE oauth_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash text NOT NULL UNIQUE,
  client_row_id uuid NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  redirect_uri_given boolean NOT NULL,
  scopes text[] NOT NULL,
  code_challenge text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  replayed_at timestamptz
);
CREATE INDEX oauth_codes_expires_idx ON oauth_codes (expires_at);
SELECT cairn_protect('oauth_codes');

-- Access and refresh tokens. The tokens of one grant share family_id: a refresh token presented
-- after it was rotated revokes the family (RFC 9700 §4.14.2), and so does revocation (RFC 7009).
CREATE TABLE oauth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  client_row_id uuid NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_id uuid REFERENCES oauth_codes (id) ON DELETE SET NULL,
  scopes text[] NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX oauth_tokens_family_idx ON oauth_tokens (family_id);
CREATE INDEX oauth_tokens_code_idx ON oauth_tokens (code_id);
CREATE INDEX oauth_tokens_client_idx ON oauth_tokens (client_row_id);
CREATE INDEX oauth_tokens_user_idx ON oauth_tokens (user_id);
CREATE INDEX oauth_tokens_expires_idx ON oauth_tokens (expires_at);
SELECT cairn_protect('oauth_tokens');
