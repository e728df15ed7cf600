import { z } from "zod";

// public-site.md §5.1 and §8; the bounds are issue 3's (the spec shows none).
export const COMMENT_NAME_MAX_LENGTH = 60;
export const COMMENT_TEXT_MAX_LENGTH = 2000;
export const DEFAULT_COMMENT_RATING = 5;
/** A field people never see and bots fill in. */
export const COMMENT_HONEYPOT_FIELD = "website";

export const COMMENT_MESSAGES = {
  nameRequired: "Lütfen kullanıcı adınızı girin",
  commentRequired: "Lütfen yorumunuzu yazın",
  nameTooLong: `Kullanıcı adı en fazla ${COMMENT_NAME_MAX_LENGTH} karakter olabilir`,
  commentTooLong: `Yorum en fazla ${COMMENT_TEXT_MAX_LENGTH} karakter olabilir`,
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

export const CommentSchema = z.object({
  userName: z
    .string({ error: COMMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, COMMENT_MESSAGES.nameRequired)
    .max(COMMENT_NAME_MAX_LENGTH, COMMENT_MESSAGES.nameTooLong),
  comment: z
    .string({ error: COMMENT_MESSAGES.commentRequired })
    .trim()
    .min(1, COMMENT_MESSAGES.commentRequired)
    .max(COMMENT_TEXT_MAX_LENGTH, COMMENT_MESSAGES.commentTooLong),
  rating: z.preprocess(
    (value) => (value === undefined || value === null ? DEFAULT_COMMENT_RATING : value),
    z.coerce.number({ error: COMMENT_MESSAGES.rating }).int(COMMENT_MESSAGES.rating).min(1, COMMENT_MESSAGES.rating).max(5, COMMENT_MESSAGES.rating),
  ),
});

export type CommentInput = z.infer<typeof CommentSchema>;
