CREATE TABLE "ai_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"input" jsonb NOT NULL,
	"progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results" jsonb,
	"error" text,
	"created_by" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_jobs_status_known" CHECK ("ai_jobs"."status" in ('queued', 'running', 'done', 'failed', 'saved', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "indexnow_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"reason" text NOT NULL,
	"entity_type" text,
	"entity_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexnow_queue_status_known" CHECK ("indexnow_queue"."status" in ('pending', 'sending', 'submitted', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "indexnow_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url_count" integer NOT NULL,
	"http_status" integer,
	"outcome" text NOT NULL,
	"detail" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_jobs_status_created_idx" ON "ai_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ai_jobs_created_by_idx" ON "ai_jobs" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "indexnow_queue_due_idx" ON "indexnow_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "indexnow_queue_created_idx" ON "indexnow_queue" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "indexnow_submissions_created_idx" ON "indexnow_submissions" USING btree ("created_at" DESC NULLS LAST);