import { and, desc, eq, ilike, inArray, like, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { auditLog, blogPosts, casinos, promotions, splashAds } from "~/db/schema";
import { ADMIN_PAGE_SIZE, likePattern, pagedCount, type Paged } from "~/lib/list-query";
import { countAhead } from "~/lib/list-query.server";
import { auditRecordHref, type AuditFilter, type AuditLinkedType, type AuditListItem } from "./audit.schema";

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

/**
 * The table of each entity type an entry can link to (audit.schema's edit pages). Keyed by
 * the same type, so a type given an edit page without a table here does not compile: its
 * links would otherwise all read as deleted.
 */
type RecordTable = typeof casinos | typeof promotions | typeof splashAds | typeof blogPosts;
const RECORD_TABLES: Record<AuditLinkedType, RecordTable> = {
  casino: casinos,
  promotion: promotions,
  "splash-ad": splashAds,
  "blog-post": blogPosts,
  blog: blogPosts,
  post: blogPosts,
};

/**
 * Of the records a page of entries links to, the ids that no longer exist: one look-up per
 * table, at most 25 ids each. An entry's link to a record deleted since would open a
 * not-found page.
 */
async function deletedSince(rows: { action: string; entityType: string; entityId: string | null }[]): Promise<Set<string>> {
  const db = getDb();
  const linked = rows.filter((row) => auditRecordHref(row) !== null);
  // auditRecordHref links only uuids of RECORD_TABLES' types: their ids, grouped by table.
  const idsByTable = new Map<RecordTable, Set<string>>();
  for (const row of linked) {
    const table = RECORD_TABLES[row.entityType as AuditLinkedType];
    idsByTable.set(table, (idsByTable.get(table) ?? new Set()).add(row.entityId!));
  }
  const found = await Promise.all([...idsByTable].map(([table, ids]) => db.select({ id: table.id }).from(table).where(inArray(table.id, [...ids]))));
  const existing = new Set(found.flat().map((row) => row.id));
  return new Set(linked.map((row) => row.entityId!).filter((id) => !existing.has(id)));
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
    countAhead(db.select({ one: sql`1` }).from(auditLog).where(where).$dynamic(), filter.page),
  ]);
  const gone = await deletedSince(rows);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), recordGone: auditRecordHref(row) !== null && gone.has(row.entityId!) })),
    page: filter.page,
    ...pagedCount(total?.n ?? 0, filter.page),
  };
}
