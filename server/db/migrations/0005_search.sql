-- Hybrid search (docs/decisions/0008-hybrid-search.md): a full-text index with the
-- statistics a BM25-style ranking needs, vectors stored with their model and dimension, and the
-- durable queue that computes them. Every table holds user data: cairn_protect() on each.

-- ── Full text ────────────────────────────────────────────────────────────────────────────────
-- The document a trace is searched by: title (weight A) and content (weight B), English stemming
-- and stop words. IMMUTABLE so the same expression can be used anywhere; 'english' is fixed so
-- both engines produce the same lexemes whatever their default configuration.
CREATE FUNCTION cairn_search_document(title text, content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, public AS $fn$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B')
$fn$;

-- Number of token positions: BM25's document length.
CREATE FUNCTION cairn_tsvector_tokens(doc tsvector) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, public AS $fn$
  SELECT coalesce(sum(coalesce(cardinality(positions), 1)), 0)::integer FROM unnest(doc)
$fn$;

-- One row per ACTIVE trace (a soft delete removes it, a restore puts it back). A table of its own
-- rather than a generated column on traces: traces keeps rows of up to ~8 kB inline and
-- uncompressed for the list's LIKE recheck (ADR 0005), and a tsvector beside content and
-- search_text would push long notes back into compression.
CREATE TABLE trace_fulltext (
  trace_id uuid PRIMARY KEY REFERENCES traces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lexemes tsvector NOT NULL,
  tokens integer NOT NULL
);
SELECT cairn_protect('trace_fulltext');
-- Uncompressed and inline up to ~8 kB: every score computation tests the tsvector several times,
-- and each test would decompress it again.
ALTER TABLE trace_fulltext ALTER COLUMN lexemes SET STORAGE MAIN;
ALTER TABLE trace_fulltext SET (toast_tuple_target = 8160);
CREATE INDEX trace_fulltext_lexemes_idx ON trace_fulltext USING gin (lexemes);
CREATE INDEX trace_fulltext_user_idx ON trace_fulltext (user_id);

-- Per-user document frequencies and corpus size: the IDF and average length of BM25. PostgreSQL's
-- own ts_rank has no IDF, and a natural-language question ORs its words together, so without IDF
-- a name that is in half the notes weighs as much as the one rare word that matters.
CREATE TABLE fulltext_terms (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  df integer NOT NULL,
  PRIMARY KEY (user_id, lexeme)
);
SELECT cairn_protect('fulltext_terms');
CREATE TABLE fulltext_corpus (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  documents integer NOT NULL DEFAULT 0,
  tokens bigint NOT NULL DEFAULT 0
);
SELECT cairn_protect('fulltext_corpus');

-- traces → trace_fulltext. Inserts one statement at a time (a bulk import is one INSERT here,
-- not one per row). Edits row by row, and only when the text or the active state changed: an
-- UPDATE trigger cannot have both a column list and transition tables, and a statement trigger
-- would run on every access-count increment of a search result.
CREATE FUNCTION traces_fulltext_inserted() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
BEGIN
  INSERT INTO trace_fulltext (trace_id, user_id, lexemes, tokens)
  SELECT d.id, d.user_id, d.doc, cairn_tsvector_tokens(d.doc)
    FROM (SELECT id, user_id, cairn_search_document(title, content) AS doc
            FROM new_rows WHERE is_active) d;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER traces_fulltext_insert AFTER INSERT ON traces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traces_fulltext_inserted();

CREATE FUNCTION traces_fulltext_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  doc tsvector;
BEGIN
  IF NOT NEW.is_active THEN
    DELETE FROM trace_fulltext WHERE trace_id = NEW.id;
    RETURN NULL;
  END IF;
  doc := cairn_search_document(NEW.title, NEW.content);
  INSERT INTO trace_fulltext (trace_id, user_id, lexemes, tokens)
  VALUES (NEW.id, NEW.user_id, doc, cairn_tsvector_tokens(doc))
  ON CONFLICT (trace_id) DO UPDATE SET lexemes = EXCLUDED.lexemes, tokens = EXCLUDED.tokens;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER traces_fulltext_update AFTER UPDATE OF title, content, is_active ON traces
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
        OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION traces_fulltext_changed();

-- trace_fulltext → fulltext_terms / fulltext_corpus: one aggregated upsert per statement. Rows are
-- written in (user_id, lexeme) order so two concurrent writers lock them in the same order (no
-- deadlock). The join with users skips a user being deleted in this transaction (the cascade
-- removes their statistics anyway; inserting them again would break the foreign key).
CREATE FUNCTION fulltext_maintain_stats() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, user_id, lexemes, tokens FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, user_id, lexemes, tokens FROM old_rows'
    ELSE 'SELECT 1 AS sign, user_id, lexemes, tokens FROM new_rows
          UNION ALL SELECT -1, user_id, lexemes, tokens FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO fulltext_terms AS t (user_id, lexeme, df)
    SELECT d.user_id, d.lexeme, d.delta
      FROM (SELECT user_id, lexeme, sum(sign)::integer AS delta
              FROM (SELECT c.sign, c.user_id, unnest(tsvector_to_array(c.lexemes)) AS lexeme
                      FROM (%s) c) x
             GROUP BY user_id, lexeme HAVING sum(sign) <> 0) d
      JOIN users u ON u.id = d.user_id
     ORDER BY d.user_id, d.lexeme
    ON CONFLICT (user_id, lexeme) DO UPDATE SET df = t.df + EXCLUDED.df
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO fulltext_corpus AS s (user_id, documents, tokens)
    SELECT d.user_id, d.documents, d.tokens
      FROM (SELECT user_id, sum(sign)::integer AS documents, sum(sign * tokens)::bigint AS tokens
              FROM (%s) c GROUP BY user_id) d
      JOIN users u ON u.id = d.user_id
     ORDER BY d.user_id
    ON CONFLICT (user_id) DO UPDATE
      SET documents = s.documents + EXCLUDED.documents, tokens = s.tokens + EXCLUDED.tokens
  $sql$, changed);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER trace_fulltext_stats_insert AFTER INSERT ON trace_fulltext
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fulltext_maintain_stats();
CREATE TRIGGER trace_fulltext_stats_update AFTER UPDATE ON trace_fulltext
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fulltext_maintain_stats();
CREATE TRIGGER trace_fulltext_stats_delete AFTER DELETE ON trace_fulltext
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fulltext_maintain_stats();

-- The full-text arm of search: the current user's active traces ranked by a BM25-style score
-- (Robertson & Zaragoza 2009) over the query's lexemes, joined by OR.
--   score = Σ idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·tokens/avgdl))
--   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)), N and df from fulltext_corpus / fulltext_terms.
-- tf is per field rather than per occurrence (BM25F-like): 1 if the lexeme is in the content,
-- title_weight if it is in the title. Memory notes are short, and a presence test is a binary
-- search in the tsvector where counting occurrences means unnesting all of it; with tf taking
-- three values the score of a term is a CASE over two @@ tests, with no sub-query per row.
-- Candidates: the notes holding the query's rarest lexemes, taken rarest first while their
-- document frequencies add up to at most candidate_budget. A lexeme in thousands of notes adds
-- little to any score (its idf is near zero) but would cost a score computation per note; it
-- still counts in the score of the candidates that contain it. When even the rarest lexeme is
-- too common, candidates must hold several of them at once (AND, rarest first, until the
-- expected count — independence assumed — is within the budget), and at most 4 × budget rows are
-- scored whatever happens.
-- SECURITY DEFINER for the reason cairn_trace_matches is (0002): under row-level security
-- PostgreSQL does not use the GIN index for the non-leakproof @@. No user id is taken: it reads
-- app.user_id like the policies, so outside asUser it returns nothing.
CREATE FUNCTION cairn_fulltext_search(
  query text, max_results integer, only_category text, all_tags text[], only_importance text,
  k1 float8, b float8, title_weight float8, candidate_budget integer)
RETURNS TABLE (id uuid, score float8)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  uid uuid := NULLIF(current_setting('app.user_id', true), '')::uuid;
  n float8;
  avgdl float8;
  term record;
  chosen text[] := '{}';
  total bigint := 0;
  expected float8 := 1;
  conjunctive boolean := false;
  terms text[] := '{}';
  candidates tsquery;
BEGIN
  IF uid IS NULL OR query IS NULL THEN
    RETURN;
  END IF;
  SELECT c.documents, greatest(c.tokens::float8 / greatest(c.documents, 1), 1) INTO n, avgdl
    FROM fulltext_corpus c WHERE c.user_id = uid;
  IF n IS NULL OR n <= 0 THEN
    RETURN;
  END IF;
  FOR term IN
    SELECT t.lexeme, t.df, ln(1 + (n - t.df + 0.5) / (t.df + 0.5)) AS idf
      FROM fulltext_terms t
     WHERE t.user_id = uid AND t.df > 0
       AND t.lexeme = ANY (tsvector_to_array(to_tsvector('english'::regconfig, query)))
     ORDER BY t.df, t.lexeme
  LOOP
    IF cardinality(chosen) = 0 THEN
      chosen := ARRAY[term.lexeme];
      total := term.df;
      expected := term.df;
      conjunctive := term.df > candidate_budget;
    ELSIF conjunctive AND expected > candidate_budget THEN
      chosen := chosen || term.lexeme;
      expected := expected * term.df / n;
    ELSIF NOT conjunctive AND total + term.df <= candidate_budget THEN
      chosen := chosen || term.lexeme;
      total := total + term.df;
    END IF;
    -- The term's score for its three possible tf values; `norm` is the length normalisation.
    terms := terms || format(
      'CASE WHEN f.lexemes @@ %L::tsquery THEN %s::float8 / (%s::float8 + %s::float8 * x.norm)'
      ' WHEN f.lexemes @@ %L::tsquery THEN %s::float8 / (1 + %s::float8 * x.norm) ELSE 0::float8 END',
      quote_literal(term.lexeme) || ':A', term.idf * (k1 + 1) * title_weight, title_weight, k1,
      quote_literal(term.lexeme), term.idf * (k1 + 1), k1);
  END LOOP;
  IF cardinality(chosen) = 0 THEN
    RETURN;
  END IF;
  candidates := array_to_string(ARRAY(SELECT quote_literal(l) FROM unnest(chosen) l),
                                CASE WHEN conjunctive THEN ' & ' ELSE ' | ' END)::tsquery;
  -- Filters join traces; without them trace_fulltext alone answers (it holds active traces only).
  RETURN QUERY EXECUTE
    'SELECT f.trace_id, ' || array_to_string(terms, ' + ') || ' AS score
       FROM (SELECT f.trace_id, f.lexemes, f.tokens FROM trace_fulltext f'
    || CASE WHEN only_category IS NULL AND all_tags IS NULL AND only_importance IS NULL THEN ''
            ELSE ' JOIN traces t ON t.id = f.trace_id AND t.is_active' END
    || ' WHERE f.user_id = $1 AND f.lexemes @@ $2'
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND t.category = $6' END
    || CASE WHEN all_tags IS NULL THEN '' ELSE ' AND t.tags @> $7' END
    || CASE WHEN only_importance IS NULL THEN '' ELSE ' AND t.importance = $8' END
    || ' LIMIT $9) f
       CROSS JOIN LATERAL (SELECT 1 - $4 + $4 * f.tokens::float8 / $5 AS norm) x
      ORDER BY score DESC, f.trace_id LIMIT $3'
    USING uid, candidates, max_results, b, avgdl, only_category, all_tags, only_importance,
          4 * candidate_budget;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_fulltext_search(text, integer, text, text[], text, float8, float8, float8, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_fulltext_search(text, integer, text, text[], text, float8, float8, float8, integer) TO cairn_app;

-- Traces that exist before this migration.
INSERT INTO trace_fulltext (trace_id, user_id, lexemes, tokens)
SELECT d.id, d.user_id, d.doc, cairn_tsvector_tokens(d.doc)
  FROM (SELECT id, user_id, cairn_search_document(title, content) AS doc FROM traces WHERE is_active) d;

-- ── Vectors ──────────────────────────────────────────────────────────────────────────────────
-- One vector per trace, from whichever model embedded it last. The column is an untyped
-- `vector` so any model fits; HNSW needs a fixed dimension, so there is one partial expression
-- index per common dimension (384: MiniLM/bge-small, 512: the bundled USE-lite, 768: nomic/bge-base,
-- 1024: bge-large/mxbai, 1536: OpenAI small). An empty partial index costs nothing. Other
-- dimensions are searched by exact scan (fine for thousands of traces, slow for 100k).
CREATE TABLE trace_embeddings (
  trace_id uuid PRIMARY KEY REFERENCES traces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  model text NOT NULL,
  dimension integer NOT NULL CHECK (dimension > 0),
  embedding vector NOT NULL CHECK (vector_dims(embedding) = dimension),
  -- md5 of the exact text embedded: a worker whose text changed while it embedded writes nothing.
  text_md5 text NOT NULL,
  embedded_at timestamptz NOT NULL DEFAULT now()
);
-- Keep vectors inline (a 512-d vector is 2 kB, just past the default toast threshold, and
-- pgvector's type defaults to out-of-line storage): an exact scan then reads no TOAST.
ALTER TABLE trace_embeddings ALTER COLUMN embedding SET STORAGE MAIN;
ALTER TABLE trace_embeddings SET (toast_tuple_target = 8160);
SELECT cairn_protect('trace_embeddings');
CREATE INDEX trace_embeddings_user_model_idx ON trace_embeddings (user_id, model);
CREATE INDEX trace_embeddings_hnsw_384 ON trace_embeddings
  USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimension = 384;
CREATE INDEX trace_embeddings_hnsw_512 ON trace_embeddings
  USING hnsw ((embedding::vector(512)) vector_cosine_ops) WHERE dimension = 512;
CREATE INDEX trace_embeddings_hnsw_768 ON trace_embeddings
  USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dimension = 768;
CREATE INDEX trace_embeddings_hnsw_1024 ON trace_embeddings
  USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE dimension = 1024;
CREATE INDEX trace_embeddings_hnsw_1536 ON trace_embeddings
  USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE dimension = 1536;

-- ── The embedding queue ──────────────────────────────────────────────────────────────────────
-- A row per trace whose vector is missing or stale, written in the same transaction as the trace
-- (so a crash can never leave a trace without either a vector or a job). Workers claim rows with
-- FOR UPDATE SKIP LOCKED and a lease (claimed_until), so several instances share the queue and a
-- crashed instance's claims expire; failures move run_after forward (backoff) and keep the row.
CREATE TABLE embedding_jobs (
  trace_id uuid PRIMARY KEY REFERENCES traces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  enqueued_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped by every re-enqueue: a worker that claimed an older version neither deletes nor
  -- penalises the newer one.
  version integer NOT NULL DEFAULT 1
);
SELECT cairn_protect('embedding_jobs');
CREATE INDEX embedding_jobs_due_idx ON embedding_jobs (run_after);

-- ── Near-duplicates on create ────────────────────────────────────────────────────────────────
-- Active traces of the current user whose text is close to a new one's: trigram similarity of
-- title + content (the lower-cased form of traces.search_text) of at least min_similarity.
-- Comparing the new text with every trace is out of the question, and so is the trigram index:
-- on 100k notes a `%` or `<%` probe with a note's worth of trigrams selects thousands of
-- candidates (common trigrams are everywhere) and rechecks each (4–19 s on PGlite, ADR 0008).
-- Near-duplicates share their rare words, so candidates come from the full-text index: the
-- traces holding the new text's rarest lexemes (the user's own document frequencies), as many
-- of them as fit a budget of 500 postings, or all of the three rarest when even one is common.
-- The 20 sharing most of the eight rarest lexemes are compared in full with similarity().
-- SECURITY DEFINER for the same reason as cairn_trace_matches; reads app.user_id.
CREATE FUNCTION cairn_similar_traces(new_title text, new_content text, min_similarity real, max_results integer)
RETURNS TABLE (id uuid, title text, excerpt text, similarity real)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  uid uuid := NULLIF(current_setting('app.user_id', true), '')::uuid;
  doc text := lower(coalesce(new_title, '') || U&'\001F' || new_content);
  rare text[];
  dfs integer[];
  chosen text[] := '{}';
  total integer := 0;
  joiner text := ' | ';
  shared text;
BEGIN
  IF uid IS NULL OR new_content IS NULL THEN
    RETURN;
  END IF;
  SELECT array_agg(t.lexeme ORDER BY t.df, t.lexeme), array_agg(t.df ORDER BY t.df, t.lexeme) INTO rare, dfs
    FROM (SELECT s.lexeme, s.df FROM fulltext_terms s
           WHERE s.user_id = uid AND s.df > 0
             AND s.lexeme = ANY (tsvector_to_array(cairn_search_document(new_title, new_content)))
           ORDER BY s.df, s.lexeme LIMIT 8) t;
  IF rare IS NULL THEN
    RETURN;
  END IF;
  IF dfs[1] > 500 THEN
    chosen := rare[1:3];
    joiner := ' & ';
  ELSE
    FOR i IN 1 .. cardinality(rare) LOOP
      EXIT WHEN total + dfs[i] > 500;
      chosen := chosen || rare[i];
      total := total + dfs[i];
    END LOOP;
  END IF;
  SELECT string_agg(format('(f.lexemes @@ %L::tsquery)::int', quote_literal(l)), ' + ') INTO shared
    FROM unnest(rare) l;
  RETURN QUERY EXECUTE format($q$
    SELECT t.id, t.title, left(t.content, 600), similarity(t.search_text, $3)
      FROM (SELECT f.trace_id, %s AS shared
              FROM trace_fulltext f
             WHERE f.user_id = $1 AND f.lexemes @@ $2
             ORDER BY shared DESC, f.trace_id LIMIT 20) c
      JOIN traces t ON t.id = c.trace_id
     WHERE c.shared * 2 >= $4 AND t.is_active AND similarity(t.search_text, $3) >= $5
     ORDER BY 4 DESC, t.created_at DESC, t.id
     LIMIT $6$q$, shared)
    USING uid, array_to_string(ARRAY(SELECT quote_literal(l) FROM unnest(chosen) l), joiner)::tsquery,
          doc, cardinality(rare), min_similarity, max_results;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_similar_traces(text, text, real, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_similar_traces(text, text, real, integer) TO cairn_app;
