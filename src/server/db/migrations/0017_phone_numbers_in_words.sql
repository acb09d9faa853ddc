-- A phone number an ad says or writes, as listeners type it: '5550142' finds a transcript's 'Call 555-0142'
-- and '8005550199' its '1-800-555-0199'. Beside the words, the vectors of the description and the transcript
-- get the digits of each number in them (7 to 15 digits in groups, as search-query.ts reads a query's):
-- together, without a country code (the last ten) and the local number (the last seven), as ad_phone_words
-- does for the phone field (migration 0016). Immutable, as a generated column needs.
CREATE FUNCTION phone_words_in(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(d || ' ' || right(d, 10) || ' ' || right(d, 7), ' '), '')
  FROM (SELECT regexp_replace(m[1], '\D', '', 'g') AS d
        FROM regexp_matches(coalesce(body, ''), '\+?\(?\d[\d ().-]*\d\)?', 'g') AS m) AS runs
  WHERE length(d) BETWEEN 7 AND 15
$$;
--> statement-breakpoint
-- One ALTER TABLE, as in migrations 0015 and 0016: its one rewrite stores the new vectors in the row.
ALTER TABLE "ads"
  DROP COLUMN "search_vector",
  DROP COLUMN "search_head",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || phone_words_in(description)), 'C') || setweight(to_tsvector('english', coalesce(transcript, '') || ' ' || phone_words_in(transcript)), 'D')) STORED,
  ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || phone_words_in(description)), 'C')) STORED,
  ALTER COLUMN "search_vector" SET STORAGE MAIN,
  ALTER COLUMN "search_head" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "ads_search_vector_idx" ON "ads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ads_search_head_idx" ON "ads" USING gin ("search_head");--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE "ads" ALTER COLUMN "search_vector" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
--> statement-breakpoint
-- The directory's count table (migration 0013) copies the full vector.
UPDATE ad_search SET search_vector = ads.search_vector FROM ads WHERE ads.id = ad_search.ad_id;
