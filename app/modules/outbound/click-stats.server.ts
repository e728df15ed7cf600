import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, outboundClicks, promotions } from "~/db/schema";
import { addDays, istanbulDay } from "~/lib/dates";
import { CLICK_WINDOW_DAYS } from "./outbound-paths";

// Issue 11 §4: what operators read of the outbound clicks. Days are Istanbul's, as the
// clicks are counted; a window of N days ends today and includes it.

/** The first and last day (YYYY-MM-DD) of the `days` days ending today. */
export function clickWindow(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = istanbulDay(now.getTime());
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * Kept reads of the tally (readShared) have keys that start with this: the click writer
 * drops them whenever it has written (clicks.server.ts), in its process.
 */
export const CLICK_READS = "clicks:";

/** The clicks of a group of tally rows. */
export const clicksSum = sql<number>`coalesce(sum(${outboundClicks.clicks}), 0)`.mapWith(Number);

/** Tally rows of the `days` days ending today. */
export function inClickWindow(days: number, now: Date): SQL {
  const { from, to } = clickWindow(days, now);
  return and(gte(outboundClicks.day, from), lte(outboundClicks.day, to))!;
}

async function clicksBy(column: typeof outboundClicks.casinoId | typeof outboundClicks.promotionId, ids: string[], days: number, now: Date): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({ id: column, clicks: clicksSum })
    .from(outboundClicks)
    .where(and(inArray(column, ids), inClickWindow(days, now)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id!, row.clicks]));
}

/** Each casino's outbound clicks (its own link and its promotions') in the last `days` days. */
export function clicksOfCasinos(ids: string[], days = CLICK_WINDOW_DAYS, now: Date = new Date()): Promise<Map<string, number>> {
  return clicksBy(outboundClicks.casinoId, ids, days, now);
}

/** Each promotion's outbound clicks in the last `days` days. */
export function clicksOfPromotions(ids: string[], days = CLICK_WINDOW_DAYS, now: Date = new Date()): Promise<Map<string, number>> {
  return clicksBy(outboundClicks.promotionId, ids, days, now);
}

/** Clicks per day and placement of the `days` days ending today, and that window's first and last day. */
export async function clicksPerDay(days: number, now: Date = new Date()): Promise<{ from: string; to: string; rows: { day: string; placement: string; clicks: number }[] }> {
  const rows = await getDb()
    .select({ day: outboundClicks.day, placement: outboundClicks.placement, clicks: clicksSum })
    .from(outboundClicks)
    .where(inClickWindow(days, now))
    .groupBy(outboundClicks.day, outboundClicks.placement);
  return { ...clickWindow(days, now), rows };
}

/** The `limit` promotions with the most clicks in the last `days` days (ties by title), with their casino's name. */
export function topPromotionsByClicks(days: number, limit: number, now: Date = new Date()): Promise<{ id: string; name: string; casinoName: string | null; clicks: number }[]> {
  return getDb()
    .select({ id: promotions.id, name: promotions.title, casinoName: casinos.name, clicks: clicksSum })
    .from(outboundClicks)
    .innerJoin(promotions, eq(promotions.id, outboundClicks.promotionId))
    .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(inClickWindow(days, now))
    .groupBy(promotions.id, promotions.title, casinos.name)
    .orderBy(desc(clicksSum), asc(promotions.title), asc(promotions.id))
    .limit(limit);
}

/** The `limit` casinos with the most clicks (their own link and their promotions') in the last `days` days. */
export function topCasinosByClicks(days: number, limit: number, now: Date = new Date()): Promise<{ id: string; name: string; clicks: number }[]> {
  return getDb()
    .select({ id: casinos.id, name: casinos.name, clicks: clicksSum })
    .from(outboundClicks)
    .innerJoin(casinos, eq(casinos.id, outboundClicks.casinoId))
    .where(inClickWindow(days, now))
    .groupBy(casinos.id, casinos.name)
    .orderBy(desc(clicksSum), asc(casinos.name), asc(casinos.id))
    .limit(limit);
}
