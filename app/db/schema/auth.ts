import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// DESIGN.md: our own sign-in replaces the hosted one. Emails are stored lowercased.
export const users = pgTable("users", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// admin.md §3: admin_users, id equals the user's id
export const adminUsers = pgTable("admin_users", {
  id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: text().notNull().default("admin"),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Server-side sessions. The cookie carries a random token; only its SHA-256 is stored,
// so a leaked database dump cannot be replayed as a cookie.
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);


// Rate limits (failed sign-ins, comments), kept in the database so every server process
// sees the same counts. One row per limited bucket and key: its newest events (at most the rule's limit, newest
// first) and the decision of the last attempt. An attempt is one upsert on this row, which
// PostgreSQL serialises per row: the count and the decision are one atomic statement
// (lib/rate-limit.server.ts).
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    bucket: text().notNull(),
    key: text().notNull(),
    events: timestamp({ withTimezone: true }).array().notNull(),
    accepted: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

export type User = typeof users.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
