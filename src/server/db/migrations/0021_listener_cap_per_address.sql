ALTER TABLE "analytics_dedupe" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE INDEX "analytics_dedupe_address_key_idx" ON "analytics_dedupe" USING btree ("address_key");