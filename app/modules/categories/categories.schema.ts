import { z } from "zod";
import { slugify } from "~/lib/slug";
import { checkbox, optionalText, text } from "~/lib/validation";

// admin.md §5 and §8: the category dialog's rules and messages.
export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_SLUG_MAX_LENGTH = 80;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;

export const CATEGORY_MESSAGES = {
  name: "Kategori adı boş olamaz",
  slug: "Kategori slug değeri boş olamaz",
  // Issue 8: a slug is a piece of the public address (/bonuslar/{slug} since issue 10).
  slugFormat: "Slug yalnızca küçük harf (a-z), rakam ve tire içerebilir",
  slugTaken: "Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin.",
  inUse: "Bu kategori kullanımda olduğu için silinemez",
  notFound: "Kategori bulunamadı",
  created: "Kategori başarıyla eklendi",
  updated: "Kategori başarıyla güncellendi",
  deleted: "Kategori silindi",
  noDescription: "Açıklama yok",
} as const;

const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const categoryFields = {
  name: text({ max: CATEGORY_NAME_MAX_LENGTH, message: CATEGORY_MESSAGES.name }),
  slug: text({ max: CATEGORY_SLUG_MAX_LENGTH, message: CATEGORY_MESSAGES.slug }).refine((value) => value === "" || SLUG_FORMAT.test(value), CATEGORY_MESSAGES.slugFormat),
  // admin.md §5: trimmed, and null when empty.
  description: optionalText(CATEGORY_DESCRIPTION_MAX_LENGTH),
  isActive: checkbox(),
};

/** The dialog's one form: `intent` tells a new category from an edited one. */
export const CategoryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...categoryFields }),
  z.object({ intent: z.literal("update"), id: z.uuid(CATEGORY_MESSAGES.notFound), ...categoryFields }),
]);

export type CategoryFormInput = z.infer<typeof CategoryFormSchema>;
export type CategoryValues = Omit<Extract<CategoryFormInput, { intent: "create" }>, "intent">;

/** admin.md §4: the slug the dialog proposes for a name until the operator edits it. */
export function categorySlugFor(name: string): string {
  return name.trim() ? slugify(name) : "";
}

/** A row of the admin category list (admin.md §2 Categories). */
export type CategoryListItem = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  isActive: boolean;
};

export const CATEGORY_SORTS = ["name", "createdAt"] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
