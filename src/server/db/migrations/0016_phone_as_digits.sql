-- A phone number as listeners type it: beside the number as written, its digits together, without a
-- country code (the last ten) and the local number (the last seven), so '5550101201', '+1 555 010 1201'
-- and '010 1201' find the ad whose phone is (555) 010-1201. One function for the vectors and the card's
-- headline (ads.repository.ts); immutable, as a generated column needs.
CREATE FUNCTION ad_phone_words(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(phone, '') || ' ' || d || ' ' || right(d, 10) || ' ' || right(d, 7)
  FROM (SELECT regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') AS d) AS digits
$$;
--> statement-breakpoint
-- One ALTER TABLE, as in migration 0015: its one rewrite stores the new vectors in the row.
ALTER TABLE "ads"
  DROP COLUMN "search_vector",
  DROP COLUMN "search_head",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(transcript, '')), 'D')) STORED,
  ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
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
-- The directory's count table (migration 0013) copies the full vector (its trigger already follows phone).
UPDATE ad_search SET search_vector = ads.search_vector FROM ads WHERE ads.id = ad_search.ad_id;
