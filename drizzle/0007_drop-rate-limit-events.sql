CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"events" timestamp with time zone[] NOT NULL,
	"accepted" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
DROP TABLE "rate_limit_events" CASCADE;