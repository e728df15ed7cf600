-- ADR 018 addendum: the comment moderation search matches promotion titles; (id, title_search)
-- lets PostgreSQL read them from this narrow index instead of the wide promotion rows.
CREATE INDEX "promotions_id_title_search_idx" ON "promotions" USING btree ("id","title_search");