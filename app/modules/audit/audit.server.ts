import { and, count, desc, eq, ilike, like, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { auditLog } from "~/db/schema";
import { ADMIN_PAGE_SIZE, countAheadLimit, likePattern, pagedCount, type Paged } from "~/lib/list-query";
import type { AuditFilter, AuditListItem } from "./audit.schema";

// Issue 8 §4 "Audit log": the rows the command helper wrote, newest first, 25 a page.

/** LIKE wildcards in a value matched literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, likePattern(filter.actor)));
  if (filter.entity && filter.verb) conditions.push(eq(auditLog.action, `${filter.entity}.${filter.verb}`));
  else if (filter.entity) conditions.push(like(auditLog.action, `${literal(filter.entity)}.%`));
  else if (filter.verb) conditions.push(like(auditLog.action, `%.${literal(filter.verb)}`));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEntries(filter: AuditFilter): Promise<Paged<AuditListItem>> {
  const db = getDb();
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        summary: auditLog.summary,
        address: auditLog.address,
        outcome: auditLog.outcome,
      })
      .from(auditLog)
      .where(where)
      // The id breaks ties: entries of one transaction share a timestamp.
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_PAGE_SIZE),
    // Counted only as far as an operator can page (COUNT_AHEAD): the log grows without bound.
    db
      .select({ n: count() })
      .from(db.select({ one: sql`1` }).from(auditLog).where(where).limit(countAheadLimit(filter.page)).as("counted")),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: filter.page,
    ...pagedCount(total?.n ?? 0, filter.page),
  };
}
