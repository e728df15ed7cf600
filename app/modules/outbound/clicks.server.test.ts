import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { setDatabase } from "~/db/index.server";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { outboundClicks } from "~/db/schema";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { readDashboardClicks } from "~/modules/dashboard/dashboard.server";
import { ClickCounter, clickCounter, startClickWriter, type Click } from "./clicks.server";

// Issue 11 §3: the click tally behind /git/, driven as the redirect drives it (record) and
// written as the server writes it (flush, the 5 s writer, the threshold). Each case has a
// counter of its own and moves its clock instead of waiting.

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const T = Date.parse("2026-11-20T10:00:00Z");
const DAY = 86_400_000;

/** Lets the queued promise callbacks and I/O callbacks of this turn run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describeEachDriver("the outbound click tally", ({ db, database, driver }) => {
  beforeEach(async () => {
    await truncateAll(db());
    clickCounter().reset();
  });

  /** A counter with a clock the test moves. */
  function counterAt(start: number) {
    const counter = new ClickCounter();
    const clock = { now: start };
    counter.now = () => clock.now;
    return { counter, clock };
  }

  /** The n-th of many visitors, each from an address of its own. */
  const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

  async function stored() {
    return db()
      .select({ day: outboundClicks.day, casinoId: outboundClicks.casinoId, promotionId: outboundClicks.promotionId, placement: outboundClicks.placement, clicks: outboundClicks.clicks })
      .from(outboundClicks)
      .orderBy(asc(outboundClicks.day), asc(outboundClicks.placement), asc(outboundClicks.promotionId));
  }
  async function storedTotal(): Promise<{ rows: number; clicks: number }> {
    const [row] = await db()
      .select({ rows: sql<number>`count(*)`.mapWith(Number), clicks: sql<number>`coalesce(sum(${outboundClicks.clicks}), 0)`.mapWith(Number) })
      .from(outboundClicks);
    return row!;
  }

  /** Runs `work` with the tally's table away, as when the database refuses the write. */
  async function withTableAway<T>(work: () => Promise<T>): Promise<T> {
    await db().execute(sql`alter table outbound_clicks rename to outbound_clicks_away`);
    try {
      return await work();
    } finally {
      await db().execute(sql`alter table outbound_clicks_away rename to outbound_clicks`);
    }
  }

  /** console.error lines of this test, kept instead of printed. */
  function captureErrors(): string[] {
    allowConsoleError();
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    return lines;
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("what a click is counted as", () => {
    it("answers why a click was not counted: a bot, the visitor's repeat, the address's fourth click", async () => {
      const casino = await insertCasino(db(), { name: "Neden Casino" });
      const { counter, clock } = counterAt(T);
      const click = (fields: Partial<Click>): ReturnType<ClickCounter["record"]> =>
        counter.record({ casinoId: casino.id, promotionId: null, placement: "casino", clientAddress: "192.0.2.1", userAgent: BROWSER, ...fields });

      expect(click({ userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" })).toBe("bot");
      expect(click({})).toBe("counted");
      clock.now += 29_999;
      expect(click({})).toBe("repeat");
      // The same address with other browsers: three clicks in 30 s count, the fourth does not.
      expect(click({ userAgent: `${BROWSER} Edg/131` })).toBe("counted");
      expect(click({ userAgent: `${BROWSER} OPR/115` })).toBe("counted");
      expect(click({ userAgent: `${BROWSER} YaBrowser/24` })).toBe("repeat");

      expect(await counter.flush()).toBe(3);
      expect(await stored()).toEqual([{ day: "2026-11-20", casinoId: casino.id, promotionId: null, placement: "casino", clicks: 3 }]);
    });

    it("counts one visitor's clicks on two offers of one casino, each under its own offer", async () => {
      const casino = await insertCasino(db(), { name: "İki Teklif Casino" });
      const first = await insertPromotion(db(), { casinoId: casino.id, title: "Birinci Teklif" });
      const second = await insertPromotion(db(), { casinoId: casino.id, title: "İkinci Teklif" });
      const { counter, clock } = counterAt(T);
      const visitor = { casinoId: casino.id, placement: "card" as const, clientAddress: "192.0.2.2", userAgent: BROWSER };

      expect(counter.record({ ...visitor, promotionId: first.id })).toBe("counted");
      clock.now += 1_000;
      // Another offer is another link, though the casino is the same.
      expect(counter.record({ ...visitor, promotionId: second.id })).toBe("counted");
      expect(counter.record({ ...visitor, promotionId: null, placement: "casino" })).toBe("counted");
      expect(await counter.flush()).toBe(3);

      const rows = await stored();
      expect(rows).toHaveLength(3);
      expect(rows).toEqual(
        expect.arrayContaining([
          { day: "2026-11-20", casinoId: casino.id, promotionId: first.id, placement: "card", clicks: 1 },
          { day: "2026-11-20", casinoId: casino.id, promotionId: second.id, placement: "card", clicks: 1 },
          { day: "2026-11-20", casinoId: casino.id, promotionId: null, placement: "casino", clicks: 1 },
        ]),
      );
    });
  });

  describe("when the tally is written", () => {
    it("writes at the thousandth click by itself, on a counter that never wrote before", async () => {
      const casino = await insertCasino(db(), { name: "İlk Eşik Casino" });
      const { counter } = counterAt(T);
      for (let i = 0; i < 999; i++) counter.record({ casinoId: casino.id, promotionId: null, placement: "splash", clientAddress: addressOf(i), userAgent: BROWSER });
      await settle();
      expect(counter.pendingCount).toBe(999);
      expect(counter.record({ casinoId: casino.id, promotionId: null, placement: "splash", clientAddress: addressOf(999), userAgent: BROWSER })).toBe("counted");
      await settle();
      // The write took the whole tally: an explicit write after it finds nothing left.
      expect(counter.pendingCount).toBe(0);
      expect(await counter.flush()).toBe(0);
      expect(await storedTotal()).toEqual({ rows: 1, clicks: 1_000 });
    });

    it("after a failed write, waits 5 s before the threshold asks the database again", async () => {
      const lines = captureErrors();
      const casino = await insertCasino(db(), { name: "Bekleyen Casino" });
      const { counter, clock } = counterAt(T);
      const click = (n: number) => counter.record({ casinoId: casino.id, promotionId: null, placement: "card", clientAddress: addressOf(n), userAgent: BROWSER });
      click(0);
      click(1);
      expect(await withTableAway(() => counter.flush())).toBe(0);
      // One line, with the database's own reason (not the statement).
      expect(lines).toEqual(['Outbound clicks could not be written; 2 kept for the next try: relation "outbound_clicks" does not exist']);

      // 4.999 s later the tally passes a thousand clicks: not written yet.
      clock.now = T + 4_999;
      for (let n = 2; n < 1_000; n++) click(n);
      await settle();
      expect(counter.pendingCount).toBe(1_000);
      expect(await storedTotal()).toEqual({ rows: 0, clicks: 0 });

      // 5 s after the failure, the next click writes the tally.
      clock.now = T + 5_000;
      expect(click(1_000)).toBe("counted");
      await settle();
      expect(counter.pendingCount).toBe(0);
      expect(await counter.flush()).toBe(0);
      expect(await storedTotal()).toEqual({ rows: 1, clicks: 1_001 });
      expect(lines).toHaveLength(1);
    });

    it("writes every 5 s while the writer runs, and what is left when it stops", async () => {
      const casino = await insertCasino(db(), { name: "Aralık Casino" });
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      try {
        const stop = startClickWriter();
        const click = (n: number) => clickCounter().record({ casinoId: casino.id, promotionId: null, placement: "casino", clientAddress: addressOf(n), userAgent: BROWSER });
        click(1);
        click(2);
        vi.advanceTimersByTime(4_999);
        await settle();
        expect(clickCounter().pendingCount).toBe(2);
        vi.advanceTimersByTime(1);
        await settle();
        // The interval's write took both clicks.
        expect(clickCounter().pendingCount).toBe(0);
        expect(await clickCounter().flush()).toBe(0);
        expect(await storedTotal()).toEqual({ rows: 1, clicks: 2 });

        click(3);
        await stop();
        expect(clickCounter().pendingCount).toBe(0);
        expect(await storedTotal()).toEqual({ rows: 1, clicks: 3 });
        // Stopped: no more writes on the interval.
        click(4);
        vi.advanceTimersByTime(60_000);
        await settle();
        expect(clickCounter().pendingCount).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("a large tally", () => {
    /**
     * `rows` clicks, each its own tally row: one casino, four placements, a day apiece. Made
     * in one go, as a burst of clicks arrives: the threshold's write starts on the thousandth
     * and finds them all.
     */
    function burst(counter: ClickCounter, clock: { now: number }, casinoId: string, rows: number) {
      const placements = ["card", "detail", "casino", "splash"] as const;
      for (let n = 0; n < rows; n++) {
        clock.now = T - Math.floor(n / 4) * DAY;
        counter.record({ casinoId, promotionId: null, placement: placements[n % 4]!, clientAddress: addressOf(n), userAgent: BROWSER });
      }
    }

    it("keeps the clicks and logs one line when the database cannot be reached at all (no SQL error to quote)", async () => {
      const lines = captureErrors();
      const casino = await insertCasino(db(), { name: "Kopuk Casino" });
      const { counter } = counterAt(T);
      counter.record({ casinoId: casino.id, promotionId: null, placement: "card", clientAddress: addressOf(1), userAgent: BROWSER });
      const closed = await createTestDatabase(driver);
      await closed.close();
      setDatabase(closed);
      try {
        expect(await counter.flush()).toBe(0);
      } finally {
        setDatabase(database());
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Outbound clicks could not be written; 1 kept for the next try: \S[^\n]*$/);
      expect(counter.pendingCount).toBe(1);
      expect(await counter.flush()).toBe(1);
      expect(await storedTotal()).toEqual({ rows: 1, clicks: 1 });
    });

    it("writes a tally of 4,000 rows, each row once, without an error", async () => {
      const casino = await insertCasino(db(), { name: "Büyük Casino" });
      const { counter, clock } = counterAt(T);
      burst(counter, clock, casino.id, 4_000);
      expect(await counter.flush()).toBe(0);
      expect(counter.pendingCount).toBe(0);
      expect(await storedTotal()).toEqual({ rows: 4_000, clicks: 4_000 });
      const newest = await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks).where(eq(outboundClicks.day, "2026-11-20"));
      expect(newest.map((row) => row.clicks)).toEqual([1, 1, 1, 1]);
    });

    it("keeps for the next try only the rows a failed statement did not write", async () => {
      const lines = captureErrors();
      const casino = await insertCasino(db(), { name: "Yarım Casino" });
      const { counter, clock } = counterAt(T);
      // The 2,001st row's day (500 days back, "card") already holds the column's largest
      // count: adding a click to it fails, after the first 2,000 rows were written.
      const fullDay = new Date(T - 500 * DAY).toISOString().slice(0, 10);
      await db().insert(outboundClicks).values({ day: fullDay, casinoId: casino.id, promotionId: null, placement: "card", clicks: 2_147_483_647 });
      const written = counter.flush();
      burst(counter, clock, casino.id, 2_001);
      expect(await written).toBe(2_000);
      expect(lines).toEqual(["Outbound clicks could not be written; 1 kept for the next try: integer out of range"]);
      expect(counter.pendingCount).toBe(1);

      await db().update(outboundClicks).set({ clicks: 10 }).where(eq(outboundClicks.day, fullDay));
      expect(await counter.flush()).toBe(1);
      // 2,000 rows of one click, the full one now 10 + 1: nothing written twice.
      expect(await storedTotal()).toEqual({ rows: 2_001, clicks: 2_011 });
      expect(lines).toHaveLength(1);
    });
  });

  describe("the dashboard's kept figures", () => {
    it("are read afresh after a write that stored clicks, not after one that failed", async () => {
      const lines = captureErrors();
      const casino = await insertCasino(db(), { name: "Rakam Casino" });
      const today = () => readDashboardClicks().then((clicks) => clicks.days.at(-1)!.total);
      expect(await today()).toBe(0);
      // A row written beside the tally (another process's write, which drops only its own
      // kept figures): this process's dashboard shows it once its own writer has written.
      const day = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" });
      await db().insert(outboundClicks).values({ day, casinoId: casino.id, promotionId: null, placement: "splash", clicks: 5 });
      expect(clickCounter().record({ casinoId: casino.id, promotionId: null, placement: "casino", clientAddress: "198.51.100.40", userAgent: BROWSER })).toBe("counted");

      expect(await withTableAway(() => clickCounter().flush())).toBe(0);
      expect(lines).toEqual(['Outbound clicks could not be written; 1 kept for the next try: relation "outbound_clicks" does not exist']);
      expect(await today()).toBe(0);

      expect(await clickCounter().flush()).toBe(1);
      expect(await today()).toBe(6);
    });
  });
});
