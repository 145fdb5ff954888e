-- Near-duplicates of a trace, kept on the trace (ADR 0018): found on create (words, and meaning
-- when the model answered within create's budget) or by the embedding worker once the trace has
-- its vector. One row per pair and way found; the pair is read both ways (a ↔ b), and rows of
-- a deleted trace go with it. Derived data: the worker writes 'meaning' rows again when a
-- trace's text is embedded again.
CREATE TABLE trace_similar (
  trace_id uuid NOT NULL REFERENCES traces (id) ON DELETE CASCADE,
  similar_id uuid NOT NULL REFERENCES traces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  found_by text NOT NULL CHECK (found_by IN ('words', 'meaning')),
  similarity real NOT NULL CHECK (similarity >= 0 AND similarity <= 1),
  found_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trace_id, similar_id, found_by),
  CHECK (trace_id <> similar_id)
);
SELECT cairn_protect('trace_similar');
CREATE INDEX trace_similar_similar_idx ON trace_similar (similar_id);
