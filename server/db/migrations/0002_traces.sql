-- Traces: one memory each, plus the per-day access log behind the dashboard chart.
-- Limits mirror contract/traces.ts TRACE_LIMITS; the server rejects over-limit input with a 400
-- before it gets here, so these CHECKs are only the last line (docs/decisions/0005).

CREATE TABLE traces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text CHECK (title IS NULL OR char_length(title) <= 200),
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 20000),
  category text NOT NULL DEFAULT 'context'
    CHECK (category IN ('personal', 'work', 'preference', 'fact', 'context')),
  importance text NOT NULL DEFAULT 'medium' CHECK (importance IN ('low', 'medium', 'high')),
  tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
  -- Retrievals by assistants and programs (not the owner's own views in the web app).
  access_count integer NOT NULL DEFAULT 0 CHECK (access_count >= 0),
  -- Which way in created it: web (session), api (API key / OAuth via REST), mcp, import.
  source text NOT NULL DEFAULT 'web' CHECK (source IN ('web', 'api', 'mcp', 'import')),
  -- SHA-256 hex of the normalised content (NFKC, trimmed, whitespace collapsed, lower-cased),
  -- computed by the server (traces/content-hash.ts) so both engines agree whatever their locale.
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- false = deleted (soft delete, so it can be restored); deleted_at says when, for a later purge.
  is_active boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  -- What the case-insensitive search matches: title and content, lower-cased once at write time
  -- so a search is a plain LIKE (about 3x cheaper per row than ILIKE, which lower-cases every
  -- candidate row on every query). U+001F between them cannot occur in a search term, so no
  -- match can span the boundary: a hit is always inside the title or inside the content.
  search_text text GENERATED ALWAYS AS (lower(coalesce(title, '') || U&'\001F' || content)) STORED
);
-- Rows up to ~8 kB stay inline and uncompressed (the default compresses past 2 kB): a search
-- rechecks search_text on every candidate row, and decompressing long notes was a quarter to a
-- third of the time of a search at 100k traces on PGlite (docs/decisions/0005).
ALTER TABLE traces SET (toast_tuple_target = 8160);
SELECT cairn_protect('traces');

-- The list: one user's active rows, newest first; id breaks created_at ties so
-- pages never overlap. Also serves the unfiltered count and "added in the last 24 hours".
CREATE INDEX traces_user_list_idx ON traces (user_id, is_active, created_at DESC, id DESC);
-- "tags contains all of these" (tags @> $1).
CREATE INDEX traces_tags_idx ON traces USING gin (tags);
-- Case-insensitive substring search on title or content: trigram GIN on search_text serves
-- LIKE '%term%' (docs/decisions/0005 compares it with GiST and per-column indexes).
CREATE INDEX traces_search_trgm_idx ON traces USING gin (search_text gin_trgm_ops);
-- Exact dedup: at most one active trace per user with the same normalised content. Inserts use
-- ON CONFLICT against it, so two identical creates racing each other still make one row.
CREATE UNIQUE INDEX traces_user_content_hash_key ON traces (user_id, content_hash) WHERE is_active;

-- Per-user counts of active traces (in total and per category) and the sum of their access
-- counts, kept by a statement-level trigger. count(*) over one user's 100k rows costs 45-90 ms
-- on PGlite, over the list's 20 ms budget; this row answers the unfiltered and category-only
-- list totals and the dashboard's Total Traces / AI Queries in one read (docs/decisions/0005).
CREATE TABLE trace_counters (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  active integer NOT NULL DEFAULT 0,
  personal integer NOT NULL DEFAULT 0,
  work integer NOT NULL DEFAULT 0,
  preference integer NOT NULL DEFAULT 0,
  fact integer NOT NULL DEFAULT 0,
  context integer NOT NULL DEFAULT 0,
  access_sum bigint NOT NULL DEFAULT 0
);
SELECT cairn_protect('trace_counters');

-- One aggregate UPDATE per statement (not per row), so a bulk import of 100k rows costs one
-- counter update rather than 100k versions of one row. Transition tables carry the rows.
CREATE FUNCTION traces_maintain_counters() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, user_id, is_active, category, access_count FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, user_id, is_active, category, access_count FROM old_rows'
    ELSE 'SELECT 1 AS sign, user_id, is_active, category, access_count FROM new_rows
          UNION ALL SELECT -1, user_id, is_active, category, access_count FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trace_counters (user_id) SELECT DISTINCT user_id FROM new_rows
    ON CONFLICT (user_id) DO NOTHING;
  END IF;
  EXECUTE format($sql$
    UPDATE trace_counters c
       SET active = c.active + d.active,
           personal = c.personal + d.personal,
           work = c.work + d.work,
           preference = c.preference + d.preference,
           fact = c.fact + d.fact,
           context = c.context + d.context,
           access_sum = c.access_sum + d.access_sum
      FROM (SELECT user_id,
                   sum(CASE WHEN is_active THEN sign ELSE 0 END) AS active,
                   sum(CASE WHEN is_active AND category = 'personal' THEN sign ELSE 0 END) AS personal,
                   sum(CASE WHEN is_active AND category = 'work' THEN sign ELSE 0 END) AS work,
                   sum(CASE WHEN is_active AND category = 'preference' THEN sign ELSE 0 END) AS preference,
                   sum(CASE WHEN is_active AND category = 'fact' THEN sign ELSE 0 END) AS fact,
                   sum(CASE WHEN is_active AND category = 'context' THEN sign ELSE 0 END) AS context,
                   sum(CASE WHEN is_active THEN sign * access_count::bigint ELSE 0 END) AS access_sum
              FROM (%s) changed GROUP BY user_id) d
     WHERE c.user_id = d.user_id
       AND (d.active, d.personal, d.work, d.preference, d.fact, d.context, d.access_sum)
           <> (0, 0, 0, 0, 0, 0, 0)
  $sql$, changed);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER traces_counters_insert AFTER INSERT ON traces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traces_maintain_counters();
CREATE TRIGGER traces_counters_update AFTER UPDATE ON traces
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION traces_maintain_counters();
CREATE TRIGGER traces_counters_delete AFTER DELETE ON traces
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION traces_maintain_counters();

-- The current user's active traces matching a text pattern, all of some tags and/or a category.
-- Why a SECURITY DEFINER function: under row-level security PostgreSQL will not evaluate a
-- non-leakproof operator (ILIKE, @>) inside an index scan ahead of the policy, so as cairn_app
-- the trigram and tags GIN indexes are unusable and a search reads the user's whole table
-- (~600 ms at 100k on PGlite). Run as the owner, the planner may use them. The function takes
-- no user id: it reads the same app.user_id as the policy and returns nothing outside asUser,
-- so it cannot reveal another user's rows. NULL arguments mean "no such filter".
CREATE FUNCTION cairn_trace_matches(term text, all_tags text[], only_category text)
RETURNS TABLE (id uuid, created_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  uid uuid := NULLIF(current_setting('app.user_id', true), '')::uuid;
  -- The term is literal: \ % _ are escaped so they match themselves (LIKE's escape is \).
  pattern text := '%' || replace(replace(replace(lower(term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
BEGIN
  IF uid IS NULL OR strpos(term, U&'\001F') > 0 THEN
    RETURN;
  END IF;
  -- Only the filters given are in the text, so each call is planned for its own conditions.
  RETURN QUERY EXECUTE
    'SELECT t.id, t.created_at FROM traces t WHERE t.user_id = $1 AND t.is_active'
    || CASE WHEN term IS NULL THEN '' ELSE ' AND t.search_text LIKE $2' END
    || CASE WHEN all_tags IS NULL THEN '' ELSE ' AND t.tags @> $3' END
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND t.category = $4' END
    USING uid, pattern, all_tags, only_category;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_trace_matches(text, text[], text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_trace_matches(text, text[], text) TO cairn_app;

-- Counted retrievals per user and UTC day: the dashboard's "AI queries per day" for 30 days.
CREATE TABLE trace_access_daily (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (user_id, day)
);
SELECT cairn_protect('trace_access_daily');
