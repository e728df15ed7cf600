import { z } from "zod";
import { formatDateTimeTr } from "~/lib/dates";
import { commentTextFields, starRating } from "./comments.schema";

// admin.md §2 "Comment moderation", §3 promotion_comments, §7, §8 "Comments". An edited
// comment obeys the rules a visitor's comment obeys (comments.rules.ts), with the same words.
export const COMMENT_ADMIN_MESSAGES = {
  updated: "Yorum güncellendi",
  deleted: "Yorum silindi",
  notFound: "Yorum bulunamadı",
  updateFailed: "Yorum güncellenirken bir hata oluştu",
  deleteFailed: "Yorum silinirken bir hata oluştu",
  loadFailed: "Yorumlar yüklenirken bir hata oluştu",
  empty: "Henüz yorum yok",
  noMatch: "Aramanıza uyan yorum bulunamadı",
  noPromotion: "Promosyon bulunamadı",
} as const;

/** admin.md §2: the rating filter, 'Tümü' then 5 down to 1 stars; the URL says ?puan=N. */
export const RATING_PARAM = "puan";
export const RATING_FILTERS = [5, 4, 3, 2, 1] as const;
export const COMMENT_SORTS = ["createdAt"] as const;

/** The rating of ?puan=, or null for all (anything else than 1-5 is 'Tümü'). */
export function parseRatingFilter(value: string | null): number | null {
  if (value === null || !/^[1-5]$/.test(value.trim())) return null;
  return Number(value.trim());
}

const id = z.uuid(COMMENT_ADMIN_MESSAGES.notFound);

export const CommentEditSchema = z.object({
  intent: z.literal("update"),
  id,
  ...commentTextFields,
  // The editor always shows a chosen star, so a missing rating is a bad form, not a default 5.
  rating: starRating,
});

export const CommentDeleteSchema = z.object({ intent: z.literal("delete"), id });

/** The comment list's two intents (STYLE.md: a discriminated union on `intent`). */
export const CommentIntentSchema = z.discriminatedUnion("intent", [CommentEditSchema, CommentDeleteSchema]);

export type CommentEditInput = z.infer<typeof CommentEditSchema>;

/** A row of the admin comment list. */
export type CommentListItem = {
  id: string;
  promotionId: string;
  promotionTitle: string;
  casinoName: string | null;
  userName: string;
  comment: string;
  rating: number;
  createdAt: string;
};

/** What the edit dialog is filled with. */
export type CommentEditorValue = Pick<CommentListItem, "id" | "userName" | "comment" | "rating">;

/** A comment's date and time as a moderator reads it (tr-TR, Istanbul). */
export function formatCommentDate(value: string | Date): string {
  return formatDateTimeTr(value);
}
