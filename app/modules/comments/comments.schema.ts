import { z } from "zod";
import {
  COMMENT_CONTROL_CHARACTERS,
  COMMENT_MESSAGES,
  COMMENT_NAME_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  DEFAULT_COMMENT_RATING,
  drawsNothing,
  isStarRating,
  NAME_CONTROL_CHARACTERS,
} from "./comments.rules";

export * from "./comments.rules";

/** Name and text as a visitor writes them; a moderator's edit obeys the same rules. */
export const commentTextFields = {
  userName: z
    .string({ error: COMMENT_MESSAGES.nameRequired })
    .trim()
    // Empty, or only characters that draw nothing.
    .refine((name) => !drawsNothing(name), { message: COMMENT_MESSAGES.nameRequired, abort: true })
    .max(COMMENT_NAME_MAX_LENGTH, COMMENT_MESSAGES.nameTooLong)
    .refine((name) => !NAME_CONTROL_CHARACTERS.test(name), COMMENT_MESSAGES.nameInvalidCharacters),
  comment: z
    .string({ error: COMMENT_MESSAGES.commentRequired })
    .trim()
    .refine((comment) => !drawsNothing(comment), { message: COMMENT_MESSAGES.commentRequired, abort: true })
    .max(COMMENT_TEXT_MAX_LENGTH, COMMENT_MESSAGES.commentTooLong)
    .refine((comment) => !COMMENT_CONTROL_CHARACTERS.test(comment), COMMENT_MESSAGES.commentInvalidCharacters),
};

/** 1 to 5 stars, as the stars send them (isStarRating); a moderator's edit too. */
export const starRating = z.custom<string | number>(isStarRating, { error: COMMENT_MESSAGES.rating }).transform(Number);

/** The server's parse of a comment: the browser's rules (comments.rules.ts) and the same messages. */
export const CommentSchema = z.object({
  ...commentTextFields,
  rating: z.preprocess((value) => (value === undefined || value === null ? DEFAULT_COMMENT_RATING : value), starRating),
});

export type CommentInput = z.infer<typeof CommentSchema>;
