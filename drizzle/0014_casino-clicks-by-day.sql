-- The admin casino list reads each row's clicks of the last 30 days in its own query (a
-- correlated subquery per row of the page); a casino's delete cascades to its tally rows.
CREATE INDEX "outbound_clicks_casino_day_idx" ON "outbound_clicks" USING btree ("casino_id","day");
