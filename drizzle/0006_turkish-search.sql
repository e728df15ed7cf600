-- Issue 10 §1: search as Turkish visitors type it. search_fold() folds text the way
-- lib/turkish.ts foldForSearch does (the same letter pairs; the Turkish capitals are
-- translated before lower(), whose result for I and İ depends on the collation), and
-- trigram indexes answer `like '%…%'` without reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT lower(translate(value, 'İIıĞğÜüŞşÖöÇçÂâÎîÛû', 'iiigguussooccaaiiuu')) $$;--> statement-breakpoint
-- Stored search text was folded for İ/I/ı and case only: fold the other letters too.
UPDATE "promotions" SET "search_text" = search_fold("search_text");--> statement-breakpoint
CREATE INDEX "casinos_name_search_idx" ON "casinos" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_search_text_trgm_idx" ON "promotions" USING gin ("search_text" gin_trgm_ops);