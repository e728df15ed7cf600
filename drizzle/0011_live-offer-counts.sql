-- The public pages count live offers (all, per casino, per category chip) on every cold render:
-- a narrow index holding every column those counts read lets them skip the wide rows.
CREATE INDEX "promotions_live_idx" ON "promotions" USING btree ("is_active","expiry_date","casino_id","category_id");