import { sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { pageStore, PROMOTION_LISTS_TAG } from "~/lib/page-cache.server";

// Issue 11 §2: the pages listing offers show each one's rating ('4,3 / 5 · 12 yorum'). A
// comment refreshes only its own promotion's page (the page cache would stop working under
// comment traffic if it dropped every list); this sweep, once a minute in every process,
// marks this process's lists stale when comments arrived since the last sweep (ADR 010:
// still served, each rendered again once in the background), so a list's rating lags a
// comment by about a minute at most. Every process runs its own sweep, so nothing is
// broadcast. Expiries need no sweep: the page store drops every page the moment the next
// expiry passes (PageStore.watchExpiry), and an expiry written by SQL is gone with the
// page's lifetime (a minute).

export const LIST_SWEEP_INTERVAL_MS = 60_000;

/**
 * A comment's created_at is its transaction's start: one committed just after a sweep
 * read the clock can carry an earlier time. The next sweep looks back this much further
 * (a comment near a sweep may refresh the lists twice; none is missed).
 */
export const COMMENT_LOOK_BACK_MS = 5_000;

export type ListSweep = {
  /** The database's clock when this sweep looked: the next sweep's `since`. */
  at: Date;
  /** Comments were written after since - COMMENT_LOOK_BACK_MS. */
  commented: boolean;
  /** The tags whose pages this sweep marked stale. */
  refreshed: string[];
};

/** The database's clock (every process and the rows agree on it, whatever the hosts' clocks say). */
export async function databaseNow(): Promise<Date> {
  const result = await getDb().execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
  return new Date((result as unknown as { rows: { ms: number }[] }).rows[0]!.ms);
}

/** One sweep: whether comments arrived since `since` (a time read from databaseNow), and the pages it marks stale. */
export async function sweepPromotionLists(since: Date): Promise<ListSweep> {
  const lookBack = new Date(since.getTime() - COMMENT_LOOK_BACK_MS).toISOString();
  // One index look-up (promotion_comments_created_idx) that stops at the first row.
  const result = await getDb().execute(sql`
    select (extract(epoch from now()) * 1000)::float8 as ms,
      exists (select 1 from promotion_comments where created_at > ${lookBack}::timestamptz) as commented`);
  const row = (result as unknown as { rows: { ms: number; commented: boolean }[] }).rows[0]!;
  const refreshed = row.commented ? [PROMOTION_LISTS_TAG] : [];
  if (refreshed.length > 0) pageStore().markStale(refreshed);
  return { at: new Date(row.ms), commented: row.commented, refreshed };
}

export type ListSweeper = {
  /** Runs one sweep now, unless one is running (then waits for that one). */
  sweep: () => Promise<ListSweep | null>;
  /** No further sweeps; resolves once a running one has finished (before the database closes). */
  stop: () => Promise<void>;
};

/**
 * Starts this process's sweep: the first one reads the clock only (the process has no cached
 * pages yet), then one every LIST_SWEEP_INTERVAL_MS. Sweeps never overlap; a failed one is logged and
 * the next one looks back to the last good one.
 */
export function startListSweep(): ListSweeper {
  let since: Date | null = null;
  let running: Promise<ListSweep | null> | null = null;
  let stopped = false;

  const sweep = (): Promise<ListSweep | null> => {
    if (stopped) return Promise.resolve(null);
    running ??= (async () => {
      if (since === null) {
        since = await databaseNow();
        return null;
      }
      const outcome = await sweepPromotionLists(since);
      since = outcome.at;
      return outcome;
    })()
      .catch((error: unknown) => {
        console.error("Promotion list sweep failed:", error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void sweep(), LIST_SWEEP_INTERVAL_MS);
  // The sweep alone never keeps the process alive.
  timer.unref();
  const first = sweep();

  return {
    sweep,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await first;
      await running;
    },
  };
}
