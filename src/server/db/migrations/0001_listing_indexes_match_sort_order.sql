DROP INDEX "ads_visible_created_idx";--> statement-breakpoint
DROP INDEX "ads_visible_category_created_idx";--> statement-breakpoint
DROP INDEX "ads_user_id_idx";--> statement-breakpoint
CREATE INDEX "ads_visible_newest_idx" ON "ads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published' AND is_active;--> statement-breakpoint
CREATE INDEX "ads_visible_category_newest_idx" ON "ads" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published' AND is_active;--> statement-breakpoint
CREATE INDEX "ads_user_id_idx" ON "ads" USING btree ("user_id","created_at" DESC NULLS FIRST);