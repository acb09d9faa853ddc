-- 'Did you mean' for a word typed by ear: the vocabulary's words that sound the same ('breaks' for brakes,
-- 'tyre' for tire), whose letters are too unlike for the trigram index. fuzzystrmatch is in PostgreSQL's
-- contrib, trusted (no superuser needed), and loaded by PGlite beside pg_trgm.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE INDEX "search_words_sound_idx" ON "search_words" USING btree (dmetaphone("word"));
