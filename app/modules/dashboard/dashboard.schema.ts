import { SITE_TIME_ZONE } from "~/lib/dates";

// admin.md §2 "Dashboard" and §9: the dashboard's texts, limits and the pure helpers behind
// its figures. Browser-safe: the component formats what the loader read.

/** admin.md §9: each recent list shows 3 items. */
export const DASHBOARD_RECENT_LIMIT = 3;

export const DASHBOARD_TEXTS = {
  noPosts: "Henüz blog yazısı yok",
  noPromotions: "Henüz promosyon yok",
  noCasinos: "Henüz casino sitesi yok",
  noCasino: "Casino bulunamadı",
  /** Shown by a change when last month has nothing to compare with. */
  noComparison: "N/A",
} as const;

export function activePromotionsLabel(count: number): string {
  return `${count} promosyon aktif`;
}

/**
 * A figure and the part of it that arrived in this and in the last calendar month.
 *
 * Decision (admin.md is silent beyond "change against last month"): every card compares the
 * things it counts by the month they arrived in, because no history of past totals is kept:
 * - posts and promotions: rows created this month vs last month;
 * - active casinos (casinos with at least one active promotion, as the casino list's
 *   '{n} promosyon aktif' counts them): of today's active casinos, those added this month
 *   vs last month;
 * - total views (the sum of blog_posts.view_count): there is no per-month view history
 *   (post_views is pruned after a few days), so the views of posts published this month
 *   vs those of posts published last month.
 */
export type MonthlyFigure = { total: number; thisMonth: number; lastMonth: number };

export type DashboardStats = {
  posts: MonthlyFigure;
  promotions: MonthlyFigure;
  activeCasinos: MonthlyFigure;
  views: MonthlyFigure;
};

export type RecentPost = { id: string; title: string; createdAt: string };
export type RecentPromotion = { id: string; title: string; casinoName: string | null };
export type RecentCasino = { id: string; name: string; activePromotionCount: number };
export type DashboardRecent = { posts: RecentPost[]; promotions: RecentPromotion[]; casinos: RecentCasino[] };

/**
 * The change of this month against last month as '+12%', '-5%' or '0%' (rounded to a
 * whole percent); 'N/A' only when last month had none, where no ratio exists.
 */
export function monthOverMonthChange(thisMonth: number, lastMonth: number): string {
  if (lastMonth === 0) return DASHBOARD_TEXTS.noComparison;
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  // A tiny drop rounds to -0, which a template prints as '0': '0%', never '-0%'.
  return percent > 0 ? `+${percent}%` : `${percent}%`;
}

export type MonthWindows = { lastMonthStart: Date; thisMonthStart: Date; nextMonthStart: Date };

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The wall-clock time in Istanbul of an instant, as numbers (month 1-12). */
function wallClock(instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(zoneParts.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far Istanbul's clock is ahead of UTC at a whole-second instant, in milliseconds. */
function zoneOffset(instant: number): number {
  const c = wallClock(instant);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - instant;
}

/** The instant Istanbul's clock reads 00:00 on the first of a month (monthIndex may overflow). */
function startOfMonthInZone(year: number, monthIndex: number): Date {
  const wall = Date.UTC(year, monthIndex, 1);
  // The offset at the UTC reading of that wall time is the offset at the answer unless a clock
  // change falls within hours of a month's first midnight; Istanbul's never did (UTC+3 since 2016).
  return new Date(wall - zoneOffset(wall));
}

/** The last, this and next calendar month's starts in Istanbul time (DESIGN.md: dates are Istanbul's). */
export function monthWindows(now: Date): MonthWindows {
  const { year, month } = wallClock(now.getTime());
  return {
    lastMonthStart: startOfMonthInZone(year, month - 2),
    thisMonthStart: startOfMonthInZone(year, month - 1),
    nextMonthStart: startOfMonthInZone(year, month),
  };
}
