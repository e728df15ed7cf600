import { and, desc, eq, exists, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb } from "~/db/index.server";
import { blogPosts, casinos, promotions } from "~/db/schema";
import { istanbulDay } from "~/lib/dates";
import { readShared } from "~/lib/shared-reads.server";
import { CLICK_READS, clicksPerDay, topCasinosByClicks, topPromotionsByClicks } from "~/modules/outbound/click-stats.server";
import { CLICK_WINDOW_DAYS } from "~/modules/outbound/outbound-paths";
import {
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

// ---- Issue 11 §4: outbound clicks (written by the /git/ redirect's tally, read by modules/outbound).

/** Clicks per day of the last 30 days (per placement) and the top lists of 7 and 30 days. */
export async function getDashboardClicks(now: Date = new Date()): Promise<DashboardClicks> {
  const windows = (read: (days: number) => Promise<TopClickItem[]>) =>
    Promise.all(CLICK_TOP_WINDOWS.map((days) => read(days))).then((lists) => Object.fromEntries(CLICK_TOP_WINDOWS.map((days, i) => [days, lists[i]!])) as Record<ClickTopWindow, TopClickItem[]>);
  const [perDay, promotionsTop, casinosTop] = await Promise.all([
    clicksPerDay(CLICK_WINDOW_DAYS, now),
    windows((days) => topPromotionsByClicks(days, CLICK_TOP_LIMIT, now)),
    windows(async (days) => (await topCasinosByClicks(days, CLICK_TOP_LIMIT, now)).map((row) => ({ ...row, casinoName: null }))),
  ]);
  return { days: clickDays(perDay.rows, perDay.from, perDay.to), topPromotions: promotionsTop, topCasinos: casinosTop };
}

// ---- What a load of the dashboard reads (issue 8 §5, ADR 013) ------------------------------
//
// Every operator's dashboard shows the same figures, lists and clicks: eleven of the page's
// queries, asked again by every load and every operator. They are kept as the public pages'
// shared reads are (readShared): every write that changes a count or a list here (posts,
// promotions, casinos; through runCommand, the scheduled publisher or an AI run) drops
// SITE_TAG, in this process and by NOTIFY in the others, and the next load reads afresh. The
// click writer drops the click figures whenever it has written the tally (CLICK_READS), so
// they follow it as closely as before. A post's views, which visitors move, are at most the
// page store's maximum age (60 s) late. Keys carry the Istanbul month or day the figures are
// of, so a load after midnight never shows the previous windows.

/** getDashboardStats, kept until a write (or 60 s). */
export function readDashboardStats(now: Date = new Date()): Promise<DashboardStats> {
  // The Istanbul month (YYYY-MM of its day): arithmetic, where monthWindows asks Intl.
  return readShared(`dashboard:stats:${istanbulDay(now.getTime()).slice(0, 7)}`, () => getDashboardStats(now));
}

/** getDashboardRecent, kept until a write (or 60 s). */
export function readDashboardRecent(): Promise<DashboardRecent> {
  return readShared("dashboard:recent", getDashboardRecent);
}

/** getDashboardClicks, kept until the tally or the catalogue is written (or 60 s). */
export function readDashboardClicks(now: Date = new Date()): Promise<DashboardClicks> {
  return readShared(`${CLICK_READS}dashboard:${istanbulDay(now.getTime())}`, () => getDashboardClicks(now));
}
