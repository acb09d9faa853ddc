-- A search asks for every word as a prefix ('bakeri':*), so that an unfinished word finds the ad. GIN reads
-- every posting of a prefix before combining it with the other words: a count of four words, one of them in
-- 28% of the ads, read all of them (2-4 ms at 100,000 ads). Asked for as the whole lexemes that begin so,
-- GIN skips from the rarest word (~1 ms). Decision 37.
CREATE TABLE "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Every lexeme of every visible ad, never pruned (a lexeme no ad says any more only lengthens a query).
-- In byte order, so that two writers adding the same new lexemes wait for each other instead of deadlocking.
CREATE FUNCTION add_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT l FROM unnest(tsvector_to_array(NEW.search_vector)) AS l ORDER BY l COLLATE "C"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ad_search_add_lexemes AFTER INSERT OR UPDATE OF search_vector ON "ad_search"
  FOR EACH ROW EXECUTE FUNCTION add_search_lexemes();--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM ad_search
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The query with each prefix without a weight ('bakeri':*) replaced by the lexemes that begin so
-- (( 'bakeri' | 'bakerie' )): the same matches, as search_lexemes holds every lexeme of ad_search. A prefix
-- that begins more than 32 lexemes, or none, stays as it is. Not for ranking: ts_rank scores an OR of
-- lexemes unlike a prefix. One statement (PL/pgSQL keeps its plan) with constant patterns (compiled once).
CREATE FUNCTION whole_words(query tsquery) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- The text form in pieces: each quoted lexeme with what follows it (:* for a prefix, weights), and the
  -- operators between. A quote inside a lexeme is doubled and a backslash escaped.
  RETURN (
    SELECT coalesce(string_agg(coalesce(whole.lexemes, piece.m[1]), '' ORDER BY piece.n), '')::tsquery
    FROM regexp_matches(query::text, '''(?:[^''\\]|''''|\\.)*''(?::[*A-D]+)?|[^'']+', 'g')
      WITH ORDINALITY AS piece(m, n)
    CROSS JOIN LATERAL (
      SELECT regexp_replace(replace(substring(piece.m[1] FROM '^''(.*)'':\*$'), '''''', ''''), '\\(.)', '\1', 'g')
        AS prefix
      OFFSET 0 -- once per piece, not once per lexeme compared with it
    ) AS unquoted
    LEFT JOIN LATERAL (
      SELECT '( ' || string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''', ' | ') || ' )'
        AS lexemes
      FROM (
        -- In byte order the lexemes that begin with the prefix come first from it.
        SELECT lexeme FROM search_lexemes WHERE lexeme >= unquoted.prefix ORDER BY lexeme LIMIT 33
      ) AS next
      WHERE starts_with(lexeme, unquoted.prefix)
      HAVING count(*) BETWEEN 1 AND 32
    ) AS whole ON true
  );
END;
$$;
