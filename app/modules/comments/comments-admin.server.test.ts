import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDriver } from "../../../tests/helpers/db";
import { commentCountQuery } from "./comments-admin.server";

// What the moderation list's queries ask of PostgreSQL (its behaviour is tested through the
// route, app/routes/admin/comments/comments-admin.server.test.ts).
describeEachDriver("the comment moderation list's queries", ({ db }) => {
  // ADR 018 addendum: the search (and its count) matches each comment's promotion title;
  // read from the wide rows, that cost 8 ms a load at the scale seed. With sequential and
  // bitmap scans discouraged, a plan that still reads the rows has no narrow index to use.
  it("the search's count reads promotion titles from a narrow index, not the wide rows", async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      // The count as the list runs it, for a rating and a word.
      const query = commentCountQuery({ page: 1, q: "bonus", rating: 5 });
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using promotions_id_title_search_idx on promotions/);
  });
});
