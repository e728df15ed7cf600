import { z } from "zod";
import { firstTabWithErrorsIn } from "~/lib/form-tabs";
import { slugify } from "~/lib/slug";
import { editedVersionFields, optionalImageUrl, optionalText, richText, text } from "~/lib/validation";

// What public blog pages render (safe in the browser).
export type PostLink = { id: string; title: string; slug: string };
export type PostCard = PostLink & { excerpt: string; imageUrl: string | null; category: string; author: string; createdAt: string };
export type PostDetail = PostCard & { content: string; viewCount: number; updatedAt: string; seoTitle: string | null; seoDescription: string | null; seoKeywords: string | null };

// ---- The blog back office (admin.md §2 Blog list and Blog post editor, §5, §8, §9) ----

// admin.md §5 and §9: blog title 2, excerpt 10, content 50, category 1.
export const BLOG_TITLE_MIN_LENGTH = 2;
export const BLOG_EXCERPT_MIN_LENGTH = 10;
export const BLOG_CONTENT_MIN_LENGTH = 50;
export const BLOG_CATEGORY_MIN_LENGTH = 1;
// Upper bounds of our own (admin.md is silent): generous, but a form cannot fill the disk.
export const BLOG_TITLE_MAX_LENGTH = 200;
export const BLOG_CATEGORY_MAX_LENGTH = 100;
export const BLOG_EXCERPT_MAX_LENGTH = 1_000;
export const BLOG_CONTENT_MAX_LENGTH = 300_000;
export const BLOG_SEO_TITLE_MAX_LENGTH = 200;
export const BLOG_SEO_DESCRIPTION_MAX_LENGTH = 500;
export const BLOG_SEO_KEYWORDS_MAX_LENGTH = 500;
export const BLOG_SLUG_INPUT_MAX_LENGTH = 200;
// admin.md §5 "SEO guidance" (title 60, description 160) is modules/seo/seo.schema.ts
// SEO_GUIDANCE; the 300 words wanted are modules/ai/ai.schema.ts AI_WORDS.wanted.

export const BLOG_POST_MESSAGES = {
  // admin.md §5
  title: `Blog başlığı en az ${BLOG_TITLE_MIN_LENGTH} karakter olmalıdır`,
  excerpt: `Özet en az ${BLOG_EXCERPT_MIN_LENGTH} karakter olmalıdır`,
  content: `İçerik en az ${BLOG_CONTENT_MIN_LENGTH} karakter olmalıdır`,
  category: "Kategori giriniz",
  imageUrl: "Geçerli bir görsel URL giriniz",
  notFound: "Blog yazısı bulunamadı",
  // admin.md §8 has no blog wording for a slug clash; the categories' message says the same thing.
  slugTaken: "Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin.",
  /** The slug was left empty and the one built from the title is taken. */
  slugFromTitleTaken: (slug: string) => `Başlıktan oluşturulan "${slug}" slug değeri zaten kullanılıyor. Lütfen farklı bir başlık veya slug girin.`,
  created: "Blog yazısı başarıyla eklendi",
  updated: "Blog yazısı başarıyla güncellendi",
  published: "Blog yazısı yayınlandı",
  unpublished: "Blog yazısı taslağa alındı",
  deleted: "Blog yazısı silindi",
  // admin.md §8
  saveFailed: "Blog yazısı kaydedilirken bir hata oluştu",
} as const;

/** A typed slug counts when it has a letter or digit; it is then made by the slug rule. */
function typedSlugOf(value: string | null | undefined): string | null {
  return value && /[\p{L}\p{N}]/u.test(value) ? slugify(value) : null;
}

/**
 * The slug a post gets (public-site.md §5.2): the typed one by the slug rule, or, when
 * none was typed (or one without a letter or digit), the one built from the title. The
 * schema, the editor's address preview and the save all follow this one rule.
 */
export function effectiveSlug(slug: string | null | undefined, title: string): string {
  return typedSlugOf(slug) ?? slugify(title);
}

/** The slug field: the typed slug by the rule, or null when the title's is to be used. */
function typedSlug() {
  return optionalText(BLOG_SLUG_INPUT_MAX_LENGTH).transform(typedSlugOf);
}

export const BlogPostFormSchema = z.object({
  // Tab 'İçerik'
  title: text({ min: BLOG_TITLE_MIN_LENGTH, max: BLOG_TITLE_MAX_LENGTH, message: BLOG_POST_MESSAGES.title }),
  category: text({ min: BLOG_CATEGORY_MIN_LENGTH, max: BLOG_CATEGORY_MAX_LENGTH, message: BLOG_POST_MESSAGES.category }),
  excerpt: text({ min: BLOG_EXCERPT_MIN_LENGTH, max: BLOG_EXCERPT_MAX_LENGTH, message: BLOG_POST_MESSAGES.excerpt }),
  content: richText({ min: BLOG_CONTENT_MIN_LENGTH, max: BLOG_CONTENT_MAX_LENGTH, message: BLOG_POST_MESSAGES.content }),
  imageUrl: optionalImageUrl(BLOG_POST_MESSAGES.imageUrl),
  // Tab 'SEO' (admin.md §5: all optional; an empty slug is built from the title)
  seoTitle: optionalText(BLOG_SEO_TITLE_MAX_LENGTH),
  seoDescription: optionalText(BLOG_SEO_DESCRIPTION_MAX_LENGTH),
  seoKeywords: optionalText(BLOG_SEO_KEYWORDS_MAX_LENGTH),
  slug: typedSlug(),
  ...editedVersionFields(),
});

export type BlogPostFormInput = z.output<typeof BlogPostFormSchema>;

/** Which tab of the editor holds each field, so a tab can show that it has errors. */
export const BLOG_POST_TABS = [
  { id: "content", label: "İçerik", fields: ["title", "category", "excerpt", "content", "imageUrl"] },
  { id: "seo", label: "SEO", fields: ["seoTitle", "seoDescription", "seoKeywords", "slug"] },
] as const satisfies readonly { id: string; label: string; fields: readonly (keyof BlogPostFormInput)[] }[];

export type BlogPostTabId = (typeof BLOG_POST_TABS)[number]["id"];

/** The tab of the first field with an error, in the editor's order. */
export function firstBlogTabWithErrors(errorFields: Iterable<string>): BlogPostTabId | null {
  return firstTabWithErrorsIn(BLOG_POST_TABS, errorFields);
}

/** The public address of a post (public-site.md §2.1: /blog/{slug}). */
export function postPublicPath(post: { slug: string }): string {
  return `/blog/${post.slug}`;
}

export const BLOG_STATUS_LABELS = { published: "Yayında", draft: "Taslak" } as const;

/** A row of the admin blog list (admin.md §2 Blog list). */
export type BlogPostListItem = { id: string; title: string; slug: string; isPublished: boolean; viewCount: number; createdAt: string };

export const BLOG_POST_SORTS = ["createdAt", "title", "viewCount"] as const;
export type BlogPostSort = (typeof BLOG_POST_SORTS)[number];

export const BLOG_STATUS_FILTERS = ["yayinda", "taslak"] as const;
export type BlogStatusFilter = (typeof BLOG_STATUS_FILTERS)[number];

/** What the blog editor is filled with. */
export type BlogPostEditorValue = {
  id: string;
  title: string;
  category: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string | null;
  slug: string;
  isPublished: boolean;
  /** The version it was opened on (its updated_at, ISO), posted back so a save can tell a change made since (ADR 022). */
  version: string;
};
