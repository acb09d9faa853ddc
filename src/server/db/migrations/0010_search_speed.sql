-- A second, narrow search vector without the transcript (title, business, category, location and
-- description): it stays inline, so ranking and suggestions do not read the out-of-line full vector.
ALTER TABLE "ads" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "ads_search_head_idx" ON "ads" USING gin ("search_head");--> statement-breakpoint
-- Keep both vectors in the row (compressed when needed) rather than in the TOAST table: a search that
-- scans many ads checks the full vector and ranks on the small one for every match, and a TOAST fetch per
-- row costs several times the row itself (the transcript text moves out instead: it is read for the
-- page's rows only). Applies to rows written from now on.
ALTER TABLE "ads" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "search_head" SET STORAGE MAIN;
--> statement-breakpoint
-- lz4 decompresses several times faster than the default pglz, and a broad search decompresses the full
-- vector of every ad it scans. A build without lz4 (PGlite's) keeps pglz.
DO $$
BEGIN
  ALTER TABLE "ads" ALTER COLUMN "search_vector" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
