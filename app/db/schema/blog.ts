import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// public-site.md §3 and admin.md §3: blog_posts
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    excerpt: text().notNull().default(""),
    content: text().notNull().default(""),
    author: text(),
    imageUrl: text(),
    category: text().notNull().default(""),
    seoTitle: text(),
    seoDescription: text(),
    seoKeywords: text(),
    isPublished: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    indexed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first: the public list (published ones, most of them) and the dashboard (all).
    index("blog_posts_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("blog_posts_category_idx").on(t.category),
    check("blog_posts_view_count_non_negative", sql`${t.viewCount} >= 0`),
  ],
);

// Issue 7, finding 11: one counted view per visitor, post and UTC day. The key makes a
// repeat view a no-op; rows older than a couple of days are pruned by the maintenance timer.
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    /** A keyed hash of the client address: bounded, and no raw address is stored. */
    visitor: text().notNull(),
    day: date({ mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitor, t.day] }), index("post_views_day_idx").on(t.day)],
);

export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
