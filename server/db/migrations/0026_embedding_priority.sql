-- Two lanes in the embedding queue (ADR 0025): a trace someone just wrote (priority 0) is embedded
-- before the bulk of an import or a re-index (priority 1), so a new memory is searchable by
-- meaning within a second even while thousands of imported ones wait.
ALTER TABLE embedding_jobs ADD COLUMN priority smallint NOT NULL DEFAULT 0;
DROP INDEX embedding_jobs_due_idx;
CREATE INDEX embedding_jobs_due_idx ON embedding_jobs (priority, run_after, trace_id);
