-- When the owner last set the transcript (ad form or partner API); null when they never did, or when it is
-- an automatic transcription. An automatic result never replaces what the owner set at or after its job began.
ALTER TABLE "ads" ADD COLUMN "transcript_edited_at" timestamp with time zone;--> statement-breakpoint
-- One automatic transcription per ad, of its current audio: a replaced audio starts the row over.
-- status: pending (waiting for run_after) | running (claimed until lease_until) | done | failed | kept (the
-- owner's transcript was kept). A running job whose lease has passed was left by a stopped process: it is
-- claimed again.
CREATE TABLE "transcription_jobs" (
	"ad_id" uuid PRIMARY KEY NOT NULL REFERENCES "ads"("id") ON DELETE CASCADE,
	"audio_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"claim" uuid,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transcription_jobs_status_check" CHECK ("status" IN ('pending', 'running', 'done', 'failed', 'kept'))
);
--> statement-breakpoint
CREATE INDEX "transcription_jobs_due_idx" ON "transcription_jobs" ("run_after") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "transcription_jobs_leased_idx" ON "transcription_jobs" ("lease_until") WHERE "status" = 'running';
