CREATE TABLE "post_views" (
	"post_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "post_views_post_id_visitor_day_pk" PRIMARY KEY("post_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_views_day_idx" ON "post_views" USING btree ("day");