-- Import jobs are `staging` while their file is being read into items, and become `ready` (the
-- only status that can be started) once every item is in: a job whose reading stopped half-way
-- can never be started and end "done" with part of its file (issue 26). A job whose reading
-- failed after the upload was answered is `failed`, with the reason in `error` for the person.
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_status_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_status_check
  CHECK (status IN ('staging', 'ready', 'running', 'done', 'cancelled', 'failed'));
ALTER TABLE import_jobs ALTER COLUMN status SET DEFAULT 'staging';
ALTER TABLE import_jobs ADD COLUMN error text;
