-- The list can be filtered by importance (the web app's filter bar, the Tags page's counts lead
-- there too). It goes through the matching path like a search term or tags do, so the function
-- that path reads takes the importance as a fourth filter. Filtering on the same rank expression
-- as traces_user_importance_idx (0016) lets the planner walk that index for it, newest first
-- within one importance, as the list's default sort wants.
DROP FUNCTION cairn_trace_matches(text, text[], text);
CREATE FUNCTION cairn_trace_matches(term text, all_tags text[], only_category text, only_importance text)
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
    USING uid, pattern, all_tags, only_category, rank;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_trace_matches(text, text[], text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_trace_matches(text, text[], text, text) TO cairn_app;
