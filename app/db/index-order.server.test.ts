import { sql, type SQL } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDriver } from "../../tests/helpers/db";

// The newest-first lists order by `created_at desc` (drizzle's desc(): NULLS FIRST). An index
// declared `desc()` alone is DESC NULLS LAST, which PostgreSQL cannot read in that order (it
// does not relax the nulls order for a NOT NULL column): every such list read and sorted
// the whole table, 9 to 28 ms at 5,000 promotions in the admin bench. With sorting and
// sequential scans discouraged, a plan that still sorts has no index in the order asked for.
// The orders as the modules write them (newestFirst in promotions, blog and dashboard).
const NEWEST_FIRST: [string, SQL][] = [
  ["admin promotions and the dashboard", sql`select id from promotions order by created_at desc, id desc limit 25`],
  ["public promotion lists", sql`select id from promotions where is_active = true order by created_at desc, id desc limit 25`],
  ["admin comments", sql`select id from promotion_comments order by created_at desc, id desc limit 25`],
  ["a promotion's comments", sql`select id from promotion_comments where promotion_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 10`],
  ["the audit log", sql`select id from audit_log order by created_at desc, id desc limit 25`],
  ["published posts", sql`select id from blog_posts where is_published = true order by created_at desc, id desc limit 25`],
  ["the dashboard's posts", sql`select id from blog_posts order by created_at desc, id desc limit 3`],
  ["the dashboard's casinos", sql`select id from casinos order by created_at desc, id desc limit 3`],
  ["the publishing log", sql`select id from scheduled_publishing_logs order by published_at desc, id desc limit 50`],
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describeEachDriver("index order", ({ db }) => {
  it.each(NEWEST_FIRST)("%s: read newest first from an index, without a sort", async (_name, query) => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
      return rowsOf<{ "QUERY PLAN": string }>(result).map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Sort/);
  });

  it.each([
    ["the count of live offers", sql`select count(*) from promotions where is_active = true and (expiry_date is null or expiry_date > now())`],
    ["live offers per casino", sql`select casino_id, count(*) from promotions where is_active = true and (expiry_date is null or expiry_date > now()) group by casino_id`],
  ])("%s: read from a narrow index, not the wide rows", async (_name, query) => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`explain ${query}`))
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using promotions_live_idx/);
  });

  it("has no DESC NULLS LAST index, which no `desc()` order can read", async () => {
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(await db().execute(sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`));
    expect(indexes.filter((index) => /\bDESC\b/.test(index.indexdef)).length).toBeGreaterThan(5);
    expect(indexes.filter((index) => /DESC NULLS LAST/.test(index.indexdef)).map((index) => index.indexname)).toEqual([]);
  });
});
