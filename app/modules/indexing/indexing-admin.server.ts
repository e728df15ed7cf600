import { count, desc, eq, min } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { indexNowQueue, indexNowSubmissions } from "~/db/schema";
import { recordAudit, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { ADMIN_PAGE_SIZE, pageCountOf, type Paged } from "~/lib/list-query";
import { currentIndexNowOptions, submissionOrigin } from "./indexing.server";
import { runIndexingOnce, type IndexingRun } from "./indexing-sender.server";
import type { IndexingOverview, IndexingQueueItem, IndexingSubmissionItem, QueueStatus } from "./indexing.schema";

// Issue 9 §7: what operators see of the IndexNow queue, and what they can do with it.

/** The submissions the screen lists, newest first. */
export const RECENT_SUBMISSIONS = 20;

/** Queue changes show on no public page. */
const INDEXING_COMMANDS: DomainCommands = { entity: "indexing", invalidates: [] };

export async function getIndexingOverview(): Promise<IndexingOverview> {
  const options = currentIndexNowOptions();
  const origin = options ? submissionOrigin(options) : null;
  const db = getDb();
  const [byStatus, [next]] = await Promise.all([
    db.select({ status: indexNowQueue.status, n: count() }).from(indexNowQueue).groupBy(indexNowQueue.status),
    db.select({ at: min(indexNowQueue.nextAttemptAt) }).from(indexNowQueue).where(eq(indexNowQueue.status, "pending")),
  ]);
  const counts: Record<QueueStatus, number> = { pending: 0, sending: 0, submitted: 0, failed: 0 };
  for (const row of byStatus) if (Object.hasOwn(counts, row.status)) counts[row.status as QueueStatus] = row.n;
  return {
    enabled: options !== null,
    canSend: origin !== null,
    keyLocation: options && origin ? `${origin}/${options.key}.txt` : null,
    counts,
    nextAttemptAt: next?.at?.toISOString() ?? null,
  };
}

export async function listRecentSubmissions(limit: number = RECENT_SUBMISSIONS): Promise<IndexingSubmissionItem[]> {
  const rows = await getDb().select().from(indexNowSubmissions).orderBy(desc(indexNowSubmissions.createdAt), desc(indexNowSubmissions.id)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The queue, newest first, one admin page at a time; optionally one status only. */
export async function listIndexingQueue(query: { page: number; status: QueueStatus | null }): Promise<Paged<IndexingQueueItem>> {
  const db = getDb();
  const where = query.status ? eq(indexNowQueue.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: indexNowQueue.id,
        path: indexNowQueue.path,
        reason: indexNowQueue.reason,
        status: indexNowQueue.status,
        attempts: indexNowQueue.attempts,
        nextAttemptAt: indexNowQueue.nextAttemptAt,
        createdAt: indexNowQueue.createdAt,
      })
      .from(indexNowQueue)
      .where(where)
      .orderBy(desc(indexNowQueue.createdAt), desc(indexNowQueue.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(indexNowQueue).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, nextAttemptAt: row.nextAttemptAt.toISOString(), createdAt: row.createdAt.toISOString() })),
    total: n,
    page: query.page,
    pageCount: pageCountOf(n),
  };
}

/**
 * 'Şimdi gönder': one pass of the sender, right away, over the rows that are due (a row
 * waiting out a 429 keeps waiting). The pass cannot run inside a command's transaction (it
 * waits on the endpoint, and its own claim must commit first), so it is audited after it.
 */
export async function sendIndexingNow(actor: Actor): Promise<IndexingRun> {
  let run: IndexingRun;
  try {
    run = await runIndexingOnce();
  } catch (error) {
    await recordAudit({ action: "indexing.send", actor, entityType: "indexing", summary: "Gönderim yapılamadı", outcome: "failure" }).catch(() => {});
    throw error;
  }
  const urls = run.batches.reduce((sum, batch) => sum + batch.urlCount, 0);
  const accepted = run.batches.every((batch) => batch.outcome === "submitted");
  await recordAudit({
    action: "indexing.send",
    actor,
    entityType: "indexing",
    summary: run.state === "off" ? "IndexNow kapalı" : run.state === "no-site-url" ? "PUBLIC_SITE_URL ayarlı değil" : `${run.batches.length} istek, ${urls} adres`,
    outcome: run.state === "ran" && accepted ? "success" : "failure",
  });
  return run;
}

/** 'Başarısızları yeniden dene': every failed row is due again with its attempts reset. */
export function retryFailedIndexing(actor: Actor, now: Date = new Date()): Promise<CommandResult<{ count: number }>> {
  return runCommand(INDEXING_COMMANDS, "retry", actor, async (tx) => {
    const rows = await tx
      .update(indexNowQueue)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(eq(indexNowQueue.status, "failed"))
      .returning({ id: indexNowQueue.id });
    return { value: { count: rows.length }, target: { id: null, summary: `${rows.length} başarısız adres yeniden kuyrukta` } };
  });
}

