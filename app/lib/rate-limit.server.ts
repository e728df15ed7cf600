import { and, eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { getDb } from "~/db/index.server";
import { rateLimitWindows } from "~/db/schema";

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


/**
 * Counts and decides atomically (issue 7, findings 3 and 4): each claim is one upsert on
 * its (bucket, key) row, which PostgreSQL serialises per row; the statement reads the
 * row's newest events, decides, and records the attempt only when allowed. A burst of
 * concurrent requests can never get more than the limit through. Callers reserve BEFORE
 * doing the limited work.
 *
 * One claim is one statement and one round trip (a comment pays no transaction). Several
 * claims run in one transaction: either all are recorded, or none and the answer says
 * until when the caller is blocked. Rows are locked in (bucket, key) order, so two
 * multi-claim callers cannot deadlock.
 */
export async function reserve(claims: RateLimitClaim[], now = new Date()): Promise<Reservation> {
  const entries = claims
    .map(({ rule, key }) => ({ rule, key: storedKey(key) }))
    .sort((a, b) => (a.rule.bucket === b.rule.bucket ? a.key.localeCompare(b.key) : a.rule.bucket.localeCompare(b.rule.bucket)));

  const outcome =
    entries.length === 1
      ? await attempt(getDb(), entries[0]!, now).then((decision) => (decision.blockedUntil ? { ok: false as const, until: decision.blockedUntil } : { ok: true as const }))
      : await getDb()
          .transaction(async (tx) => {
            let until: Date | null = null;
            for (const entry of entries) {
              const { blockedUntil } = await attempt(tx, entry, now);
              if (blockedUntil && (!until || blockedUntil > until)) until = blockedUntil;
            }
            // Undo the claims that were recorded: all or none.
            if (until) throw new Blocked(until);
            return { ok: true as const };
          })
          .catch((error: unknown) => {
            if (error instanceof Blocked) return { ok: false as const, until: error.until };
            throw error;
          });

  if (!outcome.ok) return outcome;
  return {
    ok: true,
    refund: async () => {
      for (const { rule, key } of entries) await removeEvent(rule.bucket, key, now);
    },
  };
}

class Blocked extends Error {
  constructor(readonly until: Date) {
    super("rate limited");
  }
}

type Executor = Pick<ReturnType<typeof getDb>, "execute">;

/**
 * One attempt on one key, in one statement. The row keeps the rule's `limit` newest events,
 * newest first; the attempt is recorded only when those events do not block it. On a
 * conflict PostgreSQL locks the row and evaluates the update against its latest committed
 * version, so concurrent attempts see each other's events.
 */
async function attempt(db: Executor, { rule, key }: { rule: RateLimitRule; key: string }, now: Date): Promise<{ blockedUntil: Date | null }> {
  const limit = rule.limit;
  const windowMs = rule.windowMs;
  const blockMs = rule.mode === "lockout" ? rule.blockMs : null;
  const stamp = now.toISOString();
  const w = rateLimitWindows;
  // Blocked: the `limit` newest events fall within one window, and the lock-out (from the
  // newest) or the window (from the oldest counted) is not yet over.
  const blockedUntil = sql`coalesce(${w.events}[1] + make_interval(secs => ${blockMs}::double precision / 1000), ${w.events}[${limit}::int] + make_interval(secs => ${windowMs}::double precision / 1000))`;
  const blocked = sql`(
    cardinality(${w.events}) >= ${limit}
    and ${w.events}[1] - ${w.events}[${limit}::int] <= make_interval(secs => ${windowMs}::double precision / 1000)
    and ${blockedUntil} > ${stamp}::timestamptz
  )`;
  const result = await db.execute<{ accepted: boolean; until_ms: string | number | null }>(sql`
    insert into ${w} (bucket, key, events, accepted)
    values (${rule.bucket}, ${key}, array[${stamp}::timestamptz], true)
    on conflict (bucket, key) do update set
      accepted = not ${blocked},
      events = case when ${blocked} then ${w.events}
        else (select (array_agg(t order by t desc))[1:${limit}::int] from unnest(array_append(${w.events}, ${stamp}::timestamptz)) as t)
      end
    returning accepted, case when accepted then null else extract(epoch from ${blockedUntil}) * 1000 end as until_ms
  `);
  const row = rowsOf<{ accepted: boolean; until_ms: string | number | null }>(result)[0]!;
  if (row.accepted) return { blockedUntil: null };
  // A concurrent attempt stamped a few milliseconds later may be the newest event: the wait
  // is still never longer than the rule's own (a 15-minute lock-out never says 16 minutes).
  return { blockedUntil: new Date(Math.min(Math.ceil(Number(row.until_ms)), now.getTime() + (blockMs ?? windowMs))) };
}

/** Gives one recorded attempt back (the first event at exactly that time). */
async function removeEvent(bucket: string, key: string, at: Date): Promise<void> {
  const w = rateLimitWindows;
  const stamp = sql`${at.toISOString()}::timestamptz`;
  await getDb()
    .update(w)
    .set({ events: sql`coalesce(${w.events}[:array_position(${w.events}, ${stamp}) - 1] || ${w.events}[array_position(${w.events}, ${stamp}) + 1:], ${w.events})` })
    .where(and(eq(w.bucket, bucket), eq(w.key, key), sql`array_position(${w.events}, ${stamp}) is not null`));
}

/** Both drivers answer execute() with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}


/** Whole minutes until `until`, at least one (for the "try again in N minutes" messages). */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

export async function clearEvents(rule: RateLimitRule, key: string): Promise<void> {
  await getDb()
    .delete(rateLimitWindows)
    .where(and(eq(rateLimitWindows.bucket, rule.bucket), eq(rateLimitWindows.key, storedKey(key))));
}

/** Drops the rows whose newest event is older than any window we use (run periodically). */
export async function pruneRateLimitEvents(olderThan: Date): Promise<void> {
  await getDb()
    .delete(rateLimitWindows)
    .where(sql`coalesce(${rateLimitWindows.events}[1], '-infinity'::timestamptz) < ${olderThan.toISOString()}::timestamptz`);
}
