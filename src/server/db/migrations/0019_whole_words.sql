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
-- lexemes unlike a prefix.
CREATE FUNCTION whole_words(query tsquery) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  result text := query::text;
  quoted text;
  prefix text;
  lexemes text[];
BEGIN
  -- The text form quotes a lexeme, doubling a quote and escaping a backslash; :* and no weight after it.
  FOR quoted IN
    SELECT DISTINCT m[1] FROM regexp_matches(result, '''((?:[^''\\]|''''|\\.)*)'':\*(?![A-D])', 'g') AS m
  LOOP
    prefix := regexp_replace(replace(quoted, '''''', ''''), '\\(.)', '\1', 'g');
    SELECT array_agg(lexeme) INTO lexemes FROM (
      SELECT lexeme FROM search_lexemes
      WHERE lexeme >= prefix AND lexeme < prefix || chr(1114111)
      ORDER BY lexeme LIMIT 33
    ) AS begins;
    CONTINUE WHEN lexemes IS NULL OR cardinality(lexemes) > 32;
    result := regexp_replace(
      result,
      '''' || regexp_replace(quoted, '([^[:alnum:]])', '\\\1', 'g') || ''':\*(?![A-D])',
      '( ' || (
        SELECT string_agg('''' || replace(replace(replace(l, '\', '\\'), '''', ''''''), '\', '\\') || '''', ' | ')
        FROM unnest(lexemes) AS l
      ) || ' )',
      'g');
  END LOOP;
  RETURN result::tsquery;
END;
$$;
