import { and, count, desc, eq, ilike, like, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { auditLog } from "~/db/schema";
import { ADMIN_PAGE_SIZE, likePattern, pageCountOf, type Paged } from "~/lib/list-query";
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
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: filter.page,
    pageCount: pageCountOf(total?.n ?? 0),
  };
}
