import { count } from "drizzle-orm";
import crypto from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callRoute, unwrap } from "../../../tests/helpers/routes";
import { insertPromotion } from "~/seed/factories.server";
import { promotionComments } from "~/db/schema";
import { action as commentAction } from "./promotion-comments";

// Issue 7, findings 4 and 8: the comment limit (5 per client in 10 minutes) holds under
// concurrency, and a client key of any length is counted rather than failing.
describeEachDriver("comment limit under concurrency", ({ db }) => {
  let promotionId = "";
  beforeEach(async () => {
    await truncateAll(db());
    promotionId = (await insertPromotion(db(), { title: "Sınırlı Bonus" })).id;
  });

  const stored = async () => (await db().select({ n: count() }).from(promotionComments))[0]!.n;
  const postComment = (i: number, client: string, id = promotionId) =>
    callRoute(commentAction, `/api/promotions/${id}/comments`, {
      params: { id },
      form: { userName: "Ali", comment: `yorum ${i}`, rating: "5" },
      client,
    }).then(unwrap);

  it("stores exactly five of 30 concurrent comments from one address; the rest get 429 and the Turkish message", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => postComment(i, "10.8.8.8")));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect((r.data as { message: string }).message).toMatch(/^Çok fazla yorum gönderdiniz\. Lütfen \d+ dakika sonra tekrar deneyin\.$/);
    }
    expect(await stored()).toBe(5);
  });

  it("does not count a comment that was not stored (unknown promotion) against the limit", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 5; i++) expect((await postComment(i, "10.9.9.9", missing)).status).toBe(404);
    for (let i = 0; i < 5; i++) expect((await postComment(i, "10.9.9.9")).status).toBe(201);
    expect((await postComment(6, "10.9.9.9")).status).toBe(429);
  });

  it("counts a 3 KB client address (a long X-Forwarded-For) without a database error", async () => {
    // Random, so that PostgreSQL cannot compress it below its index row limit.
    const client = `10.1.2.3, ${crypto.randomBytes(2400).toString("base64")}`;
    for (let i = 0; i < 5; i++) expect((await postComment(i, client)).status).toBe(201);
    expect((await postComment(5, client)).status).toBe(429);
    expect(await stored()).toBe(5);
  });

});
