import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { aiJobs, blogPosts, type AiJob, type NewBlogPost } from "~/db/schema";
import { auditInTx, pgErrorOf, reject, runCommand, type Actor, type DomainCommands, type Tx } from "~/lib/command.server";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { htmlToText } from "~/lib/text";
import { BlogPostFormSchema } from "~/modules/blog/blog.schema";
import { BLOG_POST_COMMANDS, insertPostsInTx } from "~/modules/blog/blog.server";
import { enableScheduledPublishingInTx } from "~/modules/publishing/publishing.server";
import {
  AI_MESSAGES,
  BLOG_FIELD_LIMITS,
  BULK_AUTHOR,
  BULK_JOB_KIND,
  bulkSavedMessage,
  bulkSaveErrorMessage,
  bulkSavePartialMessage,
  fitExcerpt,
  fitKeywords,
  fitText,
  fitTitle,
  OPEN_BULK_JOB_STATUSES,
  RUNNING_BULK_JOB_STATUSES,
  StoredBulkInputSchema,
  type AiBulkInput,
  type BulkGeneratedPost,
  type BulkJobStatus,
  type BulkJobView,
  type BulkPostProgress,
  type BulkSaveOutcome,
} from "./ai.schema";
import { AI_TIMEOUT_MS, generateBlogPost, generateIdeas, generateSeo, isAiConfigured } from "./ai.server";

/**
 * Bulk AI writing as a server job (issue 9 §4, admin.md §2 and §4 "Bulk save"). The dialog
 * only starts a job and polls it; a worker in the server process writes the posts one at a
 * time (ideas, then each post's content, then its SEO) and records each step in the job's
 * `progress`, so a closed tab loses nothing and a returning operator sees where it stands.
 *
 * Claiming is one UPDATE whose row comes from `... for update skip locked`: two processes on
 * one PostgreSQL never run the same job. The claim time is the lease: every later write of
 * the worker names it, so a job taken over (or discarded) stops being written by its old worker.
 *
 * A job left `running` by a process that died (docs/decisions/009-ai-writing-and-bulk-jobs.md):
 * - it is resumed, not failed: the posts already written are kept, the one being written
 *   when the process died is marked failed (its step may be what killed the process, so it
 *   is not retried), and the run continues with the next;
 * - on the embedded database only one process can exist, so at start-up every `running`
 *   job is such a job and is queued again at once; on PostgreSQL another live process may
 *   own it, so it is taken over only once it has not been written for BULK_JOB_STALE_MS
 *   (a worker writes after every step, and one step is a single call bounded by its timeout);
 * - a server that stops cleanly stops its call and puts the job back in the queue with the
 *   post it was writing marked waiting again, so nothing is lost.
 */

/** Longer than any single step (one call, bounded by its timeout) between two writes. */
export const BULK_JOB_STALE_MS = 2 * AI_TIMEOUT_MS + 30_000;
const POLL_MS = 5_000;
// How long an unfinished job is offered again to its operator.
const OPEN_JOB_DAYS = 7;

/** A job changes no public page; its save adds the blog's pages (BLOG_POST_COMMANDS.invalidates). */
const JOB_COMMANDS: DomainCommands = { entity: "ai-job", invalidates: [] };

type JobResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409 | 500 | 503; error: string };

// ---- Reading jobs -----------------------------------------------------------------------

function storedInput(job: AiJob): AiBulkInput | null {
  const parsed = StoredBulkInputSchema.safeParse(job.input);
  return parsed.success ? parsed.data : null;
}

function storedResults(job: Pick<AiJob, "results">): BulkGeneratedPost[] {
  return Array.isArray(job.results) ? (job.results as BulkGeneratedPost[]) : [];
}

function toView(job: AiJob): BulkJobView {
  const input = storedInput(job) ?? { topic: "", count: 0, perDay: 0 };
  return {
    id: job.id,
    status: job.status as BulkJobStatus,
    input,
    progress: Array.isArray(job.progress) ? (job.progress as BulkPostProgress[]) : [],
    // The dialog shows titles, excerpts and keywords; the content stays here until it is saved.
    results: storedResults(job).map(({ content: _content, ...rest }) => rest),
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

export async function getBulkJob(jobId: string): Promise<BulkJobView | null> {
  if (!isUuid(jobId)) return null;
  const [job] = await getDb()
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.id, jobId), eq(aiJobs.kind, BULK_JOB_KIND)))
    .limit(1);
  return job ? toView(job) : null;
}

/** The operator's newest job that still has something to show (progress, results or its failure). */
export async function latestOpenBulkJob(userId: string): Promise<BulkJobView | null> {
  const [job] = await getDb()
    .select()
    .from(aiJobs)
    .where(
      and(
        eq(aiJobs.createdBy, userId),
        eq(aiJobs.kind, BULK_JOB_KIND),
        inArray(aiJobs.status, OPEN_BULK_JOB_STATUSES),
        gt(aiJobs.createdAt, sql`now() - ${OPEN_JOB_DAYS}::int * interval '1 day'`),
      ),
    )
    .orderBy(desc(aiJobs.createdAt))
    .limit(1);
  return job ? toView(job) : null;
}

// ---- Starting and discarding -------------------------------------------------------------

/** Queues a run of `count` posts on `topic`; one open run per operator at a time. */
export async function startBulkJob(actor: Actor, input: AiBulkInput): Promise<JobResult<{ jobId: string }>> {
  if (!isAiConfigured()) return { ok: false, status: 503, error: AI_MESSAGES.notConfigured };
  const result = await runCommand(
    JOB_COMMANDS,
    "create",
    actor,
    async (tx) => {
      if (actor.userId) {
        // Two clicks at once must not start two runs: the operator's starts take turns.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai-job:${actor.userId}`}::text))`);
        const [busy] = await tx
          .select({ id: aiJobs.id })
          .from(aiJobs)
          .where(and(eq(aiJobs.createdBy, actor.userId), eq(aiJobs.kind, BULK_JOB_KIND), inArray(aiJobs.status, RUNNING_BULK_JOB_STATUSES)))
          .limit(1);
        if (busy) return reject({ "": [AI_MESSAGES.jobBusy] });
      }
      const [job] = await tx.insert(aiJobs).values({ kind: BULK_JOB_KIND, input, createdBy: actor.userId }).returning({ id: aiJobs.id });
      return { value: job!.id, target: { id: job!.id, summary: `${input.count} yazı: ${input.topic}` } };
    },
    { id: null, summary: input.topic },
  );
  if (!result.ok) return { ok: false, status: 409, error: result.fieldErrors[""]?.[0] ?? AI_MESSAGES.jobBusy };
  nudgeBulkWorker();
  return { ok: true, value: { jobId: result.value } };
}

/** Cancel (admin.md §2): the results are dropped; a run still writing stops at its next step. */
export async function discardBulkJob(actor: Actor, jobId: string): Promise<JobResult<{ jobId: string }>> {
  if (!isUuid(jobId)) return { ok: false, status: 404, error: AI_MESSAGES.jobNotFound };
  const result = await runCommand(
    JOB_COMMANDS,
    "discard",
    actor,
    async (tx) => {
      const [job] = await tx
        .update(aiJobs)
        .set({ status: "discarded", updatedAt: sql`now()` })
        .where(and(eq(aiJobs.id, jobId), eq(aiJobs.kind, BULK_JOB_KIND), inArray(aiJobs.status, OPEN_BULK_JOB_STATUSES)))
        .returning({ id: aiJobs.id });
      if (!job) return reject({ "": [(await jobExists(tx, jobId)) ? AI_MESSAGES.jobClosed : AI_MESSAGES.jobNotFound] });
      return { value: { jobId }, target: { id: jobId, summary: "Toplu AI içerikleri iptal edildi" } };
    },
    { id: jobId, summary: "" },
  );
  if (!result.ok) {
    const error = result.fieldErrors[""]?.[0] ?? AI_MESSAGES.jobNotFound;
    return { ok: false, status: error === AI_MESSAGES.jobClosed ? 409 : 404, error };
  }
  // A run of this process stops its call at once instead of at its next write.
  running.get(jobId)?.abort();
  return result;
}

async function jobExists(tx: Tx, jobId: string): Promise<boolean> {
  const [row] = await tx.select({ id: aiJobs.id }).from(aiJobs).where(eq(aiJobs.id, jobId)).limit(1);
  return Boolean(row);
}

// ---- The worker ----------------------------------------------------------------------------

/** Runs of this process, so a discard can stop the call in flight. */
const running = new Map<string, AbortController>();

/**
 * Claims the oldest queued job (or one abandoned by a dead process), atomically: the row
 * comes from `for update skip locked`, so concurrent claims never return the same job.
 */
export async function claimNextBulkJob(staleMs: number = BULK_JOB_STALE_MS): Promise<AiJob | null> {
  const db = getDb();
  const next = db
    .select({ id: aiJobs.id })
    .from(aiJobs)
    .where(
      and(
        eq(aiJobs.kind, BULK_JOB_KIND),
        or(eq(aiJobs.status, "queued"), and(eq(aiJobs.status, "running"), lt(aiJobs.updatedAt, sql`now() - ${staleMs}::int * interval '1 millisecond'`))),
      ),
    )
    .orderBy(asc(aiJobs.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  // The lease is set from this clock in whole milliseconds, so later writes can name it exactly.
  const [job] = await db
    .update(aiJobs)
    .set({ status: "running", claimedAt: new Date(), updatedAt: sql`now()` })
    .where(inArray(aiJobs.id, next))
    .returning();
  return job ?? null;
}

/** Embedded database: a `running` job at start-up was left by a process that no longer exists. */
export async function requeueInterruptedBulkJobs(): Promise<number> {
  const rows = await getDb()
    .update(aiJobs)
    .set({ status: "queued", updatedAt: sql`now()` })
    .where(and(eq(aiJobs.kind, BULK_JOB_KIND), eq(aiJobs.status, "running")))
    .returning({ id: aiJobs.id });
  return rows.length;
}

type RunOutcome = "finished" | "lost" | "stopped";

/** Whether a write of the job went through, found the job no longer this worker's, or was refused by the database. */
type Written = "written" | "lost" | "refused";

/**
 * One log line for a write of the job the database refused: its SQLSTATE and message,
 * never the values (the post's text) nor a stack.
 */
function logRefusedWrite(jobId: string, what: string, error: unknown): void {
  const pg = pgErrorOf(error);
  const reason = pg ? `${pg.code} ${pg.message}` : error instanceof Error ? error.name : "unknown error";
  console.error(`AI bulk job ${jobId}: could not store ${what} (${reason.replace(/\s+/g, " ").slice(0, 160)})`);
}

/** A generated post cut to the blog editor's limits (also the stored results of earlier runs). */
function fitForEditor(post: BulkGeneratedPost): BulkGeneratedPost {
  return {
    ...post,
    title: fitTitle([post.title]),
    excerpt: fitExcerpt(post.excerpt, htmlToText(post.content)),
    category: fitText(post.category, BLOG_FIELD_LIMITS.category.max),
    seoTitle: fitText(post.seoTitle, BLOG_FIELD_LIMITS.seo.title),
    seoDescription: fitText(post.seoDescription, BLOG_FIELD_LIMITS.seo.description),
    seoKeywords: fitKeywords(post.seoKeywords, BLOG_FIELD_LIMITS.seo.keywords),
  };
}

/** Why the blog editor would refuse the post as it would be saved (its first message), or null. */
function editorRefusal(post: BulkGeneratedPost): string | null {
  const checked = BlogPostFormSchema.safeParse({
    title: post.title,
    category: post.category,
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: "",
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    seoKeywords: post.seoKeywords,
    slug: "",
  });
  return checked.success ? null : `${AI_MESSAGES.postUnfit}: ${checked.error.issues[0]?.message ?? ""}`;
}

async function processJob(job: AiJob, signal: AbortSignal): Promise<RunOutcome> {
  const db = getDb();
  const lease = job.claimedAt!;
  const mine = and(eq(aiJobs.id, job.id), eq(aiJobs.status, "running"), eq(aiJobs.claimedAt, lease));
  /**
   * Writes the job if it is still this worker's: "lost" when it was discarded or taken
   * over, "refused" (logged in one line) when the database would not store the values.
   */
  const write = async (patch: Partial<Pick<AiJob, "progress" | "results" | "status" | "error">>, what: string): Promise<Written> => {
    try {
      const rows = await db
        .update(aiJobs)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(mine)
        .returning({ id: aiJobs.id });
      return rows.length > 0 ? "written" : "lost";
    } catch (error) {
      logRefusedWrite(job.id, what, error);
      return "refused";
    }
  };
  /** Ends the run as failed; a job whose record takes nothing more is left to be taken over. */
  const fail = async (error: string): Promise<RunOutcome> => ((await write({ status: "failed", error }, "the job's failure")) === "written" ? "finished" : "lost");

  const input = storedInput(job);
  if (!input) return fail(AI_MESSAGES.jobNoneSucceeded);
  // A post caught mid-step belonged to a process that died: it is not retried.
  const stored = Array.isArray(job.progress) ? (job.progress as BulkPostProgress[]) : [];
  let progress = stored.map((entry): BulkPostProgress => (entry.step === "content" || entry.step === "seo" ? { ...entry, step: "failed", error: AI_MESSAGES.jobInterrupted } : entry));
  let results = storedResults(job);
  let lastError: string | undefined;
  const set = (index: number, patch: Partial<BulkPostProgress>) => {
    progress = progress.map((entry) => (entry.index === index ? { ...entry, ...patch } : entry));
  };
  const noneSucceeded = () => (lastError ? `${AI_MESSAGES.jobNoneSucceeded}: ${lastError}` : AI_MESSAGES.jobNoneSucceeded);
  /**
   * The post at `index` is given up with `reason` (the results as last stored); null when
   * that is recorded and the run goes on, else how the run ends.
   */
  const skip = async (index: number, reason: string): Promise<RunOutcome | null> => {
    lastError = reason;
    set(index, { step: "failed", error: reason, seoFallback: undefined });
    const written = await write({ progress, results }, `post ${index + 1}'s failure`);
    if (written === "written") return null;
    if (written === "lost") return "lost";
    return fail(`${AI_MESSAGES.jobNotStored}: ${reason}`);
  };
  /** Records a step of the post at `index`; null when the run goes on with it. */
  const step = async (index: number, patch: Partial<BulkPostProgress>): Promise<RunOutcome | "skipped" | null> => {
    set(index, patch);
    const written = await write({ progress }, `post ${index + 1}'s progress`);
    if (written === "written") return null;
    if (written === "lost") return "lost";
    return (await skip(index, AI_MESSAGES.postNotStored)) ?? "skipped";
  };

  if (progress.some((entry, i) => entry !== stored[i])) {
    const written = await write({ progress }, "the interrupted posts");
    if (written === "lost") return "lost";
    if (written === "refused") return fail(AI_MESSAGES.jobNotStored);
  }
  if (progress.length === 0) {
    const ideas = await generateIdeas(input.topic, input.count, { signal });
    if (!ideas.ok) {
      if (ideas.reason === "aborted") return "stopped";
      return fail(`${AI_MESSAGES.jobNoneSucceeded}: ${ideas.message}`);
    }
    progress = ideas.value.map((idea, index) => ({ index, idea: idea.title, brief: idea.brief, step: "waiting" }));
    const written = await write({ progress }, "the idea list");
    if (written === "lost") return "lost";
    if (written === "refused") return fail(`${AI_MESSAGES.jobNoneSucceeded}: ${AI_MESSAGES.jobNotStored}`);
  }
  for (const entry of progress) {
    if (entry.step !== "waiting") continue;
    if (signal.aborted) return "stopped";
    const writing = await step(entry.index, { step: "content" });
    if (writing === "skipped") continue;
    if (writing) return writing;
    const post = await generateBlogPost(input.topic, { idea: { title: entry.idea, brief: entry.brief }, signal });
    if (!post.ok) {
      if (post.reason === "aborted") return "stopped";
      const ended = await skip(entry.index, post.message);
      if (ended) return ended;
      continue;
    }
    const seoStep = await step(entry.index, { step: "seo" });
    if (seoStep === "skipped") continue;
    if (seoStep) return seoStep;
    const seo = await generateSeo(post.value.title, post.value.content, { signal });
    if (!seo.ok && seo.reason === "aborted") return "stopped";
    // admin.md §4: a failed SEO step falls back to the content's own excerpt and keywords.
    const generated = fitForEditor({
      sequenceNumber: entry.index + 1,
      title: post.value.title,
      excerpt: post.value.excerpt,
      content: post.value.content,
      category: input.topic,
      seoTitle: seo.ok ? seo.value.title : post.value.title,
      seoDescription: seo.ok ? seo.value.description : post.value.excerpt,
      seoKeywords: seo.ok ? seo.value.keywords : post.value.keywords,
      wordCount: post.value.wordCount,
    });
    // A post the editor would refuse (content too short to be a post, say) is not offered for saving.
    const refusal = editorRefusal(generated);
    if (refusal) {
      const ended = await skip(entry.index, refusal);
      if (ended) return ended;
      continue;
    }
    const before = results;
    results = [...results, generated].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
    set(entry.index, seo.ok ? { step: "done" } : { step: "done", seoFallback: true, error: seo.message });
    const written = await write({ progress, results }, `post ${entry.index + 1}`);
    if (written === "lost") return "lost";
    if (written === "refused") {
      // The database would not take this post: it is skipped, the run goes on with the next.
      results = before;
      const ended = await skip(entry.index, AI_MESSAGES.postNotStored);
      if (ended) return ended;
    }
  }
  // admin.md §4: the run fails only if no post succeeded.
  if (results.length === 0) return fail(noneSucceeded());
  const finished = await write({ status: "done", error: null }, "the job's end");
  if (finished === "refused") return fail(AI_MESSAGES.jobNotStored);
  return finished === "written" ? "finished" : "lost";
}

/** A cleanly stopping server hands the job back: the post in progress waits again. */
async function releaseJob(job: AiJob): Promise<void> {
  const [current] = await getDb()
    .select({ progress: aiJobs.progress })
    .from(aiJobs)
    .where(and(eq(aiJobs.id, job.id), eq(aiJobs.status, "running"), eq(aiJobs.claimedAt, job.claimedAt!)));
  if (!current) return;
  const progress = (Array.isArray(current.progress) ? (current.progress as BulkPostProgress[]) : []).map((entry): BulkPostProgress =>
    entry.step === "content" || entry.step === "seo" ? { ...entry, step: "waiting" } : entry,
  );
  await getDb()
    .update(aiJobs)
    .set({ status: "queued", progress, updatedAt: sql`now()` })
    .where(and(eq(aiJobs.id, job.id), eq(aiJobs.status, "running"), eq(aiJobs.claimedAt, job.claimedAt!)));
}

/**
 * Claims one job and runs it to its end (or until `signal` stops it, when it is handed
 * back to the queue). Returns the job's id, or null when nothing was waiting.
 */
export async function runNextBulkJob(options: { signal?: AbortSignal; staleMs?: number } = {}): Promise<string | null> {
  const job = await claimNextBulkJob(options.staleMs);
  if (!job) return null;
  const controller = new AbortController();
  const stopOnSignal = () => controller.abort();
  options.signal?.addEventListener("abort", stopOnSignal, { once: true });
  if (options.signal?.aborted) controller.abort();
  running.set(job.id, controller);
  try {
    const outcome = await processJob(job, controller.signal);
    if (outcome === "stopped") await releaseJob(job);
  } finally {
    running.delete(job.id);
    options.signal?.removeEventListener("abort", stopOnSignal);
  }
  return job.id;
}

type Worker = { stop: () => Promise<void>; nudge: () => void };
const holder = globalThis as typeof globalThis & { __bonusBulkWorker?: Worker };

/** Wakes this process's worker at once (a job was just queued). */
export function nudgeBulkWorker(): void {
  holder.__bonusBulkWorker?.nudge();
}

/**
 * Starts the process's one worker (a second call returns the first): it looks for work
 * every few seconds and when nudged, runs one job at a time, and on stop() stops its call,
 * hands its job back and resolves once it is idle (before the database closes).
 */
export function startBulkWorker(options: { pollMs?: number; requeueInterrupted?: boolean } = {}): Worker {
  if (holder.__bonusBulkWorker) return holder.__bonusBulkWorker;
  const controller = new AbortController();
  let current: Promise<void> | null = null;
  let again = false;
  const ready = options.requeueInterrupted
    ? requeueInterruptedBulkJobs().then(
        (count) => {
          if (count > 0) console.log(`Resuming ${count} interrupted AI bulk job(s)`);
        },
        (error: unknown) => console.error(`Could not requeue interrupted AI bulk jobs: ${oneLine(error)}`),
      )
    : Promise.resolve();

  const drain = async () => {
    await ready;
    do {
      again = false;
      while (!controller.signal.aborted && (await runNextBulkJob({ signal: controller.signal }))) {
        // one job after another until the queue is empty
      }
    } while (again && !controller.signal.aborted);
  };
  const tick = () => {
    if (controller.signal.aborted) return;
    if (current) {
      again = true;
      return;
    }
    current = drain()
      .catch((error: unknown) => console.error(`AI bulk worker failed: ${oneLine(error)}`))
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, options.pollMs ?? POLL_MS);
  timer.unref();
  setImmediate(tick);

  const worker: Worker = {
    nudge: tick,
    stop: async () => {
      clearInterval(timer);
      controller.abort();
      await current;
      if (holder.__bonusBulkWorker === worker) holder.__bonusBulkWorker = undefined;
    },
  };
  holder.__bonusBulkWorker = worker;
  return worker;
}

// ---- Saving ----------------------------------------------------------------------------------

/** admin.md §9: a batch slug gets a 4-digit time suffix; the index keeps one run's apart. */
function bulkSlug(title: string, time: number): string {
  const base = slugify(title).slice(0, 75).replace(/-+$/, "");
  return `${base}-${String(time).slice(-4)}`;
}

/** Slugs no post has yet (the suffix moves on until it is free). */
async function withFreeSlugs(tx: Tx, rows: NewBlogPost[], now: number): Promise<NewBlogPost[]> {
  const isTaken = async (slug: string) => (await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)).length > 0;
  const used = new Set<string>();
  let shift = rows.length;
  const free: NewBlogPost[] = [];
  for (const row of rows) {
    let slug = row.slug;
    while (used.has(slug) || (await isTaken(slug))) slug = bulkSlug(row.title, now + shift++);
    used.add(slug);
    free.push({ ...row, slug });
  }
  return free;
}

function rowsOf(posts: BulkGeneratedPost[], publishCount: number, now: Date): NewBlogPost[] {
  return posts.map(fitForEditor).map((post, index) => {
    const published = index < publishCount;
    return {
      title: post.title,
      slug: bulkSlug(post.title, now.getTime() + index),
      excerpt: post.excerpt,
      content: post.content,
      imageUrl: null,
      category: post.category,
      author: BULK_AUTHOR,
      seoTitle: post.seoTitle || null,
      seoDescription: post.seoDescription || null,
      seoKeywords: post.seoKeywords || null,
      isPublished: published,
      publishedAt: published ? now : null,
      indexed: false,
      createdAt: new Date(now.getTime() + index),
      updatedAt: now,
    };
  });
}

/** An error as one short log line: the database's code and message, never the query's values or a stack. */
function oneLine(error: unknown): string {
  const pg = pgErrorOf(error);
  const reason = pg ? `${pg.code} ${pg.message}` : error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
  return reason.replace(/\s+/g, " ").slice(0, 200);
}

/** A log line's reason: the database's own message when there is one, never a stack. */
function reasonOf(error: unknown): string {
  const pg = pgErrorOf(error);
  if (pg?.message) return pg.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Saves a finished run (admin.md §4 "Bulk save"): the first `publishCount` posts published
 * with published_at, the rest drafts, all by 'AI Yazar', not indexed, with suffixed slugs,
 * in one transaction that also closes the job and, with a per-day value, switches the
 * schedule on as the dashboard's toggle does (ADR 006: a next time that passed while it was
 * off moves to the first slot still to come). If that transaction fails, the posts are saved
 * one by one (admin.md §8 "Batch save") and the answer says how many saved and how many failed.
 */
export async function saveBulkJob(actor: Actor, jobId: string, publishCount: number, now: Date = new Date()): Promise<JobResult<BulkSaveOutcome>> {
  if (!isUuid(jobId)) return { ok: false, status: 404, error: AI_MESSAGES.jobNotFound };
  const [job] = await getDb()
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.id, jobId), eq(aiJobs.kind, BULK_JOB_KIND)))
    .limit(1);
  if (!job) return { ok: false, status: 404, error: AI_MESSAGES.jobNotFound };
  if (job.status === "queued" || job.status === "running") return { ok: false, status: 409, error: AI_MESSAGES.jobNotReady };
  if (job.status !== "done") return { ok: false, status: 409, error: job.status === "failed" ? AI_MESSAGES.nothingToSave : AI_MESSAGES.jobClosed };
  const posts = storedResults(job);
  if (posts.length === 0) return { ok: false, status: 400, error: AI_MESSAGES.nothingToSave };
  if (!Number.isInteger(publishCount) || publishCount < 0 || publishCount > posts.length) return { ok: false, status: 400, error: AI_MESSAGES.publishCountRange };
  const perDay = storedInput(job)?.perDay ?? 0;
  const topic = storedInput(job)?.topic ?? "";
  const rows = rowsOf(posts, publishCount, now);

  try {
    const result = await runCommand(
      JOB_COMMANDS,
      "save",
      actor,
      async (tx) => {
        const [closed] = await tx
          .update(aiJobs)
          .set({ status: "saved", updatedAt: sql`now()` })
          .where(and(eq(aiJobs.id, jobId), eq(aiJobs.status, "done")))
          .returning({ id: aiJobs.id });
        if (!closed) return reject({ "": [AI_MESSAGES.jobClosed] });
        const inserted = await insertPostsInTx(tx, await withFreeSlugs(tx, rows, now.getTime()));
        // Each post is audited as created, as the editor's save of a new post is.
        await auditInTx(tx, BLOG_POST_COMMANDS, "create", actor, inserted.map((post) => ({ id: post.id, summary: post.title })));
        if (perDay > 0) await enableScheduledPublishingInTx(tx, perDay, now);
        const published = inserted.filter((post) => post.isPublished).length;
        const drafts = inserted.length - published;
        return {
          value: { saved: inserted.length, failed: 0, published, drafts, message: bulkSavedMessage(published, drafts) },
          target: { id: jobId, summary: `${inserted.length} AI yazısı (${published} yayında): ${topic}` },
          invalidates: BLOG_POST_COMMANDS.invalidates,
        };
      },
      { id: jobId, summary: topic },
    );
    if (!result.ok) return { ok: false, status: 409, error: result.fieldErrors[""]?.[0] ?? AI_MESSAGES.jobClosed };
    return result;
  } catch (error) {
    console.warn(`AI bulk save as one batch failed (${reasonOf(error).replace(/\s+/g, " ").slice(0, 200)}); saving one by one`);
    return saveOneByOne(actor, jobId, rows, perDay, topic, now);
  }
}

/** admin.md §8 "Batch save": one post at a time, each its own audited command. */
async function saveOneByOne(actor: Actor, jobId: string, rows: NewBlogPost[], perDay: number, topic: string, now: Date): Promise<JobResult<BulkSaveOutcome>> {
  // The job is closed first, so a second save running at the same time cannot write the posts twice.
  const [closed] = await getDb()
    .update(aiJobs)
    .set({ status: "saved", updatedAt: sql`now()` })
    .where(and(eq(aiJobs.id, jobId), eq(aiJobs.status, "done")))
    .returning({ id: aiJobs.id });
  if (!closed) return { ok: false, status: 409, error: AI_MESSAGES.jobClosed };

  let published = 0;
  let saved = 0;
  let lastReason = "";
  for (const row of rows) {
    try {
      const result = await runCommand(
        BLOG_POST_COMMANDS,
        "create",
        actor,
        async (tx) => {
          const [post] = await insertPostsInTx(tx, await withFreeSlugs(tx, [row], now.getTime() + rows.length));
          return { value: post!, target: { id: post!.id, summary: post!.title } };
        },
        { id: null, summary: row.title },
      );
      if (result.ok) {
        saved++;
        if (result.value.isPublished) published++;
      }
    } catch (error) {
      lastReason = reasonOf(error);
      console.warn(`AI bulk post "${row.title.slice(0, 80)}" could not be saved: ${lastReason.replace(/\s+/g, " ").slice(0, 200)}`);
    }
  }
  const failed = rows.length - saved;
  if (saved === 0) {
    // Nothing was written: the results stay for another try.
    await getDb()
      .update(aiJobs)
      .set({ status: "done", updatedAt: sql`now()` })
      .where(and(eq(aiJobs.id, jobId), eq(aiJobs.status, "saved")));
    return { ok: false, status: 500, error: bulkSaveErrorMessage(lastReason ? `${failed} yazının hiçbiri kaydedilemedi (${lastReason.slice(0, 160)})` : `${failed} yazının hiçbiri kaydedilemedi`) };
  }
  if (perDay > 0) {
    await runCommand(JOB_COMMANDS, "schedule", actor, async (tx) => {
      await enableScheduledPublishingInTx(tx, perDay, now);
      return { value: null, target: { id: jobId, summary: `Günlük ${perDay} yazı: ${topic}` } };
    });
  }
  const drafts = saved - published;
  return { ok: true, value: { saved, failed, published, drafts, message: failed > 0 ? bulkSavePartialMessage(saved, failed) : bulkSavedMessage(published, drafts) } };
}
