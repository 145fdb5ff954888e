-- A version for each user's full-text statistics, bumped by every statement that changes them,
-- so a cache of document frequencies knows when it is stale (ADR 0025). Same function as 0005's,
-- with the version added to the corpus upsert.
ALTER TABLE fulltext_corpus ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION fulltext_maintain_stats() RETURNS trigger
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
    INSERT INTO fulltext_corpus AS s (user_id, documents, tokens, version)
    SELECT d.user_id, d.documents, d.tokens, 1
      FROM (SELECT user_id, sum(sign)::integer AS documents, sum(sign * tokens)::bigint AS tokens
              FROM (%s) c GROUP BY user_id) d
      JOIN users u ON u.id = d.user_id
     ORDER BY d.user_id
    ON CONFLICT (user_id) DO UPDATE
      SET documents = s.documents + EXCLUDED.documents, tokens = s.tokens + EXCLUDED.tokens,
          version = s.version + 1
  $sql$, changed);
  RETURN NULL;
END
$fn$;
