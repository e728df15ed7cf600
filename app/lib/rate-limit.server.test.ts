import { count, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../tests/helpers/db";
import { rateLimitEvents } from "~/db/schema";
import { reserve, type RateLimitRule } from "./rate-limit.server";

// Issue 7, findings 3 and 4: counting and deciding is one atomic step on both drivers.
describeEachDriver("rate-limit reservations", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
  });

  const rule = (bucket: string): RateLimitRule => ({ bucket, limit: 3, windowMs: 60_000, mode: "sliding", blockMs: 0 });
  const eventsIn = async (bucket: string) =>
    (await db().select({ n: count() }).from(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket)))[0]!.n;

  it("grants exactly the limit to 50 concurrent reservations, and a refund frees one place", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve([{ rule: rule("t-a"), key: "k" }])));
    const granted = results.filter((r) => r.ok);
    expect(granted).toHaveLength(3);
    expect(await eventsIn("t-a")).toBe(3);

    await granted[0]!.refund();
    expect((await reserve([{ rule: rule("t-a"), key: "k" }])).ok).toBe(true);
    expect((await reserve([{ rule: rule("t-a"), key: "k" }])).ok).toBe(false);
  });

  it("records nothing when one of several claims is blocked", async () => {
    for (let i = 0; i < 3; i++) await reserve([{ rule: rule("t-client"), key: "c" }]);
    const result = await reserve([
      { rule: rule("t-email"), key: "e" },
      { rule: rule("t-client"), key: "c" },
    ]);
    expect(result.ok).toBe(false);
    expect(await eventsIn("t-email")).toBe(0);
  });
});
