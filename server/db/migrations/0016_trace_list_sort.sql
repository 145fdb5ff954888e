-- The list can be sorted four ways (newest, oldest, most used, importance), with or without a
-- search. Equal use counts or importance go newest first; id breaks equal times, so pages never
-- overlap whatever the sort.
--
-- Oldest is the list index walked backwards (traces_user_list_idx), so it needs nothing new.
-- Most used and importance get an index each in the same shape as the list index, so a page of
-- the plain list is an index walk (a LIMIT/OFFSET read) whichever sort is chosen, and never a
-- sort of every active trace of the user.
CREATE INDEX traces_user_used_idx ON traces (user_id, is_active, access_count DESC, created_at DESC, id DESC);
-- Importance is text ('low', 'medium', 'high'); the rank is what sorts. The list query spells the
-- same expression (server/features/traces/list.repo.ts) so the planner matches this index.
CREATE INDEX traces_user_importance_idx ON traces (
  user_id, is_active,
  (CASE importance WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
  created_at DESC, id DESC);

-- The matching path (search term and/or tags) sorts the function's rows before the LIMIT, so
-- the function now returns the sort keys too: it already reads each matching row, so they cost
-- nothing, where a join back to traces for them would cost a lookup per match.
DROP FUNCTION cairn_trace_matches(text, text[], text);
CREATE FUNCTION cairn_trace_matches(term text, all_tags text[], only_category text)
RETURNS TABLE (id uuid, created_at timestamptz, access_count integer, importance_rank integer)
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
    'SELECT t.id, t.created_at, t.access_count,'
    || ' (CASE t.importance WHEN ''high'' THEN 3 WHEN ''medium'' THEN 2 ELSE 1 END)'
    || ' FROM traces t WHERE t.user_id = $1 AND t.is_active'
    || CASE WHEN term IS NULL THEN '' ELSE ' AND t.search_text LIKE $2' END
    || CASE WHEN all_tags IS NULL THEN '' ELSE ' AND t.tags @> $3' END
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND t.category = $4' END
    USING uid, pattern, all_tags, only_category;
END
$fn$;
REVOKE ALL ON FUNCTION cairn_trace_matches(text, text[], text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION cairn_trace_matches(text, text[], text) TO cairn_app;
