CREATE TABLE "analytics_daily" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"event_type" text NOT NULL,
	"source" text NOT NULL,
	"device" text NOT NULL,
	"events" integer NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "analytics_daily_ad_id_day_event_type_source_device_pk" PRIMARY KEY("ad_id","day","event_type","source","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_dedupe" (
	"listener_key" text NOT NULL,
	"kind" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"counted_until" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_dedupe_listener_key_kind_pk" PRIMARY KEY("listener_key","kind")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics" ADD COLUMN "device" text DEFAULT 'desktop' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_dedupe_counted_at_idx" ON "analytics_dedupe" USING btree ("counted_at");--> statement-breakpoint
-- Roll up any events recorded before the roll-ups existed, so both agree from the start.
INSERT INTO "analytics_daily" ("ad_id", "day", "event_type", "source", "device", "events", "listeners")
SELECT "ad_id", ("created_at" AT TIME ZONE 'UTC')::date, "event_type", "source", "device", count(*), 0
FROM "analytics" GROUP BY 1, 2, 3, 4, 5;
