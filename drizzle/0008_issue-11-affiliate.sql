CREATE TABLE "outbound_clicks" (
	"day" date NOT NULL,
	"casino_id" uuid NOT NULL,
	"promotion_id" uuid,
	"placement" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbound_clicks_key" UNIQUE NULLS NOT DISTINCT("day","casino_id","promotion_id","placement"),
	CONSTRAINT "outbound_clicks_placement_known" CHECK ("outbound_clicks"."placement" in ('card', 'detail', 'casino', 'splash'))
);
--> statement-breakpoint
ALTER TABLE "casinos" ADD COLUMN "current_address" text;--> statement-breakpoint
ALTER TABLE "casinos" ADD COLUMN "former_hosts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "helpline_label" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "helpline_url" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "splash_frequency_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "splash_ads" ADD COLUMN "casino_id" uuid;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_type" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_amount" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_percent" smallint;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_cap" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "free_spins" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "min_deposit" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "wagering_multiplier" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "wagering_basis" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_bet" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_cashout" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "eligible_games" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "last_verified_at" date;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_clicks" ADD CONSTRAINT "outbound_clicks_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_clicks" ADD CONSTRAINT "outbound_clicks_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_clicks_promotion_day_idx" ON "outbound_clicks" USING btree ("promotion_id","day");--> statement-breakpoint
CREATE INDEX "outbound_clicks_day_idx" ON "outbound_clicks" USING btree ("day");--> statement-breakpoint
ALTER TABLE "splash_ads" ADD CONSTRAINT "splash_ads_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_expiry_idx" ON "promotions" USING btree ("expiry_date");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_splash_frequency_range" CHECK ("settings"."splash_frequency_hours" between 1 and 8760);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_bonus_type_known" CHECK ("promotions"."bonus_type" is null or "promotions"."bonus_type" in ('deposit', 'no_deposit', 'free_spins', 'cashback', 'freebet', 'other'));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_wagering_basis_known" CHECK ("promotions"."wagering_basis" is null or "promotions"."wagering_basis" in ('bonus', 'deposit_bonus'));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_terms_not_negative" CHECK (coalesce("promotions"."bonus_amount", 0) >= 0 and coalesce("promotions"."bonus_percent", 0) >= 0 and coalesce("promotions"."bonus_cap", 0) >= 0 and coalesce("promotions"."free_spins", 0) >= 0 and coalesce("promotions"."min_deposit", 0) >= 0 and coalesce("promotions"."wagering_multiplier", 0) >= 0 and coalesce("promotions"."max_bet", 0) >= 0 and coalesce("promotions"."max_cashout", 0) >= 0);--> statement-breakpoint
-- Issue 11 §2: every promotion carries its visitors' rating count and total, kept by this
-- trigger, so an offer's '4,3 / 5 · 12 yorum' is one column read and is right after every
-- insert, moderation edit, delete and cascade.
CREATE OR REPLACE FUNCTION promotion_rating_keep() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "promotions" SET "rating_count" = "rating_count" - 1, "rating_total" = "rating_total" - OLD."rating"
			WHERE "id" = OLD."promotion_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "promotions" SET "rating_count" = "rating_count" + 1, "rating_total" = "rating_total" + NEW."rating"
			WHERE "id" = NEW."promotion_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "promotion_comments_rating_keep"
	AFTER INSERT OR DELETE OR UPDATE OF "rating", "promotion_id" ON "promotion_comments"
	FOR EACH ROW EXECUTE FUNCTION promotion_rating_keep();--> statement-breakpoint
UPDATE "promotions" SET "rating_count" = r.n, "rating_total" = r.total
	FROM (SELECT "promotion_id", count(*)::integer AS n, sum("rating")::integer AS total
		FROM "promotion_comments" GROUP BY "promotion_id") r
	WHERE r."promotion_id" = "promotions"."id";
