import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

// Issue 9 §4: a bulk AI writing run is a server-side job, so closing the tab loses nothing.
// `progress` holds one entry per post (its steps and outcome); `results` the generated
// posts waiting for the operator to save or discard them. A worker claims a queued job
// with one UPDATE ... WHERE status = 'queued' so two processes never run the same job.
export const aiJobs = pgTable(
  "ai_jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    status: text().notNull().default("queued"),
    input: jsonb().notNull(),
    progress: jsonb().notNull().default(sql`'[]'::jsonb`),
    results: jsonb(),
    error: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ai_jobs_status_known", sql`${t.status} in ('queued', 'running', 'done', 'failed', 'saved', 'discarded')`),
    index("ai_jobs_status_created_idx").on(t.status, t.createdAt),
    index("ai_jobs_created_by_idx").on(t.createdBy, t.createdAt.desc().nullsFirst()),
  ],
);

// Issue 9 §7: the IndexNow queue. A save only inserts a row; a background sender batches
// pending URLs, backs off on 429 and retries later.
export const indexNowQueue = pgTable(
  "indexnow_queue",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The public path, such as `blog/my-post` or `bonuslar/casino/bonus` (no leading slash). */
    path: text().notNull(),
    reason: text().notNull(),
    /** What the URL shows, so a successful submission can set that row's `indexed`. */
    entityType: text(),
    entityId: uuid(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submissionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("indexnow_queue_status_known", sql`${t.status} in ('pending', 'sending', 'submitted', 'failed')`),
    index("indexnow_queue_due_idx").on(t.status, t.nextAttemptAt),
    index("indexnow_queue_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

// One row per request sent to the IndexNow endpoint, with its answer, for operators.
export const indexNowSubmissions = pgTable(
  "indexnow_submissions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    urlCount: integer().notNull(),
    httpStatus: integer(),
    outcome: text().notNull(),
    detail: text(),
    durationMs: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("indexnow_submissions_created_idx").on(t.createdAt.desc().nullsFirst())],
);

export type AiJob = typeof aiJobs.$inferSelect;
export type IndexNowQueueRow = typeof indexNowQueue.$inferSelect;
export type IndexNowSubmission = typeof indexNowSubmissions.$inferSelect;
