-- History and provenance of traces (docs/decisions/0033-history-and-provenance.md). Every trace
-- written before this migration keeps its fields; its provenance is unknown (NULL, shown as
-- nothing) and it has no versions yet.

-- Who wrote a trace, as a kind and an id; names are read at read time from api_keys,
-- oauth_clients and import_jobs, so a renamed key shows its new name and a deleted one says so.
--   web           the web app (a session); no id
--   api_key       api_keys.id
--   oauth_client  oauth_clients.client_id (the text an assistant registers with; with user_id it
--                 names one row, including a metadata-document client's per-person row)
--   import        import_jobs.id
ALTER TABLE traces ADD COLUMN created_via text
  CHECK (created_via IN ('web', 'api_key', 'oauth_client', 'import'));
ALTER TABLE traces ADD COLUMN created_by_id text CHECK (char_length(created_by_id) <= 2000);
ALTER TABLE traces ADD COLUMN updated_via text
  CHECK (updated_via IN ('web', 'api_key', 'oauth_client', 'import'));
ALTER TABLE traces ADD COLUMN updated_by_id text CHECK (char_length(updated_by_id) <= 2000);

-- trace_versions' composite foreign key (a version can only belong to its owner's trace) targets
-- UNIQUE (user_id, id) on traces, added by 0041 (traces_user_id_id_key).

-- One row per edit: the trace as it was before the edit (the versioned fields), which fields the
-- edit changed, when and by whom. Numbered per trace from 1; at most TRACE_VERSIONS_KEPT (50,
-- server/features/traces/history.service.ts) are kept, the oldest pruned in the edit's transaction.
-- Erased with the trace's hard delete (retention, account deletion); a soft delete keeps them.
CREATE TABLE trace_versions (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  trace_id uuid NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  title text,
  title_generated boolean NOT NULL,
  content text NOT NULL,
  category text NOT NULL,
  importance text NOT NULL,
  tags text[] NOT NULL,
  changed_fields text[] NOT NULL CHECK (cardinality(changed_fields) >= 1),
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_via text CHECK (changed_via IN ('web', 'api_key', 'oauth_client', 'import')),
  changed_by_id text,
  PRIMARY KEY (trace_id, version),
  FOREIGN KEY (user_id, trace_id) REFERENCES traces (user_id, id) ON DELETE CASCADE
);
SELECT cairn_protect('trace_versions');
