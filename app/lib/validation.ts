import { z } from "zod";
import "./zod-turkish";
import { isUuid } from "./ids";
import { htmlToText } from "./text";
import { isImageAddress, isWebUrl } from "./urls";

// Field builders shared by the admin form schemas, so every form reads empty, URL and
// rich-text input the same way on both sides.

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = "Geçersiz karakter içeriyor";

/** Trimmed text without control characters (NUL never reaches PostgreSQL). */
export function text(options: { min?: number; max: number; message: string; maxMessage?: string }) {
  return z
    .string({ error: options.message })
    .trim()
    .min(options.min ?? 1, options.message)
    .max(options.max, options.maxMessage ?? `En fazla ${options.max} karakter olabilir`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE);
}

/** Optional text: empty becomes null (admin.md §5: empty optional values are saved as null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `En fazla ${max} karakter olabilir`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE)
    .optional()
    .transform((value) => (value ? value : null));
}

/** An optional reference to another row (a select's value): empty is null, else a uuid. */
export function optionalId(message: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isUuid(value), message);
}

export { isImageAddress, isSitePath, isWebUrl, MAX_URL_LENGTH, safeHref } from "./urls";

export function webUrl(message: string) {
  return z.string({ error: message }).trim().refine(isWebUrl, message);
}

/** An optional address: empty is null, anything else must pass `accepts`. */
function optionalAddress(accepts: (value: string) => boolean, message: string) {
  return z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || accepts(value), message)
    .transform((value) => (value ? value : null));
}

/** An optional http(s) URL; empty is null. */
export function optionalWebUrl(message: string) {
  return optionalAddress(isWebUrl, message);
}

/** An optional image address: http(s) or one of our own image paths; empty is null. */
export function optionalImageUrl(message: string) {
  return optionalAddress(isImageAddress, message);
}

/**
 * An optional value typed as text: empty is null (admin.md §5); otherwise `read` gives the
 * value, or null when the text is none, which fails with `message`.
 */
export function optionalParsed<T>(read: (value: string) => T | null, message: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): T | null => {
      if (!value) return null;
      const parsed = read(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });
}

/** Rich text measured by its visible text, so '<p></p>' is not ten characters of content. */
export function richText(options: { min?: number; message?: string; max: number }) {
  return z
    .string()
    .max(options.max, `En fazla ${options.max} karakter olabilir`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE)
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => !options.min || htmlToText(value).length >= options.min, options.message ?? "");
}

export const checkbox = () =>
  z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((value) => value === "on" || value === "true" || value === true);

/**
 * What a save says when the record changed after its editor was opened (ADR 022): another
 * operator's save, a toggle in a list, a scheduled publication. Saving would undo it.
 */
export const STALE_EDIT_MESSAGE = "Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The version an editor was opened on: the record's `updated_at` as an ISO instant, posted
 * back in a hidden field (ADR 022). Empty (a new record) is null; anything else that is not
 * such an instant is refused with the stale-edit message, so a save never skips the check by
 * accident.
 */
export function editedVersion() {
  return z
    .string()
    .optional()
    .transform((value, ctx): number | null => {
      if (!value) return null;
      const instant = ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(instant)) {
        ctx.addIssue({ code: "custom", message: STALE_EDIT_MESSAGE });
        return z.NEVER;
      }
      return instant;
    });
}

/** Whether a save is made on an older version of the record than the stored one, and not meant to replace it ('Yine de kaydet'). */
export function isStaleEdit(stored: Date, edited: { version?: number | null; overwrite?: boolean }): boolean {
  return edited.version != null && !edited.overwrite && stored.getTime() !== edited.version;
}

/** The fields an editor of a saved record posts besides its own (ADR 022): the version it was opened on, and 'Yine de kaydet'. */
export const editedVersionFields = () => ({ version: editedVersion(), overwrite: checkbox() });
