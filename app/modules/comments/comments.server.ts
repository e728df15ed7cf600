import { and, count, desc, eq, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { getDb } from "~/db/index.server";
import { promotionComments, promotions } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { promotionTag, refreshPages } from "~/lib/page-cache.server";
import { minutesUntil, reserve, type RateLimitRule } from "~/lib/rate-limit.server";
import { COMMENT_MESSAGES, commentRateLimitedMessage, type CommentInput } from "./comments.schema";
import { COMMENTS_PAGE_SIZE, type CommentKey, type CommentPage, type PublicComment } from "./comments.paging";

export type { CommentPage, PublicComment } from "./comments.paging";

// Issue 3: at most 5 comments per client in 10 minutes.
export const COMMENTS_PER_CLIENT: RateLimitRule = { bucket: "comment-client", limit: 5, windowMs: 10 * 60 * 1000, mode: "sliding", blockMs: 0 };

function toPublicComment(row: typeof promotionComments.$inferSelect): PublicComment {
  return { id: row.id, userName: row.userName, comment: row.comment, rating: row.rating, createdAt: row.createdAt.toISOString() };
}

// The microseconds PostgreSQL stores, in UTC: the cursor must name a comment exactly (comments.paging.ts).
const createdAtMicros = sql<string>`to_char(${promotionComments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * public-site.md §7 "Comments list": by promotion, newest first, one page at a time (issue 7).
 * `after` continues from a cursor, so comments posted meanwhile neither repeat nor push one
 * out of the next page; `offset` serves the numbered pages crawlers and script-less visitors follow.
 * Both walk the (promotion_id, created_at desc, id desc) index and stop after one page.
 */
export async function listCommentPage(promotionId: string, from: { after: CommentKey } | { offset: number }, pageSize = COMMENTS_PAGE_SIZE): Promise<CommentPage> {
  const c = promotionComments;
  const where =
    "after" in from
      ? and(eq(c.promotionId, promotionId), sql`(${c.createdAt}, ${c.id}) < (${from.after.createdAt}::timestamptz, ${from.after.id}::uuid)`)
      : eq(c.promotionId, promotionId);
  const rows = await getDb()
    .select({ id: c.id, userName: c.userName, comment: c.comment, rating: c.rating, createdAt: createdAtMicros })
    .from(c)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(pageSize + 1)
    .offset("offset" in from ? from.offset : 0);
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** Whether comments of this promotion may be shown: it exists and is active, as its page requires. */
export async function isCommentablePromotion(promotionId: string): Promise<boolean> {
  if (!isUuid(promotionId)) return false;
  const [row] = await getDb().select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, promotionId), eq(promotions.isActive, true))).limit(1);
  return Boolean(row);
}

/** How many comments a promotion has (an index-only count, for the 'Yorumlar (N)' heading and the page links). */
export async function countComments(promotionId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(promotionComments).where(eq(promotionComments.promotionId, promotionId));
  return row?.n ?? 0;
}

export type CreateCommentResult = { ok: true; comment: PublicComment } | { ok: false; status: 404 | 429; message: string };

/** Stores a validated comment as plain text, within the client's rate limit, on an active promotion only. */
export async function createComment(promotionId: string, input: CommentInput, client: string, now = new Date()): Promise<CreateCommentResult> {
  // Reserved before the insert, atomically, so concurrent posts cannot all pass the count
  // (issue 7, finding 4); given back when nothing is stored.
  const reservation = await reserve([{ rule: COMMENTS_PER_CLIENT, key: client }], now);
  if (!reservation.ok) return { ok: false, status: 429, message: commentRateLimitedMessage(minutesUntil(reservation.until, now)) };
  let row: typeof promotionComments.$inferSelect | undefined;
  try {
    // One statement: the comment is stored only if its promotion exists and is active.
    if (isUuid(promotionId)) {
      [row] = await getDb()
        .insert(promotionComments)
        // As SQL: drizzle's own check would also ask for the generated search_text, which the
        // database fills (the insert's column list leaves it out; these follow that list).
        .select(
          new QueryBuilder()
            .select({
              id: sql`gen_random_uuid()`.as("id"),
              promotionId: promotions.id,
              userName: sql`${input.userName}::text`.as("user_name"),
              comment: sql`${input.comment}::text`.as("comment"),
              rating: sql`${input.rating}::smallint`.as("rating"),
              createdAt: sql`now()`.as("created_at"),
            })
            .from(promotions)
            .where(and(eq(promotions.id, promotionId), eq(promotions.isActive, true)))
            .getSQL(),
        )
        .returning();
    }
  } catch (error) {
    await reservation.refund();
    throw error;
  }
  if (!row) {
    await reservation.refund();
    return { ok: false, status: 404, message: COMMENT_MESSAGES.promotionMissing };
  }
  // The page stays served while one render brings the comment in (ADR 010); the visitor who
  // wrote it sees it at once from this answer.
  await refreshPages(promotionTag(promotionId));
  return { ok: true, comment: toPublicComment(row) };
}
