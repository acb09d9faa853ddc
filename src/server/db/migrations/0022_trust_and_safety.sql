CREATE TABLE "ad_moderation" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"notice" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"review_requested_at" timestamp with time zone,
	"review_message" text
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"listener_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ad_reports_reason_check" CHECK (reason IN ('misleading', 'offensive', 'scam', 'copyright', 'other'))
);
--> statement-breakpoint
CREATE TABLE "moderation_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_moderation" ADD CONSTRAINT "ad_moderation_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_open_listener_idx" ON "ad_reports" USING btree ("ad_id","listener_key") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "ad_reports_open_idx" ON "ad_reports" USING btree ("ad_id","created_at") WHERE resolved_at IS NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_check" CHECK (status IN ('published', 'draft', 'held', 'taken_down', 'suspended'));--> statement-breakpoint
-- The audit log is append-only (decision 44): whatever the connection, a row once written is neither
-- changed nor removed. No route writes it except the moderation actions, each in its own transaction.
CREATE FUNCTION moderation_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_audit_no_update_or_delete BEFORE UPDATE OR DELETE ON "moderation_audit"
  FOR EACH ROW EXECUTE FUNCTION moderation_audit_append_only();--> statement-breakpoint
CREATE TRIGGER moderation_audit_no_truncate BEFORE TRUNCATE ON "moderation_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_audit_append_only();
