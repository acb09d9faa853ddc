DROP INDEX "transcription_jobs_due_idx";--> statement-breakpoint
DROP INDEX "transcription_jobs_leased_idx";--> statement-breakpoint
ALTER TABLE "transcription_jobs" DROP COLUMN "run_after";--> statement-breakpoint
ALTER TABLE "transcription_jobs" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "transcription_jobs" DROP COLUMN "claim";