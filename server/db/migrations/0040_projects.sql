-- Projects (docs/decisions/0029-projects.md): a trace belongs to at most one project of its owner
-- (`acme/api`); one with none (project_id NULL) is personal and visible in every project. Every
-- trace written before this migration stays personal and unchanged.
CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  description text CHECK (char_length(description) <= 1000),
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The target of the composite foreign keys below: a trace or key can only name its owner's project.
  UNIQUE (user_id, id)
);
-- Names are unique per person whatever their case: `Acme/API` and `acme/api` are one project.
CREATE UNIQUE INDEX projects_user_name_key ON projects (user_id, lower(name));
SELECT cairn_protect('projects');

ALTER TABLE traces ADD COLUMN project_id uuid;
-- Deleting a project deals with its traces first (moved to personal or deleted, as the person
-- chooses); SET NULL (project_id) is the backstop, never a cascade that would lose memories.
ALTER TABLE traces ADD CONSTRAINT traces_project_fkey FOREIGN KEY (user_id, project_id)
  REFERENCES projects (user_id, id) ON DELETE SET NULL (project_id);
-- Pinned traces lead the session briefing (docs/decisions/0030-session-briefing.md).
ALTER TABLE traces ADD COLUMN pinned boolean NOT NULL DEFAULT false;
-- Per-project counts, the list filtered by project, and the briefing's walk over one scope.
CREATE INDEX traces_user_project_idx ON traces (user_id, project_id, created_at DESC, id DESC)
  WHERE is_active;

-- The briefing's lists (docs/decisions/0030-session-briefing.md): "most recent" walks the first;
-- the pinned and high-importance traces, a small share of a store, are read from the second
-- instead of scanning every trace of the person (its predicate is the briefing query's own).
CREATE INDEX traces_user_updated_idx ON traces (user_id, updated_at DESC, id) WHERE is_active;
CREATE INDEX traces_user_essential_idx ON traces (user_id, project_id)
  WHERE is_active AND (pinned OR importance = 'high');

-- An API key may be limited to one project (least privilege); NULL is the whole account. Deleting
-- the project deletes such keys: a key for a project that no longer exists must stop working.
ALTER TABLE api_keys ADD COLUMN project_id uuid;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_project_fkey FOREIGN KEY (user_id, project_id)
  REFERENCES projects (user_id, id) ON DELETE CASCADE;

-- The list's matching path learns the project scope: `scope_project` NULL is every trace; else
-- that project's traces, and personal ones too when `with_personal`.
DROP FUNCTION cairn_trace_matches(text, text[], text, text);
CREATE FUNCTION cairn_trace_matches(term text, all_tags text[], only_category text, only_importance text,
                                    scope_project uuid, with_personal boolean)
RETURNS TABLE (id uuid, created_at timestamptz, access_count integer, importance_rank integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  uid uuid := NULLIF(current_setting('app.user_id', true), '')::uuid;
  -- The term is literal: \ % _ are escaped so they match themselves (LIKE's escape is \).
  pattern text := '%' || replace(replace(replace(lower(term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  rank integer := CASE only_importance WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 END;
BEGIN
  IF uid IS NULL OR strpos(term, U&'\001F') > 0 THEN
    RETURN;
  END IF;
  -- Only the filters given are in the text, so each call is planned for its own conditions.
  RETURN QUERY EXECUTE
    'SELECT t.id, t.created_at, t.access_count,'
    || ' (CASE t.importance WHEN ''high'' THEN 3 WHEN ''medium'' THEN 2 ELSE 1 END)'
    || ' FROM traces t WHERE t.user_id = $1 AND t.is_active'
    || CASE WHEN term IS NULL THEN '' ELSE ' AND t.search_text LIKE $2' END
    || CASE WHEN all_tags IS NULL THEN '' ELSE ' AND t.tags @> $3' END
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND t.category = $4' END
    || CASE WHEN rank IS NULL THEN ''
       ELSE ' AND (CASE t.importance WHEN ''high'' THEN 3 WHEN ''medium'' THEN 2 ELSE 1 END) = $5' END
    || CASE WHEN scope_project IS NULL THEN ''
            WHEN with_personal THEN ' AND (t.project_id = $6 OR t.project_id IS NULL)'
            ELSE ' AND t.project_id = $6' END
    USING uid, pattern, all_tags, only_category, rank, scope_project;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_trace_matches(text, text[], text, text, uuid, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_trace_matches(text, text[], text, text, uuid, boolean) TO cairn_app;

-- The full-text arm of search learns the same scope (ADR 0029): within a project it ranks that
-- project's traces and personal ones, filtered inside the candidate scan like the other filters,
-- so another project's notes never take a place in the candidate budget. Otherwise as in 0005.
DROP FUNCTION cairn_fulltext_search(text, integer, text, text[], text, float8, float8, float8, integer);
CREATE FUNCTION cairn_fulltext_search(
  query text, max_results integer, only_category text, all_tags text[], only_importance text,
  k1 float8, b float8, title_weight float8, candidate_budget integer,
  scope_project uuid, with_personal boolean)
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
    || CASE WHEN only_category IS NULL AND all_tags IS NULL AND only_importance IS NULL
                 AND scope_project IS NULL THEN ''
            ELSE ' JOIN traces t ON t.id = f.trace_id AND t.is_active' END
    || ' WHERE f.user_id = $1 AND f.lexemes @@ $2'
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND t.category = $6' END
    || CASE WHEN all_tags IS NULL THEN '' ELSE ' AND t.tags @> $7' END
    || CASE WHEN only_importance IS NULL THEN '' ELSE ' AND t.importance = $8' END
    || CASE WHEN scope_project IS NULL THEN ''
            WHEN with_personal THEN ' AND (t.project_id = $10 OR t.project_id IS NULL)'
            ELSE ' AND t.project_id = $10' END
    || ' LIMIT $9) f
       CROSS JOIN LATERAL (SELECT 1 - $4 + $4 * f.tokens::float8 / $5 AS norm) x
      ORDER BY score DESC, f.trace_id LIMIT $3'
    USING uid, candidates, max_results, b, avgdl, only_category, all_tags, only_importance,
          4 * candidate_budget, scope_project;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_fulltext_search(text, integer, text, text[], text, float8, float8, float8, integer, uuid, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_fulltext_search(text, integer, text, text[], text, float8, float8, float8, integer, uuid, boolean) TO cairn_app;
