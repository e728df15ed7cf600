import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotionComments, promotions } from "~/db/schema";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { isUuid } from "~/lib/ids";
import { foldForSearch } from "~/lib/turkish";
import { ADMIN_PAGE_SIZE, likePattern, pagedCount, type Paged } from "~/lib/list-query";
import { countAhead } from "~/lib/list-query.server";
import { promotionTag } from "~/lib/page-cache.server";
import { COMMENT_ADMIN_MESSAGES, type CommentEditInput, type CommentEditorValue, type CommentListItem } from "./comments-admin.schema";

// admin.md §2 "Comment moderation" and §7 promotion_comments: the moderation list and its
// audited commands. Kept apart from comments.server.ts (the public side) on purpose.

/**
 * A comment shows only on its promotion's page; the page cache tags that page with
 * promotionTag(id), so each write names its own promotion (runCommand's `invalidates`).
 */
const COMMENT_COMMANDS: DomainCommands = { entity: "comment", invalidates: [] };

export type CommentListQuery = { page: number; q: string; rating: number | null };

function ratingFilter(query: CommentListQuery): SQL | undefined {
  return query.rating ? eq(promotionComments.rating, query.rating) : undefined;
}

/** A search's filter (it reads the promotion's title: join promotions). */
function searchFilter(query: CommentListQuery): SQL | undefined {
  // Both sides folded the same way (lib/turkish.ts foldForSearch, the database's search_fold):
  // 'isik', 'IŞIK' and 'ışık' find one another, as on the public search.
  const folded = likePattern(foldForSearch(query.q));
  return and(ratingFilter(query), or(like(promotionComments.searchText, folded), like(promotions.titleSearch, folded)));
}

/**
 * The list's count, only as far as an operator can page (COUNT_AHEAD): comments grow without
 * bound. A search reads each comment's promotion title (from promotions_id_title_search_idx,
 * ADR 018 addendum; comments-admin.server.test.ts explains this query).
 */
export function commentCountQuery(query: CommentListQuery) {
  const db = getDb();
  const c = promotionComments;
  const matching = query.q
    ? db.select({ one: sql`1` }).from(c).innerJoin(promotions, eq(promotions.id, c.promotionId)).where(searchFilter(query)).$dynamic()
    : db.select({ one: sql`1` }).from(c).where(ratingFilter(query)).$dynamic();
  return countAhead(matching, query.page);
}

/** Newest first, 25 a page, searched in the user name, the comment and the promotion title. */
export async function listCommentsForAdmin(query: CommentListQuery): Promise<Paged<CommentListItem>> {
  const db = getDb();
  const c = promotionComments;
  const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
  const newestFirst = [desc(c.createdAt), desc(c.id)];
  // Without a search nothing outside the comments filters them (every comment has its
  // promotion): the page's 25 are picked from the comments alone, newest first on their
  // index, and only those are joined; the count needs no join either. At 20,000 comments the
  // planner otherwise joined all of them to sort (18 ms instead of under 1).
  const pageOf = query.q
    ? searchFilter(query)
    : inArray(c.id, db.select({ id: c.id }).from(c).where(ratingFilter(query)).orderBy(...newestFirst).limit(ADMIN_PAGE_SIZE).offset(offset));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: c.id,
        promotionId: c.promotionId,
        promotionTitle: promotions.title,
        casinoName: casinos.name,
        userName: c.userName,
        comment: c.comment,
        rating: c.rating,
        createdAt: c.createdAt,
      })
      .from(c)
      .innerJoin(promotions, eq(promotions.id, c.promotionId))
      .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
      .where(pageOf)
      .orderBy(...newestFirst)
      .limit(ADMIN_PAGE_SIZE)
      .offset(query.q ? offset : 0),
    commentCountQuery(query),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: query.page,
    ...pagedCount(total?.n ?? 0, query.page),
  };
}

/** The comment the edit dialog shows, or null. */
export async function getCommentForEdit(id: string): Promise<CommentEditorValue | null> {
  if (!isUuid(id)) return null;
  const c = promotionComments;
  const [row] = await getDb().select({ id: c.id, userName: c.userName, comment: c.comment, rating: c.rating }).from(c).where(eq(c.id, id)).limit(1);
  return row ?? null;
}

/** admin.md §7: updates user_name, comment and rating; the promotion's pages show it next. */
export function updateComment(actor: Actor, input: CommentEditInput): Promise<CommandResult<{ id: string; promotionId: string }>> {
  const { id, userName, comment, rating } = input;
  return runCommand(
    COMMENT_COMMANDS,
    "update",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx
            .update(promotionComments)
            .set({ userName, comment, rating })
            .where(eq(promotionComments.id, id))
            .returning({ id: promotionComments.id, promotionId: promotionComments.promotionId })
        : [];
      if (!row) return reject({ "": [COMMENT_ADMIN_MESSAGES.notFound] });
      return { value: row, target: { id: row.id, summary: `${userName}: ${comment}` }, invalidates: [promotionTag(row.promotionId)] };
    },
    { id, summary: `${userName}: ${comment}` },
  );
}

/** Deletes a comment; the promotion's pages lose it on the next request. */
export function removeComment(actor: Actor, id: string): Promise<CommandResult<{ id: string; promotionId: string }>> {
  return runCommand(
    COMMENT_COMMANDS,
    "delete",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx
            .delete(promotionComments)
            .where(eq(promotionComments.id, id))
            .returning({ id: promotionComments.id, promotionId: promotionComments.promotionId, userName: promotionComments.userName, comment: promotionComments.comment })
        : [];
      if (!row) return reject({ "": [COMMENT_ADMIN_MESSAGES.notFound] });
      return {
        value: { id: row.id, promotionId: row.promotionId },
        target: { id: row.id, summary: `${row.userName}: ${row.comment}` },
        invalidates: [promotionTag(row.promotionId)],
      };
    },
    { id, summary: "" },
  );
}
