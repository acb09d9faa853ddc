-- Transcripts: what is said in the ad, and its timed lines.
ALTER TABLE "ads" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "transcript_segments" jsonb;--> statement-breakpoint
-- The search vector gains the transcript; title and business weigh most (A), then category and
-- location (B), the description (C) and the transcript (D).
ALTER TABLE "ads" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(transcript, '')), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "ads_search_vector_idx" ON "ads" USING gin ("search_vector");--> statement-breakpoint
-- The vocabulary of 'Did you mean ...?': every word of the searchable text, found by trigram similarity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION ad_search_words(VARIADIC texts text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(array_to_string(texts, ' ')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 30 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION add_ad_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT ad_search_words(NEW.title, NEW.business_name, NEW.description, NEW.category, NEW.location, NEW.transcript)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ads_add_search_words AFTER INSERT OR UPDATE OF title, business_name, description, category, location, transcript ON "ads"
  FOR EACH ROW EXECUTE FUNCTION add_ad_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT ad_search_words(title, business_name, description, category, location, transcript) FROM ads
ON CONFLICT DO NOTHING;
