import { addDays, SITE_TIME_ZONE } from "~/lib/dates";
import { formatNumberTr } from "~/lib/numbers";
import { CLICK_WINDOW_DAYS, isOutboundPlacement, type OutboundPlacement } from "~/modules/outbound/outbound-paths";

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

// ---- Issue 11 §4: outbound clicks on the dashboard.

/** The top lists' windows, in Istanbul days ending today; the longer one is the chart's. */
export const CLICK_TOP_WINDOWS = [7, CLICK_WINDOW_DAYS] as const;
export type ClickTopWindow = (typeof CLICK_TOP_WINDOWS)[number];
/** Entries in each top list. */
export const CLICK_TOP_LIMIT = 5;

export const CLICK_PLACEMENT_LABELS: Record<OutboundPlacement, string> = {
  card: "Kart",
  detail: "Detay sayfası",
  casino: "Casino sayfası",
  splash: "Splash reklam",
};

/** One day of the chart: all clicks and those of each placement. */
export type ClickDay = { day: string; total: number } & Record<OutboundPlacement, number>;

/** A row of a top list: a promotion (with its casino's name) or a casino, and its clicks. */
export type TopClickItem = { id: string; name: string; casinoName: string | null; clicks: number };

export type DashboardClicks = {
  days: ClickDay[];
  topPromotions: Record<ClickTopWindow, TopClickItem[]>;
  topCasinos: Record<ClickTopWindow, TopClickItem[]>;
};

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive), with the counted clicks and 0 elsewhere. */
export function clickDays(rows: readonly { day: string; placement: string; clicks: number }[], from: string, to: string): ClickDay[] {
  const byDay = new Map<string, ClickDay>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, { day, total: 0, card: 0, detail: 0, casino: 0, splash: 0 });
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry || !isOutboundPlacement(row.placement)) continue;
    entry[row.placement] += row.clicks;
    entry.total += row.clicks;
  }
  return [...byDay.values()];
}

const shortDay = new Intl.DateTimeFormat("tr-TR", { day: "numeric", month: "short", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("tr-TR", { day: "numeric", month: "long", year: "numeric", weekday: "short", timeZone: "UTC" });

/** '22 Kas' for a YYYY-MM-DD day (the chart's axis); `long`: '22 Kasım 2026 Paz' (its table). */
export function formatClickDay(day: string, long = false): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return (long ? longDay : shortDay).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The chart's text alternative in one sentence. */
export function clickChartSummary(days: readonly ClickDay[]): string {
  const total = days.reduce((sum, day) => sum + day.total, 0);
  if (total === 0) return `Son ${days.length} günde tıklama yok.`;
  const best = days.reduce((top, day) => (day.total > top.total ? day : top));
  return `Son ${days.length} günde toplam ${formatNumberTr(total)} tıklama; en çok ${formatClickDay(best.day, true)} (${formatNumberTr(best.total)}).`;
}
