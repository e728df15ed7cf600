-- The admin casino list reads its page's clicks of the last 30 days in one look-up by casino
-- (25 ids) and day; a casino's delete cascades to its tally rows, found by the same index.
CREATE INDEX "outbound_clicks_casino_day_idx" ON "outbound_clicks" USING btree ("casino_id","day");
