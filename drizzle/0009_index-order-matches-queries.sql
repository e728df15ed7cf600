-- Indexes for newest-first lists in the order the queries ask for: created_at DESC is NULLS
-- FIRST in PostgreSQL, and a DESC NULLS LAST index cannot serve it (the lists read and sorted
-- whole tables). promotions_created_idx is new: the admin list and the dashboard.
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "casinos_created_at_idx";--> statement-breakpoint
DROP INDEX "ai_jobs_created_by_idx";--> statement-breakpoint
DROP INDEX "indexnow_queue_created_idx";--> statement-breakpoint
DROP INDEX "indexnow_submissions_created_idx";--> statement-breakpoint
DROP INDEX "promotion_comments_promotion_created_idx";--> statement-breakpoint
DROP INDEX "promotion_comments_created_idx";--> statement-breakpoint
DROP INDEX "promotions_active_created_idx";--> statement-breakpoint
DROP INDEX "scheduled_publishing_logs_published_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "casinos_created_at_idx" ON "casinos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_jobs_created_by_idx" ON "ai_jobs" USING btree ("created_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "indexnow_queue_created_idx" ON "indexnow_queue" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "indexnow_submissions_created_idx" ON "indexnow_submissions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotion_comments_promotion_created_idx" ON "promotion_comments" USING btree ("promotion_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotion_comments_created_idx" ON "promotion_comments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotions_active_created_idx" ON "promotions" USING btree ("is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scheduled_publishing_logs_published_idx" ON "scheduled_publishing_logs" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);