-- An entry of an import file that is not a memory and is left out on purpose (an attachment in a
-- notes archive, a path with ".." or an absolute one) is a line in the job's report of its own
-- kind, `skipped`, rather than vanishing or counting as an invalid memory (issue 26 item 6).
ALTER TABLE import_job_items DROP CONSTRAINT import_job_items_kind_check;
ALTER TABLE import_job_items ADD CONSTRAINT import_job_items_kind_check
  CHECK (kind IN ('new', 'duplicate', 'near_duplicate', 'invalid', 'skipped'));
