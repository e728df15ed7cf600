import { and, asc, desc, eq, exists, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb } from "~/db/index.server";
import { blogPosts, casinos, outboundClicks, promotions } from "~/db/schema";
import { clicksSum, clickWindow, inClickWindow } from "~/modules/outbound/click-stats.server";
import {
  CLICK_CHART_DAYS,
  CLICK_TOP_LIMIT,
  CLICK_TOP_WINDOWS,
  clickDays,
  DASHBOARD_RECENT_LIMIT,
  monthWindows,
  type ClickTopWindow,
  type DashboardClicks,
  type DashboardRecent,
  type DashboardStats,
  type MonthWindows,
  type TopClickItem,
} from "./dashboard.schema";

// admin.md §2 "Dashboard": the four figures and the three recent lists, read in a handful
// of aggregate queries (one per table), never by loading rows to count them.

function within(column: PgColumn, from: Date, to: Date): SQL {
  return and(gte(column, from), lt(column, to))!;
}

/** count(*) of the rows in [from, to) of a timestamp column, as a number on both drivers. */
function countWithin(column: PgColumn, from: Date, to: Date) {
  return sql<number>`count(*) filter (where ${within(column, from, to)})`.mapWith(Number);
}

function monthlyCounts(column: PgColumn, windows: MonthWindows) {
  return {
    total: sql<number>`count(*)`.mapWith(Number),
    thisMonth: countWithin(column, windows.thisMonthStart, windows.nextMonthStart),
    lastMonth: countWithin(column, windows.lastMonthStart, windows.thisMonthStart),
  };
}

/** `where` for casinos with at least one active promotion (as the casino list counts them). */
function hasActivePromotion() {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(promotions)
      .where(and(eq(promotions.casinoId, casinos.id), eq(promotions.isActive, true))),
  );
}

/** The four stat cards; months are Istanbul's calendar months around `now` (see MonthlyFigure). */
export async function getDashboardStats(now: Date = new Date()): Promise<DashboardStats> {
  const db = getDb();
  const windows = monthWindows(now);
  const [[posts], [promotionFigures], [activeCasinos]] = await Promise.all([
    db
      .select({
        ...monthlyCounts(blogPosts.createdAt, windows),
        views: sql<number>`coalesce(sum(${blogPosts.viewCount}), 0)`.mapWith(Number),
        viewsThisMonth: sql<number>`coalesce(sum(${blogPosts.viewCount}) filter (where ${within(blogPosts.publishedAt, windows.thisMonthStart, windows.nextMonthStart)}), 0)`.mapWith(Number),
        viewsLastMonth: sql<number>`coalesce(sum(${blogPosts.viewCount}) filter (where ${within(blogPosts.publishedAt, windows.lastMonthStart, windows.thisMonthStart)}), 0)`.mapWith(Number),
      })
      .from(blogPosts),
    db.select(monthlyCounts(promotions.createdAt, windows)).from(promotions),
    db.select(monthlyCounts(casinos.createdAt, windows)).from(casinos).where(hasActivePromotion()),
  ]);
  return {
    posts: { total: posts!.total, thisMonth: posts!.thisMonth, lastMonth: posts!.lastMonth },
    promotions: promotionFigures!,
    activeCasinos: activeCasinos!,
    views: { total: posts!.views, thisMonth: posts!.viewsThisMonth, lastMonth: posts!.viewsLastMonth },
  };
}

/** The three recent lists of admin.md §2, newest first, 3 each. */
export async function getDashboardRecent(): Promise<DashboardRecent> {
  const db = getDb();
  const [posts, recentPromotions, recentCasinos] = await Promise.all([
    db
      .select({ id: blogPosts.id, title: blogPosts.title, createdAt: blogPosts.createdAt })
      .from(blogPosts)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({ id: promotions.id, title: promotions.title, casinoName: casinos.name })
      .from(promotions)
      .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        id: casinos.id,
        name: casinos.name,
        activePromotionCount: db.$count(promotions, and(eq(promotions.casinoId, casinos.id), eq(promotions.isActive, true))),
      })
      .from(casinos)
      .orderBy(desc(casinos.createdAt), desc(casinos.id))
      .limit(DASHBOARD_RECENT_LIMIT),
  ]);
  return {
    posts: posts.map((post) => ({ ...post, createdAt: post.createdAt.toISOString() })),
    promotions: recentPromotions,
    casinos: recentCasinos,
  };
}

// ---- Issue 11 §4: outbound clicks (written by the /git/ redirect's tally, modules/outbound).

/** The promotions with the most clicks in the last `days` days (ties by title). */
async function topPromotions(days: number, now: Date): Promise<TopClickItem[]> {
  return getDb()
    .select({ id: promotions.id, name: promotions.title, casinoName: casinos.name, clicks: clicksSum })
    .from(outboundClicks)
    .innerJoin(promotions, eq(promotions.id, outboundClicks.promotionId))
    .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(and(isNotNull(outboundClicks.promotionId), inClickWindow(days, now)))
    .groupBy(promotions.id, promotions.title, casinos.name)
    .orderBy(desc(clicksSum), asc(promotions.title), asc(promotions.id))
    .limit(CLICK_TOP_LIMIT);
}

/** The casinos with the most clicks (their own link and their promotions') in the last `days` days. */
async function topCasinos(days: number, now: Date): Promise<TopClickItem[]> {
  const rows = await getDb()
    .select({ id: casinos.id, name: casinos.name, clicks: clicksSum })
    .from(outboundClicks)
    .innerJoin(casinos, eq(casinos.id, outboundClicks.casinoId))
    .where(inClickWindow(days, now))
    .groupBy(casinos.id, casinos.name)
    .orderBy(desc(clicksSum), asc(casinos.name), asc(casinos.id))
    .limit(CLICK_TOP_LIMIT);
  return rows.map((row) => ({ ...row, casinoName: null }));
}

/** Clicks per day of the last 30 days (per placement) and the top lists of 7 and 30 days. */
export async function getDashboardClicks(now: Date = new Date()): Promise<DashboardClicks> {
  const { from, to } = clickWindow(CLICK_CHART_DAYS, now);
  const perDay = getDb()
    .select({ day: outboundClicks.day, placement: outboundClicks.placement, clicks: clicksSum })
    .from(outboundClicks)
    .where(inClickWindow(CLICK_CHART_DAYS, now))
    .groupBy(outboundClicks.day, outboundClicks.placement);
  const windows = (read: (days: number, now: Date) => Promise<TopClickItem[]>) =>
    Promise.all(CLICK_TOP_WINDOWS.map((days) => read(days, now))).then(
      (lists) => Object.fromEntries(CLICK_TOP_WINDOWS.map((days, i) => [days, lists[i]!])) as Record<ClickTopWindow, TopClickItem[]>,
    );
  const [rows, promotionsTop, casinosTop] = await Promise.all([perDay, windows(topPromotions), windows(topCasinos)]);
  return { days: clickDays(rows, from, to), topPromotions: promotionsTop, topCasinos: casinosTop };
}
