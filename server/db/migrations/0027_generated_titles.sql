-- Every memory has a title (issue 29, ADR 0028): one written without a title gets one drawn from
-- its content. This marks such titles, so an edit of the content draws it again (a typed title is
-- never replaced). Untitled traces of earlier versions are titled by a background job at start.
ALTER TABLE traces ADD COLUMN title_generated boolean NOT NULL DEFAULT false;

-- A drawn title repeats the content's first words: search reads typed titles only, so a memory
-- ranks exactly as it did before it was titled (the full-text document below; the embedded text
-- in the embedding queue, features/embedding-queue/queue.repo.ts).
CREATE OR REPLACE FUNCTION traces_fulltext_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
BEGIN
  INSERT INTO trace_fulltext (trace_id, user_id, lexemes, tokens)
  SELECT d.id, d.user_id, d.doc, cairn_tsvector_tokens(d.doc)
    FROM (SELECT id, user_id,
                 cairn_search_document(CASE WHEN title_generated THEN NULL ELSE title END, content) AS doc
            FROM new_rows WHERE is_active) d;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION traces_fulltext_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  doc tsvector;
BEGIN
  IF NOT NEW.is_active THEN
    DELETE FROM trace_fulltext WHERE trace_id = NEW.id;
    RETURN NULL;
  END IF;
  doc := cairn_search_document(CASE WHEN NEW.title_generated THEN NULL ELSE NEW.title END, NEW.content);
  INSERT INTO trace_fulltext (trace_id, user_id, lexemes, tokens)
  VALUES (NEW.id, NEW.user_id, doc, cairn_tsvector_tokens(doc))
  ON CONFLICT (trace_id) DO UPDATE SET lexemes = EXCLUDED.lexemes, tokens = EXCLUDED.tokens;
  RETURN NULL;
END
$fn$;
