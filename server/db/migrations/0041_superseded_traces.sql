-- Memories that change (docs/decisions/0034-superseded-memories.md): a trace replaced by a newer
-- one is marked superseded, never deleted. It leaves search and the briefing by default and stays
-- in the list, its detail page saying what replaced it. Every existing trace stays current.
--
-- `superseded_at` is the state (set: superseded); `superseded_by` the link to the replacement,
-- which may be erased later (a deleted trace is purged after 30 days): the older trace then stays
-- superseded, "replaced by a memory since deleted", until the person marks it current again.
ALTER TABLE traces ADD COLUMN superseded_at timestamptz;
ALTER TABLE traces ADD COLUMN superseded_by uuid;
-- The target of the composite foreign key: a trace can only be replaced by one of its owner's.
ALTER TABLE traces ADD CONSTRAINT traces_user_id_id_key UNIQUE (user_id, id);
ALTER TABLE traces ADD CONSTRAINT traces_superseded_by_fkey FOREIGN KEY (user_id, superseded_by)
  REFERENCES traces (user_id, id) ON DELETE SET NULL (superseded_by);
ALTER TABLE traces ADD CONSTRAINT traces_superseded_by_other CHECK (superseded_by <> id);
ALTER TABLE traces ADD CONSTRAINT traces_superseded_link_has_state
  CHECK (superseded_by IS NULL OR superseded_at IS NOT NULL);
-- "What does this trace replace?" on its detail page.
CREATE INDEX traces_superseded_by_idx ON traces (superseded_by) WHERE superseded_by IS NOT NULL;
