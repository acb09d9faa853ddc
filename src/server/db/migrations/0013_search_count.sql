-- The visible ads only, narrow, for the directory's exact counts (decision 31). A count through a GIN index
-- visits the heap page of every match; an `ads` row is ~2 kB (4 a page), so a word in 28% of ads visited
-- nearly every page. Here the vector always moves out of the row (STORAGE EXTERNAL, toast_tuple_target
-- 128: ~100-byte rows, ~65 a page). PostgreSQL moves values out only of a row over ~2 kB: `spill`, 2,100
-- spaces that compress to a few bytes, makes every row pass that mark.
CREATE TABLE "ad_search" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"location" text,
	"is_featured" boolean NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"spill" text GENERATED ALWAYS AS (repeat(' ', 2100)) STORED
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "ad_search" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "ad_search" ADD CONSTRAINT "ad_search_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_search_vector_idx" ON "ad_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ad_search_category_idx" ON "ad_search" USING btree ("category","location");--> statement-breakpoint
-- In step with ads, in the same transaction as the write: an ad is in ad_search exactly while it is public
-- (published and active, the condition adIsPublic states in schema.ts); deletion cascades.
CREATE FUNCTION sync_ad_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.is_active THEN
    INSERT INTO ad_search (ad_id, category, location, is_featured, search_vector)
    VALUES (NEW.id, NEW.category, NEW.location, NEW.is_featured, NEW.search_vector)
    ON CONFLICT (ad_id) DO UPDATE SET category = EXCLUDED.category, location = EXCLUDED.location,
      is_featured = EXCLUDED.is_featured, search_vector = EXCLUDED.search_vector;
  ELSE
    DELETE FROM ad_search WHERE ad_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ads_sync_ad_search AFTER INSERT OR UPDATE OF status, is_active, is_featured, category, location, title, business_name, description, transcript ON "ads"
  FOR EACH ROW EXECUTE FUNCTION sync_ad_search();--> statement-breakpoint
INSERT INTO ad_search (ad_id, category, location, is_featured, search_vector)
SELECT id, category, location, is_featured, search_vector FROM ads WHERE status = 'published' AND is_active;
