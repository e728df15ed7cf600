import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

// Issue 8: every admin write and every sign-in attempt, written by the command helper
// (lib/command.server.ts) in the same transaction as the write it describes.
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    // Kept when the user is deleted: the email column still says who it was.
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    address: text().notNull(),
    /** What was done, as `entity.verb` (casino.create, promotion.toggle, auth.sign-in). */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    /** A short human label of the record (its name or title when it was written). */
    summary: text().notNull().default(""),
    outcome: text().notNull().default("success"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index("audit_log_entity_idx").on(t.entityType, t.entityId)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
