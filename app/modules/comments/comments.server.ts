import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { promotionComments, promotions } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { invalidatePages, promotionTag } from "~/modules/page-cache/page-cache.server";
import { blockedUntil, recordEvent, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { COMMENT_MESSAGES, commentRateLimitedMessage, type CommentInput } from "./comments.schema";

export type PublicComment = { id: string; userName: string; comment: string; rating: number; createdAt: string };

// Issue 3: at most 5 comments per client in 10 minutes.
export const COMMENTS_PER_CLIENT: RateLimitRule = { bucket: "comment-client", limit: 5, windowMs: 10 * 60 * 1000, mode: "sliding", blockMs: 0 };

function toPublicComment(row: typeof promotionComments.$inferSelect): PublicComment {
  return { id: row.id, userName: row.userName, comment: row.comment, rating: row.rating, createdAt: row.createdAt.toISOString() };
}

/** public-site.md §7 "Comments list": by promotion, newest first. */
export async function listComments(promotionId: string): Promise<PublicComment[]> {
  const rows = await getDb()
    .select()
    .from(promotionComments)
    .where(eq(promotionComments.promotionId, promotionId))
    .orderBy(desc(promotionComments.createdAt), desc(promotionComments.id));
  return rows.map(toPublicComment);
}

export type CreateCommentResult = { ok: true; comment: PublicComment } | { ok: false; status: 404 | 429; message: string };

/** Stores a validated comment as plain text, within the client's rate limit, on an active promotion only. */
export async function createComment(promotionId: string, input: CommentInput, client: string, now = new Date()): Promise<CreateCommentResult> {
  const until = await blockedUntil(COMMENTS_PER_CLIENT, client, now);
  if (until) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return { ok: false, status: 429, message: commentRateLimitedMessage(minutes) };
  }
  const db = getDb();
  const [promotion] = isUuid(promotionId)
    ? await db.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, promotionId), eq(promotions.isActive, true))).limit(1)
    : [];
  if (!promotion) return { ok: false, status: 404, message: COMMENT_MESSAGES.promotionMissing };

  const [row] = await db.insert(promotionComments).values({ promotionId, ...input }).returning();
  await Promise.all([recordEvent(COMMENTS_PER_CLIENT, client), invalidatePages(promotionTag(promotionId))]);
  return { ok: true, comment: toPublicComment(row!) };
}
