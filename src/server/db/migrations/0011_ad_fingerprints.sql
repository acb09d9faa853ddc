-- Acoustic fingerprints of the ads' audio (landmarks: a hashed pair of spectrogram peaks at a frame of the
-- audio), so a listener's few seconds of recording find the ad. Rows stay narrow: the unsigned 32-bit hash
-- is kept as int4 (the same bits, read signed) and the frame as int4.
CREATE TABLE "ad_fingerprints" (
	"ad_id" uuid NOT NULL,
	"hash" integer NOT NULL,
	"t" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_fingerprints" ADD CONSTRAINT "ad_fingerprints_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A query's hashes are answered from this index alone (index-only scan): the ad and frame ride along.
CREATE INDEX "ad_fingerprints_hash_idx" ON "ad_fingerprints" USING btree ("hash") INCLUDE ("ad_id","t");--> statement-breakpoint
-- Replacing or deleting (the cascade) an ad's landmarks; btree deduplication keeps it small.
CREATE INDEX "ad_fingerprints_ad_id_idx" ON "ad_fingerprints" USING btree ("ad_id");--> statement-breakpoint
-- Which audio file (and which version of the landmark algorithm) an ad's landmarks were computed from: an ad
-- without a row here, or whose audio or algorithm changed since, is indexed by the background backfill.
CREATE TABLE "ad_fingerprint_sets" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"audio_url" text NOT NULL,
	"version" integer NOT NULL,
	"landmarks" integer NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_fingerprint_sets" ADD CONSTRAINT "ad_fingerprint_sets_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;
