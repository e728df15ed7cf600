// public-site.md §5.1 and §8; the bounds are issue 3's (the spec shows none). No zod
// here: the comment form checks in the browser with these few lines, keeping the public
// pages' JavaScript small; the server parses with CommentSchema (comments.schema.ts).
export const COMMENT_NAME_MAX_LENGTH = 60;
export const COMMENT_TEXT_MAX_LENGTH = 2000;
export const DEFAULT_COMMENT_RATING = 5;
/**
 * Control characters nobody types (NUL, escape codes, C1 controls): they hide text, break
 * terminals and PostgreSQL refuses NUL outright. A comment keeps tab and line breaks.
 * Invisible format characters (\p{Cf}: zero-width spaces, bidi overrides) let a name pass
 * for another ("Ali" and "Ali\u200B") or show a comment's text reversed, so a name has
 * none. A comment keeps the joiners emoji and some scripts need (U+200C, U+200D) but not
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
export const NAME_CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\ufffd]/u;
export const COMMENT_CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}|[\u202a-\u202e\u2066-\u2069\ufffd]/u;
/**
 * Text that draws nothing, though trim() keeps it: the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0), the blank braille cell (U+2800) and combining marks with no letter to
 * sit on (U+034F among them), and every default-ignorable code point (zero-width spaces and
 * joiners, the soft hyphen, tag characters). A name or comment of only these is empty (a hostile run
 * published blank-looking comments with them). U+FFFD, above, is what a browser makes of
 * bytes that were no UTF-8: no one types it.
 */
const DRAWS_NOTHING = /^[\s\u115f\u1160\u3164\uffa0\u2800\p{M}\p{Default_Ignorable_Code_Point}]*$/u;

export function drawsNothing(text: string): boolean {
  return DRAWS_NOTHING.test(text);
}
/**
 * A rating as the stars send it: one digit from 1 to 5. `Number()` would also read "0x5",
 * "5.0", " 5", "+5" or "5e0" as five; no star sends those, so they are no rating. Nor is a
 * list (the moderator's form read `rating[0]=4` as ["4"], whose text is "4").
 */
export function isStarRating(value: unknown): boolean {
  return (typeof value === "string" || typeof value === "number") && /^[1-5]$/.test(String(value));
}
/** A field people never see and bots fill in. */
export const COMMENT_HONEYPOT_FIELD = "website";

export const COMMENT_MESSAGES = {
  nameRequired: "Lütfen kullanıcı adınızı girin",
  commentRequired: "Lütfen yorumunuzu yazın",
  nameTooLong: `Kullanıcı adı en fazla ${COMMENT_NAME_MAX_LENGTH} karakter olabilir`,
  commentTooLong: `Yorum en fazla ${COMMENT_TEXT_MAX_LENGTH} karakter olabilir`,
  nameInvalidCharacters: "Kullanıcı adı geçersiz karakterler içeriyor",
  commentInvalidCharacters: "Yorum geçersiz karakterler içeriyor",
  rating: "Lütfen 1 ile 5 arasında bir puan seçin",
  saveFailed: "Yorumunuz eklenirken bir hata oluştu",
  success: "Yorumunuz başarıyla eklendi",
  promotionMissing: "Yorum yapılacak promosyon bulunamadı",
  empty: "Henüz yorum yapılmamış. İlk yorumu siz yapın!",
  submitting: "Gönderiliyor...",
} as const;

export function commentRateLimitedMessage(minutes: number): string {
  return `Çok fazla yorum gönderdiniz. Lütfen ${minutes} dakika sonra tekrar deneyin.`;
}

/** The browser's check, in the spec's order: name, comment, rating. Null when fine. */
export function firstCommentProblem(values: { userName?: unknown; comment?: unknown; rating?: unknown }): string | null {
  const name = typeof values.userName === "string" ? values.userName.trim() : "";
  const comment = typeof values.comment === "string" ? values.comment.trim() : "";
  if (drawsNothing(name)) return COMMENT_MESSAGES.nameRequired;
  if (name.length > COMMENT_NAME_MAX_LENGTH) return COMMENT_MESSAGES.nameTooLong;
  if (NAME_CONTROL_CHARACTERS.test(name)) return COMMENT_MESSAGES.nameInvalidCharacters;
  if (drawsNothing(comment)) return COMMENT_MESSAGES.commentRequired;
  if (comment.length > COMMENT_TEXT_MAX_LENGTH) return COMMENT_MESSAGES.commentTooLong;
  if (COMMENT_CONTROL_CHARACTERS.test(comment)) return COMMENT_MESSAGES.commentInvalidCharacters;
  if (!isStarRating(values.rating ?? DEFAULT_COMMENT_RATING)) return COMMENT_MESSAGES.rating;
  return null;
}
