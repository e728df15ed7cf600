import { and, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { outboundClicks } from "~/db/schema";
import { addDays, istanbulDay } from "~/lib/dates";

// Issue 11 §4: what operators read of the outbound clicks. Days are Istanbul's, as the
// clicks are counted; a window of N days ends today and includes it.

/** The lists' clicks column and the dashboard's longer window. */
export const CLICK_WINDOW_DAYS = 30;

/** The first and last day (YYYY-MM-DD) of the `days` days ending today. */
export function clickWindow(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = istanbulDay(now.getTime());
  return { from: addDays(to, -(days - 1)), to };
}

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
