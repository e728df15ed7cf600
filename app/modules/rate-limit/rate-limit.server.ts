import { and, desc, eq, lt } from "drizzle-orm";
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

/** When the key is blocked, the time at which it frees; otherwise null. */
export async function blockedUntil(rule: RateLimitRule, key: string, now = new Date()): Promise<Date | null> {
  const recent = await getDb()
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, rule.bucket), eq(rateLimitEvents.key, key)))
    .orderBy(desc(rateLimitEvents.createdAt))
    .limit(rule.limit);
  if (recent.length < rule.limit) return null;
  const newest = recent[0]!.createdAt.getTime();
  const oldest = recent[recent.length - 1]!.createdAt.getTime();
  if (newest - oldest > rule.windowMs) return null;
  const until = new Date(rule.mode === "lockout" ? newest + rule.blockMs : oldest + rule.windowMs);
  return until > now ? until : null;
}

export async function recordEvent(rule: RateLimitRule, key: string): Promise<void> {
  await getDb().insert(rateLimitEvents).values({ bucket: rule.bucket, key });
}

export async function clearEvents(rule: RateLimitRule, key: string): Promise<void> {
  await getDb()
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, rule.bucket), eq(rateLimitEvents.key, key)));
}

/** Drops events older than any window we use (run periodically). */
export async function pruneRateLimitEvents(olderThan: Date): Promise<void> {
  await getDb().delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, olderThan));
}
