-- Foundation: extensions, the application role, accounts, sessions, rate-limit counters.
-- Migrations are append-only: never edit a file once it has landed; add the next number.

CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The role every user-scoped transaction runs as (SET LOCAL ROLE). It has no BYPASSRLS, so the
-- row-level security policies below are a second lock behind the repositories' user_id filters.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cairn_app') THEN
    CREATE ROLE cairn_app NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
GRANT cairn_app TO CURRENT_USER;
GRANT USAGE ON SCHEMA public TO cairn_app;

-- cairn_protect(table): the one way a table holding user data is locked down.
--   * RLS enabled and FORCEd (the owner is subject to policies too);
--   * cairn_app sees and writes only rows whose user_column equals app.user_id;
--   * the owning role (migrations, pre-auth lookups, background workers) sees all rows.
CREATE OR REPLACE FUNCTION cairn_protect(tbl regclass, user_column text DEFAULT 'user_id')
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format(
    'CREATE POLICY cairn_user_rows ON %s TO cairn_app USING (%I = NULLIF(current_setting(''app.user_id'', true), '''')::uuid) WITH CHECK (%I = NULLIF(current_setting(''app.user_id'', true), '''')::uuid)',
    tbl, user_column, user_column);
  EXECUTE format('CREATE POLICY cairn_owner_all ON %s TO %I USING (true) WITH CHECK (true)', tbl, current_user);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO cairn_app', tbl);
END
$fn$;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
SELECT cairn_protect('users', 'id');

CREATE TABLE user_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
SELECT cairn_protect('user_settings');

-- One row per refresh token. Tokens of one sign-in share a family_id; a token that has been
-- rotated (rotated_at set) and is presented again revokes its whole family.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  user_agent text
);
CREATE INDEX auth_sessions_family_idx ON auth_sessions (family_id);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
SELECT cairn_protect('auth_sessions');

-- Fixed-window counters for rate limits, in the database so every instance shares them.
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);
