CREATE TABLE "airings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heard_ms" integer NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"confidence" real,
	"spot_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airings_source_check" CHECK (source IN ('detected', 'reported'))
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"call_sign" text NOT NULL,
	"name" text NOT NULL,
	"frequency" text,
	"city" text,
	"time_zone" text NOT NULL,
	"logo_url" text,
	"stream_url" text,
	"monitor_status" text DEFAULT 'idle' NOT NULL,
	"offline_since" timestamp with time zone,
	"last_heard_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_call_sign_unique" UNIQUE("call_sign"),
	CONSTRAINT "stations_call_sign_check" CHECK (call_sign ~ '^[A-Z0-9-]{2,12}$'),
	CONSTRAINT "stations_monitor_status_check" CHECK (monitor_status IN ('idle', 'live', 'offline'))
);
--> statement-breakpoint
ALTER TABLE "airings" ADD CONSTRAINT "airings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airings" ADD CONSTRAINT "airings_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airings_station_started_idx" ON "airings" USING btree ("station_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "airings_ad_started_idx" ON "airings" USING btree ("ad_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "airings_station_spot_idx" ON "airings" USING btree ("station_id","spot_id") WHERE spot_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stations_user_id_idx" ON "stations" USING btree ("user_id","created_at");