import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { getDb } from "~/db/index.server";
import { rateLimitEvents } from "~/db/schema";

/**
 * A sliding-window limit over events stored in the database: every server process
 * sees the same counts, on PGlite and on PostgreSQL alike.
 */
export type RateLimitRule = {
  bucket: string;
  /** How many events the window allows. */
  limit: number;
  windowMs: number;
  /**
   * "lockout": blocked for blockMs from the event that reached the limit (sign-in).
   * "sliding": blocked until the oldest counted event leaves the window (comments).
   */
  mode: "lockout" | "sliding";
  blockMs: number;
};

export type RateLimitClaim = { rule: RateLimitRule; key: string };

export type Reservation =
  | {
      ok: true;
      /** Gives the reserved events back, as if the attempt had never been made. */
      refund: () => Promise<void>;
    }
  | { ok: false; until: Date };

/**
 * Keys arrive from the outside (an email, an X-Forwarded-For address) at any length; a
 * btree row has a size limit. A digest bounds them, and keeps emails and addresses out of
 * this table. Plain SHA-256, not a keyed hash: every process must derive the same key.
 */
export function storedKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

/** A 64-bit advisory-lock id for one bucket and key. */
function lockId(bucket: string, key: string): string {
  return crypto.createHash("sha256").update(`${bucket}\0${key}`).digest().readBigInt64BE(0).toString();
}

/** When the key is blocked, given its most recent events (newest first); otherwise null. */
function blockedUntilOf(rule: RateLimitRule, newestFirst: Date[], now: Date): Date | null {
  if (newestFirst.length < rule.limit) return null;
  const newest = newestFirst[0]!.getTime();
  const oldest = newestFirst[rule.limit - 1]!.getTime();
  if (newest - oldest > rule.windowMs) return null;
  const until = new Date(rule.mode === "lockout" ? newest + rule.blockMs : oldest + rule.windowMs);
  return until > now ? until : null;
}

/**
 * Counts and decides atomically: under a transaction-scoped advisory lock per bucket and
 * key, either every claim is below its limit and one event is recorded for each, or none
 * is recorded and the answer says until when the caller is blocked. Callers reserve
 * BEFORE doing the limited work, so a burst of concurrent requests can never get more
 * than the limit through (issue 7, findings 3 and 4).
 *
 * On PostgreSQL the advisory locks serialise concurrent callers across connections and
 * processes. PGlite is one connection whose transaction() holds a mutex that every other
 * query and transaction waits for, so its transactions are serialised as well (the lock
 * statements are then granted at once).
 */
export async function reserve(claims: RateLimitClaim[], now = new Date()): Promise<Reservation> {
  const entries = claims.map(({ rule, key }) => ({ rule, key: storedKey(key) }));
  // A fixed order, so two callers claiming the same pair of keys cannot deadlock.
  const locks = [...new Set(entries.map((e) => lockId(e.rule.bucket, e.key)))].sort();

  const outcome = await getDb().transaction(async (tx) => {
    for (const id of locks) await tx.execute(sql`select pg_advisory_xact_lock(${id}::bigint)`);

    let until: Date | null = null;
    for (const { rule, key } of entries) {
      const recent = await tx
        .select({ createdAt: rateLimitEvents.createdAt })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, rule.bucket), eq(rateLimitEvents.key, key)))
        .orderBy(desc(rateLimitEvents.createdAt))
        .limit(rule.limit);
      const blocked = blockedUntilOf(rule, recent.map((r) => r.createdAt), now);
      if (blocked && (!until || blocked > until)) until = blocked;
    }
    if (until) return { ok: false as const, until };

    const rows = await tx
      .insert(rateLimitEvents)
      .values(entries.map(({ rule, key }) => ({ bucket: rule.bucket, key, createdAt: now })))
      .returning({ id: rateLimitEvents.id });
    return { ok: true as const, ids: rows.map((r) => r.id) };
  });

  if (!outcome.ok) return outcome;
  return {
    ok: true,
    refund: async () => {
      await getDb().delete(rateLimitEvents).where(inArray(rateLimitEvents.id, outcome.ids));
    },
  };
}

/** Whole minutes until `until`, at least one (for the "try again in N minutes" messages). */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

export async function clearEvents(rule: RateLimitRule, key: string): Promise<void> {
  await getDb()
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, rule.bucket), eq(rateLimitEvents.key, storedKey(key))));
}

/** Drops events older than any window we use (run periodically). */
export async function pruneRateLimitEvents(olderThan: Date): Promise<void> {
  await getDb().delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, olderThan));
}
