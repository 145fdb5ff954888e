-- Import jobs (docs/decisions/0019-import-export-formats.md). An uploaded file is read once into
-- import_job_items (one row per memory, with what the preview found); the job then runs in
-- chunks in the background, writing each item's outcome as it goes. The rows are the job's
-- durable state: a restart resumes at the first item without an outcome, and a re-run of the
-- same file finds every item already saved (content-hash dedup), so nothing is imported twice.
CREATE TABLE import_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('cairn', 'mcp-memory', 'mem0', 'markdown-zip', 'text')),
  file_name text,
  status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'running', 'done', 'cancelled')),
  skip_near_duplicates boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX import_jobs_user_idx ON import_jobs (user_id, created_at DESC);
-- The runner looks for work across users, oldest first.
CREATE INDEX import_jobs_running_idx ON import_jobs (created_at) WHERE status = 'running';
SELECT cairn_protect('import_jobs');

CREATE TABLE import_job_items (
  job_id uuid NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position integer NOT NULL,
  label text NOT NULL,
  -- The trace to save (ImportedTrace), or null when the item is invalid.
  payload jsonb,
  kind text NOT NULL CHECK (kind IN ('new', 'duplicate', 'near_duplicate', 'invalid')),
  outcome text CHECK (outcome IN ('imported', 'duplicate', 'failed', 'skipped')),
  detail text,
  trace_id uuid,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX import_job_items_pending_idx ON import_job_items (job_id, position) WHERE outcome IS NULL;
SELECT cairn_protect('import_job_items');
