import { and, asc, count, desc, eq, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import type { Db } from "~/db/db.server";
import { blogPosts, scheduledPublishingLogs, scheduledPublishingSettings } from "~/db/schema";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands, type Tx } from "~/lib/command.server";
import { invalidatePages } from "~/lib/page-cache.server";
import { BLOG_POST_COMMANDS, publishDraftsInTx } from "~/modules/blog/blog.server";
import {
  DEFAULT_DAILY_PUBLISH_COUNT,
  PUBLISH_INTERVAL_MS,
  PUBLISHING_LOG_LIMIT,
  PUBLISHING_MESSAGES,
  type PublishingDashboard,
  type PublishingLogItem,
  type PublishingSettingsView,
} from "./publishing.schema";

/**
 * Scheduled publishing (admin.md §2, §4, §9; issue 9 §5). The rules this module keeps,
 * where admin.md is silent (docs/decisions/006-scheduled-publishing.md):
 *
 * - The settings row is one row (id 1). A missing row is created the first time it is
 *   read, by one `insert ... on conflict do nothing` (count 1, inactive, next +24 h):
 *   a read that finds the row writes nothing, and concurrent first reads create one row.
 * - Due work is claimed by ONE statement: `update ... set next_publish_at = <first slot
 *   after now> where id = 1 and is_active and next_publish_at <= now returning ...`. It
 *   locks the row; a second process's claim waits, re-checks the condition against the
 *   moved time and claims nothing. The drafts are then taken `for update skip locked` in
 *   the same transaction, so no post is published twice, and a failed run rolls the claim
 *   back to be retried at the next check.
 * - Catch-up: the next time moves to the first slot of its 24-hour grid after now, so after
 *   three days down one day's quota is published and the next run is at the usual time of
 *   day, never two quotas for one due time. A due time with no drafts passes as well.
 * - Manual publishing (the dashboard's button, `{manual: true}`) publishes up to the daily
 *   count now, whatever the next time and the on/off state, and leaves the schedule as it is.
 * - Publishing a post has the effects of the blog list's publish: is_published and
 *   published_at set, indexed reset, the public URL queued for indexing, an audit row per
 *   post, the cached pages dropped after the commit; plus a log row (status 'success').
 */

const SETTINGS_ID = 1;

/** Who publishes when nobody clicks: the in-process scheduler. */
export const SCHEDULER_ACTOR: Actor = { userId: null, email: "scheduler", address: "in-process" };

/** A caller holding PUBLISH_CRON_SECRET (an external cron) is no user either. */
export function cronActor(address: string): Actor {
  return { userId: null, email: "cron (PUBLISH_CRON_SECRET)", address };
}

/** Settings writes change no public page; publishing adds the blog's pages (below). */
const PUBLISHING_COMMANDS: DomainCommands = { entity: "scheduled-publishing", invalidates: [] };

const LOG_MESSAGES = { scheduled: "Otomatik yayın", manual: "Elle yayın" } as const;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The first slot of next_publish_at's 24-hour grid that lies after `now`: the same time of
 * day, on the first day still to come. Exact hours, not calendar days (which DST would bend).
 */
function firstSlotAfter(now: Date) {
  const next = scheduledPublishingSettings.nextPublishAt;
  return sql`${next} + (floor(extract(epoch from (${at(now)} - ${next})) / 86400)::int + 1) * interval '24 hours'`;
}

function defaultSettings(now: Date) {
  return { id: SETTINGS_ID, dailyPublishCount: DEFAULT_DAILY_PUBLISH_COUNT, isActive: false, nextPublishAt: new Date(now.getTime() + PUBLISH_INTERVAL_MS), updatedAt: now };
}

/** admin.md §4: a missing row is created with count 1, inactive, next +24 h. No-op when it exists. */
async function ensureSettingsRow(db: Db | Tx, now: Date): Promise<void> {
  await db.insert(scheduledPublishingSettings).values(defaultSettings(now)).onConflictDoNothing();
}

function viewOf(row: typeof scheduledPublishingSettings.$inferSelect): PublishingSettingsView {
  return {
    dailyPublishCount: row.dailyPublishCount,
    isActive: row.isActive,
    nextPublishAt: row.nextPublishAt?.toISOString() ?? null,
    lastPublishedAt: row.lastPublishedAt?.toISOString() ?? null,
  };
}

/** The settings row; created (once) when missing. */
export async function getPublishingSettings(now = new Date()): Promise<PublishingSettingsView> {
  const db = getDb();
  const read = () => db.select().from(scheduledPublishingSettings).where(eq(scheduledPublishingSettings.id, SETTINGS_ID)).limit(1);
  let [row] = await read();
  if (!row) {
    await ensureSettingsRow(db, now);
    [row] = await read();
  }
  return viewOf(row!);
}

/** admin.md §7: the drafts (is_published false) the dashboard counts. */
export async function countDrafts(db: Db | Tx = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.isPublished, false));
  return row?.n ?? 0;
}

/** admin.md §7 and §9: the newest 20 log entries with their posts' titles. */
export async function listPublishingLogs(limit = PUBLISHING_LOG_LIMIT): Promise<PublishingLogItem[]> {
  const rows = await getDb()
    .select({
      id: scheduledPublishingLogs.id,
      blogId: scheduledPublishingLogs.blogId,
      title: blogPosts.title,
      slug: blogPosts.slug,
      publishedAt: scheduledPublishingLogs.publishedAt,
      status: scheduledPublishingLogs.status,
      message: scheduledPublishingLogs.message,
    })
    .from(scheduledPublishingLogs)
    .leftJoin(blogPosts, eq(blogPosts.id, scheduledPublishingLogs.blogId))
    .orderBy(desc(scheduledPublishingLogs.publishedAt), desc(scheduledPublishingLogs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

/** What the dashboard shows (admin.md §2). */
export async function getPublishingDashboard(now = new Date()): Promise<PublishingDashboard> {
  const [settings, draftCount, logs] = await Promise.all([getPublishingSettings(now), countDrafts(), listPublishingLogs()]);
  return { settings, draftCount, logs };
}

// ---- Publishing

export type PublishedPost = { id: string; slug: string; title: string };

/**
 * Publishes up to `limit` of the oldest drafts inside `tx`. Drafts another transaction is
 * publishing are skipped (`skip locked`), and the update re-checks `is_published = false`,
 * so a post is published once however many runs overlap.
 */
async function publishOldestDrafts(tx: Tx, limit: number, now: Date, actor: Actor, trigger: keyof typeof LOG_MESSAGES): Promise<PublishedPost[]> {
  if (limit <= 0) return [];
  const drafts = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, false))
    .orderBy(asc(blogPosts.createdAt), asc(blogPosts.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  // The blog's own publish (update, audit row per post, indexing), then this module's log.
  const published = await publishDraftsInTx(
    tx,
    actor,
    drafts.map((draft) => draft.id),
    now,
  );
  if (published.length === 0) return [];
  await tx.insert(scheduledPublishingLogs).values(published.map((post) => ({ blogId: post.id, publishedAt: now, status: "success", message: LOG_MESSAGES[trigger] })));
  await tx.update(scheduledPublishingSettings).set({ lastPublishedAt: now, updatedAt: now }).where(eq(scheduledPublishingSettings.id, SETTINGS_ID));
  return published;
}

export type DueRun =
  | { status: "published"; published: PublishedPost[] }
  | { status: "no-drafts" | "not-due" | "inactive"; published: [] };

/**
 * One check of the scheduler (and the functions without `manual`): when the schedule is on
 * and due, claims the due time and publishes the oldest drafts up to the daily count.
 */
export async function runDuePublishing(actor: Actor = SCHEDULER_ACTOR, now: Date = new Date()): Promise<DueRun> {
  const claimed = await getDb().transaction(async (tx) => {
    // The claim: one statement; the row lock it takes decides between processes.
    const [claim] = await tx
      .update(scheduledPublishingSettings)
      .set({ nextPublishAt: firstSlotAfter(now), updatedAt: now })
      .where(and(eq(scheduledPublishingSettings.id, SETTINGS_ID), eq(scheduledPublishingSettings.isActive, true), lte(scheduledPublishingSettings.nextPublishAt, now)))
      .returning({ dailyPublishCount: scheduledPublishingSettings.dailyPublishCount });
    if (!claim) return null;
    return publishOldestDrafts(tx, claim.dailyPublishCount, now, actor, "scheduled");
  });
  if (claimed === null) {
    // Nothing was due; which reason is for the functions' message only.
    const [row] = await getDb().select({ isActive: scheduledPublishingSettings.isActive }).from(scheduledPublishingSettings).where(eq(scheduledPublishingSettings.id, SETTINGS_ID));
    return { status: row?.isActive ? "not-due" : "inactive", published: [] };
  }
  if (claimed.length === 0) return { status: "no-drafts", published: [] };
  await invalidatePages(...BLOG_POST_COMMANDS.invalidates);
  return { status: "published", published: claimed };
}

/**
 * admin.md §2 and §8: the manual publish. Publishes up to the daily count now; with no
 * draft it publishes nothing and answers 'Yayınlanacak taslak blog bulunamadı'.
 */
export function publishNow(actor: Actor, now: Date = new Date()): Promise<CommandResult<PublishedPost[]>> {
  return runCommand(
    PUBLISHING_COMMANDS,
    "publish",
    actor,
    async (tx) => {
      await ensureSettingsRow(tx, now);
      // Taken first, as the scheduler's claim takes it: runs on this row queue up, never deadlock.
      const [settings] = await tx
        .select({ dailyPublishCount: scheduledPublishingSettings.dailyPublishCount })
        .from(scheduledPublishingSettings)
        .where(eq(scheduledPublishingSettings.id, SETTINGS_ID))
        .for("update");
      const published = await publishOldestDrafts(tx, settings!.dailyPublishCount, now, actor, "manual");
      if (published.length === 0) return reject({ "": [PUBLISHING_MESSAGES.noDrafts] });
      return { value: published, target: { id: String(SETTINGS_ID), summary: PUBLISHING_MESSAGES.published(published.length) }, invalidates: BLOG_POST_COMMANDS.invalidates };
    },
    { id: String(SETTINGS_ID), summary: "" },
  );
}

// ---- Settings

/**
 * The next time a switched-on schedule runs: admin.md §4, 24 hours ahead when there is
 * none; a time that passed while the schedule was off moves to the first slot still to
 * come (a schedule that was off owes nothing for those days); a future time stays.
 */
function nextTimeWhenSwitchedOn(now: Date) {
  const next = scheduledPublishingSettings.nextPublishAt;
  return sql`case when ${next} is null then ${at(new Date(now.getTime() + PUBLISH_INTERVAL_MS))} when ${next} <= ${at(now)} then ${firstSlotAfter(now)} else ${next} end`;
}

/**
 * Switches the schedule on or off. admin.md §4: the toggle is disabled when there is no
 * draft; the server holds that for switching on (switching off is always allowed).
 */
export function setScheduledPublishingActive(actor: Actor, isActive: boolean, now: Date = new Date()): Promise<CommandResult<PublishingSettingsView>> {
  return runCommand(
    PUBLISHING_COMMANDS,
    "toggle",
    actor,
    async (tx) => {
      if (isActive && (await countDrafts(tx)) === 0) return reject({ "": [PUBLISHING_MESSAGES.noDrafts] });
      await ensureSettingsRow(tx, now);
      const [row] = await tx
        .update(scheduledPublishingSettings)
        .set({ isActive, updatedAt: now, ...(isActive ? { nextPublishAt: nextTimeWhenSwitchedOn(now) } : {}) })
        .where(eq(scheduledPublishingSettings.id, SETTINGS_ID))
        .returning();
      return { value: viewOf(row!), target: { id: String(SETTINGS_ID), summary: isActive ? PUBLISHING_MESSAGES.activated : PUBLISHING_MESSAGES.deactivated } };
    },
    { id: String(SETTINGS_ID), summary: isActive ? PUBLISHING_MESSAGES.activated : PUBLISHING_MESSAGES.deactivated },
  );
}

/** Sets the daily count (the schema holds 1..5). Disabled, like the toggle, when there is no draft. */
export function saveDailyPublishCount(actor: Actor, dailyPublishCount: number, now: Date = new Date()): Promise<CommandResult<PublishingSettingsView>> {
  const summary = `Günlük yayın sayısı: ${dailyPublishCount}`;
  return runCommand(
    PUBLISHING_COMMANDS,
    "update",
    actor,
    async (tx) => {
      if ((await countDrafts(tx)) === 0) return reject({ dailyPublishCount: [PUBLISHING_MESSAGES.noDrafts] });
      await ensureSettingsRow(tx, now);
      const [row] = await tx
        .update(scheduledPublishingSettings)
        .set({ dailyPublishCount, updatedAt: now })
        .where(eq(scheduledPublishingSettings.id, SETTINGS_ID))
        .returning();
      return { value: viewOf(row!), target: { id: String(SETTINGS_ID), summary } };
    },
    { id: String(SETTINGS_ID), summary },
  );
}

/**
 * For the bulk save (issue 9 §4): a per-day value above 0 sets the daily count and switches
 * the schedule on, inside the caller's transaction, with the next time as the toggle sets it.
 */
export async function enableScheduledPublishingInTx(tx: Tx, dailyPublishCount: number, now: Date = new Date()): Promise<void> {
  await ensureSettingsRow(tx, now);
  await tx
    .update(scheduledPublishingSettings)
    .set({ dailyPublishCount, isActive: true, nextPublishAt: nextTimeWhenSwitchedOn(now), updatedAt: now })
    .where(eq(scheduledPublishingSettings.id, SETTINGS_ID));
}
