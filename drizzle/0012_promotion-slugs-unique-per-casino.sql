-- ADR 023: a promotion's address (/bonuslar/{casino slug}/{promotion slug}) is unique within
-- its casino. Titles that gave one slug ('Süper Bonus' and 'Super Bonus') left the older
-- offers unreachable at their address: the newest answered it. The newest keeps the slug
-- (the address that shows it today); each older one takes the first free '-2', '-3', ...
-- within the 80 characters of the slug rule, as new saves do (freePromotionSlug).
DO $$
DECLARE
  r record;
  n integer;
  candidate text;
BEGIN
  FOR r IN
    SELECT id, casino_id, slug FROM (
      SELECT id, casino_id, slug,
        row_number() OVER (PARTITION BY casino_id, slug ORDER BY created_at DESC NULLS FIRST, id DESC NULLS FIRST) AS age
      FROM promotions WHERE casino_id IS NOT NULL
    ) ranked
    WHERE age > 1
    ORDER BY casino_id, slug, age
  LOOP
    n := 2;
    LOOP
      candidate := regexp_replace(left(r.slug, 80 - 1 - length(n::text)), '-+$', '') || '-' || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM promotions WHERE casino_id = r.casino_id AND slug = candidate);
      n := n + 1;
    END LOOP;
    UPDATE promotions SET slug = candidate WHERE id = r.id;
  END LOOP;
END $$;
