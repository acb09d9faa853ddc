-- The ad's phone number joins what kind and where (weight B) in both search vectors: a listener may
-- remember the number an ad repeats ('555-010-1201' finds the ad whose phone is (555) 010-1201).
-- One ALTER TABLE, so the one rewrite it makes already stores the new vectors in the row (STORAGE MAIN,
-- as migration 0010 set for the old ones); dropping the columns dropped their indexes.
ALTER TABLE "ads"
  DROP COLUMN "search_vector",
  DROP COLUMN "search_head",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || coalesce(phone, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(transcript, '')), 'D')) STORED,
  ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || coalesce(phone, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
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
-- The directory's count table (migration 0013) copies the full vector: it follows the phone too.
DROP TRIGGER ads_sync_ad_search ON "ads";--> statement-breakpoint
CREATE TRIGGER ads_sync_ad_search AFTER INSERT OR UPDATE OF status, is_active, is_featured, category, location, phone, title, business_name, description, transcript ON "ads"
  FOR EACH ROW EXECUTE FUNCTION sync_ad_search();--> statement-breakpoint
UPDATE ad_search SET search_vector = ads.search_vector FROM ads WHERE ads.id = ad_search.ad_id;
