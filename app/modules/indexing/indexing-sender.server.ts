import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts, indexNowQueue, indexNowSubmissions, promotions } from "~/db/schema";
import type { Env } from "~/env.server";
import type { Tx } from "~/lib/command.server";
import {
  absoluteSubmissionUrl,
  currentIndexNowOptions,
  MAX_URLS_PER_REQUEST,
  postToIndexNow,
  submissionOrigin,
  type IndexNowAnswer,
  type IndexNowOptions,
} from "./indexing.server";
import type { SubmissionOutcome } from "./indexing.schema";

/**
 * Issue 9 §7: the background sender of the IndexNow queue. Each pass claims the due
 * pending rows in one atomic statement (two processes never claim the same row), sends
 * their distinct paths as one request per 10,000 URLs, records the answer in
 * indexnow_submissions, and settles the rows:
 * - 200/202: submitted, and the promotion or post they show is marked `indexed`;
 * - 429: pending again after Retry-After, or an exponential backoff without it;
 * - another 4xx: failed (the request itself is wrong: key, host; an operator retries);
 * - 5xx, no connection, timeout: pending again with a backoff, failed after MAX_ATTEMPTS.
 * A save only inserts a queue row (enqueueIndexing), so nothing here ever delays one.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How often each process looks for due rows. */
export const SENDER_INTERVAL_MS = 30_000;
/** The first pass after start-up. */
const FIRST_PASS_DELAY_MS = 5_000;
/** Backoff: one minute, doubled per attempt, at most six hours. */
export const RETRY_BASE_MS = MINUTE;
export const RETRY_CAP_MS = 6 * HOUR;
/** A Retry-After beyond a day is taken as a day. */
export const RETRY_AFTER_CAP_MS = 24 * HOUR;
/** Server errors and lost connections: the row fails after this many attempts (a 429 never fails it). */
export const MAX_ATTEMPTS = 8;
/**
 * A row stays 'sending' only while its request is on its way (at most the 15 s timeout);
 * one still 'sending' after this was claimed by a process that died, and is due again.
 */
export const SENDING_LEASE_MS = 5 * MINUTE;
/** Submitted rows and submission records are kept this long for the operators' screen. */
const KEEP_SUBMITTED_MS = 30 * 24 * HOUR;
const KEEP_SUBMISSIONS_MS = 90 * 24 * HOUR;

export type IndexingBatch = { rows: number; urlCount: number; outcome: SubmissionOutcome; httpStatus: number | null };
export type IndexingRun =
  /** IndexNow is off (no INDEXNOW_KEY). */
  | { state: "off"; batches: [] }
  /** PUBLIC_SITE_URL is unset: the submitted URLs would have no origin, so the queue waits. */
  | { state: "no-site-url"; batches: [] }
  | { state: "ran"; batches: IndexingBatch[] };

export type RunOptions = {
  /** The pass's clock (tests move it past a backoff instead of waiting). */
  now?: Date;
  /** Rows claimed per request; the protocol's 10,000 unless a test says less. */
  batchSize?: number;
  /** Aborted when the server stops: the request in flight is abandoned and its rows are due again. */
  signal?: AbortSignal;
};

let warnedNoSiteUrl = false;

/**
 * One pass over the queue: releases stale claims, then claims and sends batches until none
 * is due or one is not accepted (the endpoint is refusing or down: the rest waits too).
 */
export async function runIndexingOnce(options: RunOptions = {}): Promise<IndexingRun> {
  const config = currentIndexNowOptions();
  if (!config) return { state: "off", batches: [] };
  const origin = submissionOrigin(config);
  if (!origin) {
    if (!warnedNoSiteUrl) console.warn("IndexNow: PUBLIC_SITE_URL is unset, so queued URLs have no origin; nothing is sent until it is set");
    warnedNoSiteUrl = true;
    return { state: "no-site-url", batches: [] };
  }
  warnedNoSiteUrl = false;
  const now = options.now ?? new Date();
  const batchSize = Math.max(1, Math.min(MAX_URLS_PER_REQUEST, options.batchSize ?? MAX_URLS_PER_REQUEST));
  await releaseStaleClaims(now);
  const batches: IndexingBatch[] = [];
  while (!options.signal?.aborted) {
    const rows = await claimDueRows(now, batchSize);
    if (rows.length === 0) break;
    const batch = await sendBatch(rows, origin, config, now, options.signal);
    if (!batch) break;
    batches.push(batch);
    if (batch.outcome !== "submitted") break;
  }
  return { state: "ran", batches };
}

type ClaimedRow = { id: number; path: string; entityType: string | null; entityId: string | null };

/**
 * Claims due pending rows in one statement: the inner SELECT locks them and skips rows
 * another process has locked, and the UPDATE re-checks the status, so each row goes to
 * exactly one sender.
 */
async function claimDueRows(now: Date, limit: number): Promise<ClaimedRow[]> {
  const due = getDb()
    .select({ id: indexNowQueue.id })
    .from(indexNowQueue)
    // Due up to the end of `now`'s millisecond: the column keeps the database's microseconds, a
    // Date only milliseconds, so a row queued in the same millisecond would wait a whole pass.
    .where(and(eq(indexNowQueue.status, "pending"), lt(indexNowQueue.nextAttemptAt, new Date(now.getTime() + 1))))
    .orderBy(asc(indexNowQueue.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return getDb()
    .update(indexNowQueue)
    .set({ status: "sending", updatedAt: now })
    .where(and(inArray(indexNowQueue.id, due), eq(indexNowQueue.status, "pending")))
    .returning({ id: indexNowQueue.id, path: indexNowQueue.path, entityType: indexNowQueue.entityType, entityId: indexNowQueue.entityId });
}

/** Rows a dead process left 'sending' are due again. */
async function releaseStaleClaims(now: Date): Promise<void> {
  await getDb()
    .update(indexNowQueue)
    .set({ status: "pending", nextAttemptAt: now, updatedAt: now })
    .where(and(eq(indexNowQueue.status, "sending"), lt(indexNowQueue.updatedAt, new Date(now.getTime() - SENDING_LEASE_MS))));
}

type Verdict = {
  outcome: SubmissionOutcome;
  httpStatus: number | null;
  detail: string | null;
  /** What happens to the rows: a fixed next attempt (Retry-After) or the exponential backoff. */
  rows: { status: "submitted" } | { status: "failed" } | { status: "retry"; at: Date | null; mayFail: boolean };
};

function judge(answer: IndexNowAnswer, options: IndexNowOptions, now: Date): Verdict {
  if (answer.kind === "unanswered") {
    const detail = answer.timedOut ? `Zaman aşımı: ${Math.round(options.timeoutMs / 1000)} sn içinde yanıt yok` : `Bağlantı hatası: ${answer.reason}`;
    return { outcome: "error", httpStatus: null, detail, rows: { status: "retry", at: null, mayFail: true } };
  }
  const { status } = answer;
  const excerpt = answer.body ? `: ${answer.body}` : "";
  if (status === 200 || status === 202) return { outcome: "submitted", httpStatus: status, detail: null, rows: { status: "submitted" } };
  if (status === 429) {
    const at = retryAfterTime(answer.retryAfter, now);
    const detail = at ? `Retry-After: ${answer.retryAfter}` : "Retry-After yok: üstel bekleme";
    return { outcome: "rate-limited", httpStatus: status, detail, rows: { status: "retry", at, mayFail: false } };
  }
  if (status >= 400 && status < 500) return { outcome: "rejected", httpStatus: status, detail: `HTTP ${status}${excerpt}`, rows: { status: "failed" } };
  // 5xx and anything unexpected: the endpoint's trouble, tried again later.
  const at = status === 503 ? retryAfterTime(answer.retryAfter, now) : null;
  return { outcome: "error", httpStatus: status, detail: `HTTP ${status}${excerpt}`, rows: { status: "retry", at, mayFail: true } };
}

/** Retry-After as seconds or an HTTP date, kept between a second and a day; null when absent or unreadable. */
export function retryAfterTime(value: string | null, now: Date): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  const delay = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(delay)) return null;
  return new Date(now.getTime() + Math.min(RETRY_AFTER_CAP_MS, Math.max(1000, delay)));
}

async function sendBatch(rows: ClaimedRow[], origin: string, options: IndexNowOptions, now: Date, signal: AbortSignal | undefined): Promise<IndexingBatch | null> {
  const ids = rows.map((row) => row.id);
  const urls = [...new Set(rows.map((row) => row.path))].map((path) => absoluteSubmissionUrl(origin, path));
  const answer = await postToIndexNow(urls, origin, options, signal);
  if (signal?.aborted && answer.kind === "unanswered") {
    // The server is stopping: not the endpoint's fault, so no attempt is counted.
    await getDb()
      .update(indexNowQueue)
      .set({ status: "pending", updatedAt: now })
      .where(and(inArray(indexNowQueue.id, ids), eq(indexNowQueue.status, "sending")));
    return null;
  }
  const verdict = judge(answer, options, now);
  if (verdict.outcome !== "submitted") {
    const what = verdict.httpStatus === null ? "no answer" : `HTTP ${verdict.httpStatus}`;
    console.warn(`IndexNow: ${urls.length} URL(s) not accepted (${what}, ${verdict.outcome}): ${verdict.detail ?? ""}`.replace(/\s+/g, " "));
  }
  await getDb().transaction(async (tx) => {
    const [submission] = await tx
      .insert(indexNowSubmissions)
      .values({ urlCount: urls.length, httpStatus: verdict.httpStatus, outcome: verdict.outcome, detail: verdict.detail, durationMs: answer.durationMs, createdAt: now })
      .returning({ id: indexNowSubmissions.id });
    const claimed = and(inArray(indexNowQueue.id, ids), eq(indexNowQueue.status, "sending"));
    const attempts = sql`${indexNowQueue.attempts} + 1`;
    const common = { attempts, submissionId: submission!.id, updatedAt: now };
    if (verdict.rows.status === "submitted" || verdict.rows.status === "failed") {
      await tx.update(indexNowQueue).set({ ...common, status: verdict.rows.status }).where(claimed);
      if (verdict.rows.status === "submitted") await markIndexed(tx, rows);
      return;
    }
    const nextAttemptAt = verdict.rows.at ?? backoffFrom(now);
    const status = verdict.rows.mayFail ? sql`case when ${indexNowQueue.attempts} + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end` : "pending";
    await tx.update(indexNowQueue).set({ ...common, status, nextAttemptAt }).where(claimed);
  });
  return { rows: rows.length, urlCount: urls.length, outcome: verdict.outcome, httpStatus: verdict.httpStatus };
}

/** now + one minute × 2^attempts (the attempts before this one), at most six hours; per row. */
function backoffFrom(now: Date) {
  return sql`${now.toISOString()}::timestamptz + least(${RETRY_BASE_MS}::float8 * power(2, least(${indexNowQueue.attempts}, 30)), ${RETRY_CAP_MS}::float8) * interval '1 millisecond'`;
}

/**
 * Sets `indexed` on what the accepted URLs show, if it is still public: a promotion
 * deactivated or a post unpublished meanwhile is not marked.
 */
async function markIndexed(tx: Tx, rows: ClaimedRow[]): Promise<void> {
  const idsOf = (type: string) => [...new Set(rows.filter((row) => row.entityType === type && row.entityId).map((row) => row.entityId!))];
  const promotionIds = idsOf("promotion");
  const postIds = idsOf("blog-post");
  if (promotionIds.length > 0) await tx.update(promotions).set({ indexed: true }).where(and(inArray(promotions.id, promotionIds), eq(promotions.isActive, true)));
  if (postIds.length > 0) await tx.update(blogPosts).set({ indexed: true }).where(and(inArray(blogPosts.id, postIds), eq(blogPosts.isPublished, true)));
}

/** Forgets old history: submitted rows after 30 days, submission records after 90. */
export async function pruneIndexingHistory(now: Date = new Date()): Promise<void> {
  await getDb()
    .delete(indexNowQueue)
    .where(and(eq(indexNowQueue.status, "submitted"), lt(indexNowQueue.updatedAt, new Date(now.getTime() - KEEP_SUBMITTED_MS))));
  await getDb()
    .delete(indexNowSubmissions)
    .where(lt(indexNowSubmissions.createdAt, new Date(now.getTime() - KEEP_SUBMISSIONS_MS)));
}

/**
 * Starts this process's sender: a pass every SENDER_INTERVAL_MS, never two at once.
 * Returns the stop function (graceful shutdown): it abandons a request in flight, waits
 * for the pass to settle its rows, and only then may the database close.
 */
export function startIndexingSender(intervalMs: number = SENDER_INTERVAL_MS): () => Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let lastPrune = 0;
  const pass = async () => {
    await runIndexingOnce({ signal: controller.signal });
    if (Date.now() - lastPrune >= HOUR) {
      lastPrune = Date.now();
      await pruneIndexingHistory();
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => console.error("IndexNow sender pass failed:", error))
        .finally(() => {
          running = undefined;
          if (!controller.signal.aborted) schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(Math.min(FIRST_PASS_DELAY_MS, intervalMs));
  return async () => {
    controller.abort();
    clearTimeout(timer);
    await running;
  };
}

/**
 * The process's sender, started where the server starts its background work
 * (server/runtime.ts): only with INDEXNOW_KEY set and INDEXNOW_SENDER not turned off
 * (tests that start a server with a key but want no background requests turn it off).
 */
export function startIndexingSenderFromEnv(env: Pick<Env, "INDEXNOW_KEY" | "INDEXNOW_SENDER">): () => Promise<void> {
  if (!env.INDEXNOW_KEY || !env.INDEXNOW_SENDER) return async () => {};
  return startIndexingSender();
}
