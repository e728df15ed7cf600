import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { blogPosts } from "./blog";

// admin.md §3: scheduled_publishing_settings (one row). Defaults from admin.md §9:
// count 1, inactive.
export const scheduledPublishingSettings = pgTable(
  "scheduled_publishing_settings",
  {
    id: integer().primaryKey().default(1),
    dailyPublishCount: integer().notNull().default(1),
    isActive: boolean().notNull().default(false),
    nextPublishAt: timestamp({ withTimezone: true }),
    lastPublishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("scheduled_publishing_settings_single_row", sql`${t.id} = 1`),
    // admin.md §5: daily publish input range 0 to 5 (0 means none)
    check("scheduled_publishing_daily_count_range", sql`${t.dailyPublishCount} between 0 and 5`),
  ],
);

// admin.md §3: scheduled_publishing_logs. A log line outlives the post it names.
export const scheduledPublishingLogs = pgTable(
  "scheduled_publishing_logs",
  {
    id: uuid().primaryKey().defaultRandom(),
    blogId: uuid().references(() => blogPosts.id, { onDelete: "set null" }),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull(),
    message: text(),
  },
  (t) => [index("scheduled_publishing_logs_published_idx").on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type ScheduledPublishingSettings = typeof scheduledPublishingSettings.$inferSelect;
export type ScheduledPublishingLog = typeof scheduledPublishingLogs.$inferSelect;
