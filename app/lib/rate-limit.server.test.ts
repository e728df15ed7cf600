import { eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../tests/helpers/db";
import { rateLimitWindows } from "~/db/schema";
import { clearEvents, minutesUntil, pruneRateLimitEvents, reserve, type RateLimitClaim, type RateLimitRule } from "./rate-limit.server";

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

  it("never tells a blocked attempt to wait longer than the rule, when a concurrent one was stamped later", async () => {
    const lockout: RateLimitRule = { bucket: "t-lock-late", limit: 2, windowMs: 60_000, mode: "lockout", blockMs: 15 * 60_000 };
    const t0 = new Date("2026-05-01T10:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect((await reserve([{ rule: lockout, key: "e" }], at(0))).ok).toBe(true);
    expect((await reserve([{ rule: lockout, key: "e" }], at(500))).ok).toBe(true);
    // This request read the clock before the one stamped at 500 ms was stored.
    const blocked = await reserve([{ rule: lockout, key: "e" }], at(200));
    expect(blocked).toEqual({ ok: false, until: at(200 + 15 * 60_000) });
    expect(minutesUntil((blocked as { until: Date }).until, at(200))).toBe(15);
    // A sliding window alike: never past the window from now.
    const window: RateLimitRule = { bucket: "t-window-late", limit: 1, windowMs: 60_000, mode: "sliding", blockMs: 0 };
    expect((await reserve([{ rule: window, key: "w" }], at(500))).ok).toBe(true);
    expect(await reserve([{ rule: window, key: "w" }], at(200))).toEqual({ ok: false, until: at(200 + 60_000) });
  });

  it("gives back exactly one attempt on refund, and keys stay apart", async () => {
    const first = await reserve([{ rule: rule("t-refund"), key: "k" }]);
    await reserve([{ rule: rule("t-refund"), key: "k" }]);
    await reserve([{ rule: rule("t-refund"), key: "other" }]);
    expect(await eventsIn("t-refund")).toBe(3);
    if (first.ok) await first.refund();
    expect(await eventsIn("t-refund")).toBe(2);
  });

  it("tells a visitor blocked by several limits the latest time, whichever limit it belongs to", async () => {
    const t0 = new Date("2026-05-01T10:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const short: RateLimitRule = { bucket: "t-short", limit: 1, windowMs: 60_000, mode: "lockout", blockMs: 5 * 60_000 };
    const long: RateLimitRule = { bucket: "t-long", limit: 1, windowMs: 60_000, mode: "lockout", blockMs: 30 * 60_000 };
    // Once with the longer lock-out in the bucket named first, once in the one named last.
    for (const [first, second] of [
      [{ ...long, bucket: "t-a" }, { ...short, bucket: "t-b" }],
      [{ ...short, bucket: "t-c" }, { ...long, bucket: "t-d" }],
    ]) {
      expect((await reserve([{ rule: first!, key: "k" }], at(0))).ok).toBe(true);
      expect((await reserve([{ rule: second!, key: "k" }], at(0))).ok).toBe(true);
      const both = [
        { rule: first!, key: "k" },
        { rule: second!, key: "k" },
      ];
      expect(await reserve(both, at(10))).toEqual({ ok: false, until: at(30 * 60) });
      expect(await reserve([...both].reverse(), at(10))).toEqual({ ok: false, until: at(30 * 60) });
    }
  });

  it("throws when the database refuses a claim of several, instead of inventing a lock-out", async () => {
    // An operator's constraint stands in for any database failure in the middle of the claims.
    await db().execute(sql`alter table rate_limit_windows add constraint t_refuse_broken check (bucket <> 't-broken')`);
    try {
      const claims = [
        { rule: rule("t-a-fine"), key: "k" },
        { rule: rule("t-broken"), key: "k" },
      ];
      await expect(reserve(claims)).rejects.toThrow();
      expect(await eventsIn("t-a-fine")).toBe(0);
    } finally {
      await db().execute(sql`alter table rate_limit_windows drop constraint t_refuse_broken`);
    }
  });

  it("lets two requests claim the same limits in opposite orders at once, on the same rows", async () => {
    // On PostgreSQL, two transactions that lock the same rows in opposite orders deadlock
    // (40P01, a 500 for one visitor); PGlite runs one transaction at a time, so only the
    // counts are checked there. Same key in two buckets, and two keys in one bucket: the two
    // ways claims can cross.
    const pairs: RateLimitClaim[][] = [
      [
        { rule: rule("t-x"), key: "same" },
        { rule: rule("t-y"), key: "same" },
      ],
      [
        { rule: rule("t-z"), key: "one" },
        { rule: rule("t-z"), key: "two" },
      ],
    ];
    for (const claims of pairs) {
      // The rows exist already, as they do for a visitor's second try.
      for (const claim of claims) expect((await reserve([claim])).ok).toBe(true);
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => reserve(i % 2 ? claims : [...claims].reverse())));
      // Limit 3, one used: two of the four get through, and nobody gets an error.
      expect(results.map((r) => r.ok).sort()).toEqual([false, false, true, true]);
    }
    expect(await eventsIn("t-x")).toBe(3);
    expect(await eventsIn("t-y")).toBe(3);
    expect(await eventsIn("t-z")).toBe(6);
  });

  it("forgets a key's attempts when they are cleared (a right password), and only that key's", async () => {
    for (let i = 0; i < 3; i++) await reserve([{ rule: rule("t-clear"), key: "ayse@example.com" }]);
    for (let i = 0; i < 3; i++) await reserve([{ rule: rule("t-clear"), key: "mehmet@example.com" }]);
    expect((await reserve([{ rule: rule("t-clear"), key: "ayse@example.com" }])).ok).toBe(false);

    await clearEvents(rule("t-clear"), "ayse@example.com");
    expect((await reserve([{ rule: rule("t-clear"), key: "ayse@example.com" }])).ok).toBe(true);
    expect((await reserve([{ rule: rule("t-clear"), key: "mehmet@example.com" }])).ok).toBe(false);
  });

  it("keeps emails out of the table, and limits a key of any length", async () => {
    await reserve([{ rule: rule("t-private"), key: "ayse@example.com" }]);
    const stored = await db().select({ key: rateLimitWindows.key }).from(rateLimitWindows).where(eq(rateLimitWindows.bucket, "t-private"));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key).not.toContain("ayse");
    expect(stored[0]!.key).toMatch(/^[0-9a-f]{64}$/);

    // A forged X-Forwarded-For of 12,000 random characters: too long for an index row as is.
    const huge = crypto.randomBytes(9_000).toString("base64");
    for (let i = 0; i < 3; i++) expect((await reserve([{ rule: rule("t-huge"), key: huge }])).ok).toBe(true);
    expect((await reserve([{ rule: rule("t-huge"), key: huge }])).ok).toBe(false);
  });

  it("prunes the keys whose newest attempt is older than the cut-off, and a pruned key starts afresh", async () => {
    const t0 = new Date("2026-05-01T10:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    for (const s of [0, 10, 20]) await reserve([{ rule: rule("t-prune"), key: "old" }], at(s));
    // Its oldest attempt is before the cut-off, its newest after: kept.
    for (const s of [0, 40]) await reserve([{ rule: rule("t-prune"), key: "straddles" }], at(s));
    // Newest attempt exactly at the cut-off: not older, kept.
    await reserve([{ rule: rule("t-prune"), key: "at-cut-off" }], at(30));
    // Every attempt given back: nothing left to count, dropped.
    const refunded = await reserve([{ rule: rule("t-prune"), key: "refunded" }], at(50));
    if (refunded.ok) await refunded.refund();

    await pruneRateLimitEvents(at(30));

    const left = await db().select({ key: rateLimitWindows.key }).from(rateLimitWindows).where(eq(rateLimitWindows.bucket, "t-prune"));
    expect(left).toHaveLength(2);
    expect(await eventsIn("t-prune")).toBe(3);
    // "old" was blocked until 10:01:00; after the prune it has its three attempts again.
    for (const s of [31, 32, 33]) expect((await reserve([{ rule: rule("t-prune"), key: "old" }], at(s))).ok).toBe(true);
    expect(await reserve([{ rule: rule("t-prune"), key: "old" }], at(34))).toEqual({ ok: false, until: at(91) });
    // "straddles" kept its two: one more place.
    expect((await reserve([{ rule: rule("t-prune"), key: "straddles" }], at(41))).ok).toBe(true);
    expect((await reserve([{ rule: rule("t-prune"), key: "straddles" }], at(42))).ok).toBe(false);
  });
});
