import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../tests/helpers/db";
import { rateLimitWindows } from "~/db/schema";
import { reserve, type RateLimitRule } from "./rate-limit.server";

// Issue 7, findings 3 and 4: counting and deciding is one atomic step on both drivers.
describeEachDriver("rate-limit reservations", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
  });

  const rule = (bucket: string): RateLimitRule => ({ bucket, limit: 3, windowMs: 60_000, mode: "sliding", blockMs: 0 });
  const eventsIn = async (bucket: string) =>
    (await db().select({ events: rateLimitWindows.events }).from(rateLimitWindows).where(eq(rateLimitWindows.bucket, bucket))).reduce((n, row) => n + row.events.length, 0);

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

  it("slides: a place frees when the oldest counted attempt leaves the window, and says when", async () => {
    const t0 = new Date("2026-05-01T10:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    for (const s of [0, 10, 20]) expect((await reserve([{ rule: rule("t-slide"), key: "k" }], at(s))).ok).toBe(true);
    const blocked = await reserve([{ rule: rule("t-slide"), key: "k" }], at(30));
    expect(blocked).toEqual({ ok: false, until: at(60) });
    // A blocked attempt is not counted: the window still ends at the first attempt's minute.
    expect((await reserve([{ rule: rule("t-slide"), key: "k" }], at(59))).ok).toBe(false);
    expect((await reserve([{ rule: rule("t-slide"), key: "k" }], at(61))).ok).toBe(true);
    expect((await reserve([{ rule: rule("t-slide"), key: "k" }], at(62))).ok).toBe(false);
  });

  it("locks out from the attempt that reached the limit, for the block time", async () => {
    const lockout: RateLimitRule = { bucket: "t-lock", limit: 2, windowMs: 60_000, mode: "lockout", blockMs: 15 * 60_000 };
    const t0 = new Date("2026-05-01T10:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    expect((await reserve([{ rule: lockout, key: "e" }], at(0))).ok).toBe(true);
    expect((await reserve([{ rule: lockout, key: "e" }], at(30))).ok).toBe(true);
    expect(await reserve([{ rule: lockout, key: "e" }], at(120))).toEqual({ ok: false, until: at(30 + 15 * 60) });
    expect((await reserve([{ rule: lockout, key: "e" }], at(30 + 15 * 60 + 1))).ok).toBe(true);
    // Two attempts further apart than the window never lock.
    expect((await reserve([{ rule: lockout, key: "f" }], at(0))).ok).toBe(true);
    expect((await reserve([{ rule: lockout, key: "f" }], at(61))).ok).toBe(true);
    expect((await reserve([{ rule: lockout, key: "f" }], at(62))).ok).toBe(true);
    // Now two within a minute (61 s and 62 s): locked.
    expect((await reserve([{ rule: lockout, key: "f" }], at(63))).ok).toBe(false);
  });

  it("gives back exactly one attempt on refund, and keys stay apart", async () => {
    const first = await reserve([{ rule: rule("t-refund"), key: "k" }]);
    await reserve([{ rule: rule("t-refund"), key: "k" }]);
    await reserve([{ rule: rule("t-refund"), key: "other" }]);
    expect(await eventsIn("t-refund")).toBe(3);
    if (first.ok) await first.refund();
    expect(await eventsIn("t-refund")).toBe(2);
  });
});
