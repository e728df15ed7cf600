import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { getDb } from "~/db/index.server";
import { casinos, outboundClicks, promotions } from "~/db/schema";
import type { OutboundPlacement } from "./outbound-paths";
import { istanbulDay } from "~/lib/dates";
import { addressBlockOf } from "~/lib/address-block";
import { pgErrorOf } from "~/lib/command.server";
import { RecentWindow } from "~/lib/recent-window";
import { dropSharedReads } from "~/lib/shared-reads.server";
import { CLICK_READS } from "./click-stats.server";

// Issue 11 §3: outbound clicks counted per Istanbul day, casino, promotion (null for a casino
// link) and placement. The redirect never waits for the database: a click is added to an
// in-memory tally, written with one multi-row upsert every few seconds, when the tally
// grows past a threshold, and when the process stops (server/runtime.ts, before the
// database closes). Several processes each add their own tallies: the upsert adds.

/** One visitor's repeated clicks on the same link within this window count once. */
export const CLICK_REPEAT_WINDOW_MS = 30_000;
/**
 * In a window of that length from its first counted click, one address (an IPv6 client's
 * /64) counts at most this many clicks on one link, whatever User-Agents it sends: a visitor
 * is its address and browser, and a client that changes its User-Agent on every request is
 * one visitor inflating the count. A few people behind one address (an office, a mobile
 * carrier's NAT) still count, up to this number. Each process keeps its own window.
 */
export const MAX_CLICKS_PER_ADDRESS = 3;
// The count is kept in RecentWindow's few bits beside the window's start.
if (MAX_CLICKS_PER_ADDRESS > RecentWindow.MAX_COUNT) throw new Error("MAX_CLICKS_PER_ADDRESS does not fit RecentWindow's count");
/** How often the tally is written while clicks arrive. */
export const CLICK_FLUSH_INTERVAL_MS = 5_000;
/** A tally of this many clicks is written at once, without waiting for the interval. */
export const CLICK_FLUSH_THRESHOLD = 1_000;
// Visitors remembered for the repeat rule: each window generation holds this many, so at
// least the newest this many are always remembered; past that, older ones are forgotten early.
const MAX_REMEMBERED_VISITORS = 100_000;
// Rows per statement (5 parameters each; PostgreSQL takes at most 65,535).
const ROWS_PER_STATEMENT = 2_000;

export type Click = {
  casinoId: string;
  promotionId: string | null;
  placement: OutboundPlacement;
  /** The trusted client address (TRUST_PROXY-aware, as the rate limits use it). */
  clientAddress: string;
  userAgent: string | null;
};

export type ClickOutcome = "counted" | "bot" | "repeat";

type TallyRow = { day: string; casinoId: string; promotionId: string | null; placement: OutboundPlacement; clicks: number };

// isbot runs one large regular expression (a few microseconds); the same browsers click again
// and again, so each User-Agent's answer is kept.
const botAnswers = new LRUCache<string, boolean>({ max: 1_000 });

/** Requests that no person made: crawlers, link checkers, scripts without a browser's User-Agent. */
export function isAutomated(userAgent: string | null): boolean {
  if (!userAgent) return true;
  if (userAgent.length > 512) return isbot(userAgent);
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) botAnswers.set(userAgent, (answer = isbot(userAgent)));
  return answer;
}

// A visitor or address with its link, as a 30-bit key (a small integer, see RecentWindow).
// Two different ones share a key by chance about once in a billion per remembered entry: at
// 100,000 clicks within 30 s, one click in 10,000 would be taken for a repeat; at a busy
// site's few clicks a second, practically none. The process's own random salt keeps anyone
// from crafting a User-Agent whose key is another visitor's.
// crypto.hash (one call, no Hash object with a native handle for the collector to finalise)
// takes a third of createHash's time here.
const KEY_SALT = crypto.randomBytes(16).toString("hex");
const keyOf = (text: string) => Number.parseInt(crypto.hash("sha256", KEY_SALT + text).slice(0, 8), 16) >>> 2;

export class ClickCounter {
  /** The counter's clock (tests move it instead of waiting). */
  now: () => number = Date.now;
  private pending = new Map<string, TallyRow>();
  private pendingClicks = 0;
  // Visitor and link hashed together (no address or User-Agent is kept) → when last counted.
  private readonly recent = new RecentWindow(CLICK_REPEAT_WINDOW_MS, MAX_REMEMBERED_VISITORS);
  // Address and link hashed together → when its window began, with the clicks counted in it.
  private readonly perAddress = new RecentWindow(CLICK_REPEAT_WINDOW_MS, MAX_REMEMBERED_VISITORS);
  private writing: Promise<number> = Promise.resolve(0);
  private busy = false;
  // After a failed write the threshold waits for the interval, so a database that is down
  // is not asked again on every click.
  private thresholdPausedUntil = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  /** Adds a click to the tally unless a bot made it or the visitor clicked this link moments ago. */
  record(click: Click): ClickOutcome {
    if (isAutomated(click.userAgent)) return "bot";
    const now = this.now();
    const link = `${click.casinoId}\n${click.promotionId ?? ""}`;
    this.recent.advance(now);
    this.perAddress.advance(now);
    const visitor = keyOf(`${click.clientAddress}\n${click.userAgent}\n${link}`);
    const last = this.recent.timeOf(visitor);
    if (last !== undefined && now - last < CLICK_REPEAT_WINDOW_MS) return "repeat";
    const address = keyOf(`${addressBlockOf(click.clientAddress)}\n${link}`);
    let since = this.perAddress.timeOf(address);
    let clicksAtAddress = this.perAddress.countOf(address);
    if (since === undefined || now - since >= CLICK_REPEAT_WINDOW_MS) [since, clicksAtAddress] = [now, 0];
    if (clicksAtAddress >= MAX_CLICKS_PER_ADDRESS) return "repeat";
    this.perAddress.set(address, since, clicksAtAddress + 1);
    this.recent.set(visitor, now);
    this.add({ day: istanbulDay(now), casinoId: click.casinoId, promotionId: click.promotionId, placement: click.placement, clicks: 1 });
    if (this.pendingClicks >= CLICK_FLUSH_THRESHOLD && !this.busy && now >= this.thresholdPausedUntil) void this.flush();
    return "counted";
  }

  private add(row: TallyRow): void {
    const key = `${row.day}|${row.casinoId}|${row.promotionId ?? ""}|${row.placement}`;
    const existing = this.pending.get(key);
    if (existing) existing.clicks += row.clicks;
    else this.pending.set(key, { ...row });
    this.pendingClicks += row.clicks;
  }

  /** Clicks counted and not yet written. */
  get pendingCount(): number {
    return this.pendingClicks;
  }

  /**
   * Writes the tally. One write at a time: a call during a write waits for it, then writes
   * what arrived since. A failed write keeps its clicks for the next one and logs one line.
   * Resolves with the number of clicks written (never rejects).
   */
  flush(): Promise<number> {
    this.busy = true;
    const run = this.writing.then(() => this.writePending());
    void run.then(() => {
      if (this.writing === run) this.busy = false;
    });
    this.writing = run;
    return run;
  }

  private async writePending(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = [...this.pending.values()];
    const total = this.pendingClicks;
    this.pending = new Map();
    this.pendingClicks = 0;
    let written = 0;
    let next = 0;
    try {
      for (; next < batch.length; next += ROWS_PER_STATEMENT) {
        const rows = batch.slice(next, next + ROWS_PER_STATEMENT);
        await upsertClicks(rows);
        written += rows.reduce((sum, row) => sum + row.clicks, 0);
      }
      return total;
    } catch (error) {
      for (const row of batch.slice(next)) this.add(row);
      this.thresholdPausedUntil = this.now() + CLICK_FLUSH_INTERVAL_MS;
      // drizzle's error opens with "Failed query:" and the statement: the database's own words.
      const reason = pgErrorOf(error)?.message ?? (error instanceof Error ? error.message.split("\n")[0] : String(error));
      console.error(`Outbound clicks could not be written; ${this.pendingClicks} kept for the next try: ${reason}`);
      return written;
    } finally {
      // The dashboard's kept click figures show what was written on its next load.
      if (written > 0) dropSharedReads(CLICK_READS);
    }
  }

  /** Writes the tally every CLICK_FLUSH_INTERVAL_MS until stopped; stopping writes what is left. */
  start(): () => Promise<void> {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.flush(), CLICK_FLUSH_INTERVAL_MS);
    this.timer.unref();
    return async () => {
      clearInterval(this.timer);
      this.timer = undefined;
      await this.flush();
    };
  }

  /** Forgets the tally and the visitors (tests). */
  reset(): void {
    this.pending.clear();
    this.pendingClicks = 0;
    this.recent.clear();
    this.perAddress.clear();
    this.thresholdPausedUntil = 0;
    this.now = Date.now;
  }
}

/**
 * One multi-row upsert: each (day, casino, promotion, placement) row gains its clicks. Rows
 * whose casino or promotion was deleted since the click are left out (the click died with it).
 */
async function upsertClicks(rows: TallyRow[]): Promise<void> {
  const values = sql.join(
    rows.map((row) => sql`(${row.day}::date, ${row.casinoId}::uuid, ${row.promotionId}::uuid, ${row.placement}::text, ${row.clicks}::integer)`),
    sql`, `,
  );
  await getDb().execute(sql`
    insert into ${outboundClicks} (day, casino_id, promotion_id, placement, clicks)
    select v.day, v.casino_id, v.promotion_id, v.placement, v.clicks
    from (values ${values}) as v (day, casino_id, promotion_id, placement, clicks)
    where exists (select 1 from ${casinos} c where c.id = v.casino_id)
      and (v.promotion_id is null or exists (select 1 from ${promotions} p where p.id = v.promotion_id))
    on conflict (day, casino_id, promotion_id, placement)
    do update set clicks = ${outboundClicks}.clicks + excluded.clicks`);
}

// On globalThis so that every copy of this module in the process (the server build and, in
// tests, the source modules) shares one tally, and the runtime's shutdown flushes it.
const holder = globalThis as typeof globalThis & { __bonusClickCounter?: ClickCounter };

export function clickCounter(): ClickCounter {
  holder.__bonusClickCounter ??= new ClickCounter();
  return holder.__bonusClickCounter;
}

/** Starts this process's periodic click writer; the returned stop writes the rest. */
export function startClickWriter(): () => Promise<void> {
  return clickCounter().start();
}
