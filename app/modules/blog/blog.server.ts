import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts, type BlogPost, type NewBlogPost } from "~/db/schema";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";
import { slugify } from "~/lib/slug";
import { isUuid } from "~/lib/ids";
import { sanitizeRichText } from "~/lib/sanitize.server";

// public-site.md §3: a default writer label applies when author is empty.
export const DEFAULT_AUTHOR = "Bonus Rehberi Editörü";

export type PostLink = { id: string; title: string; slug: string };
export type PostCard = PostLink & { excerpt: string; imageUrl: string | null; category: string; author: string; createdAt: string };
export type PostDetail = PostCard & { content: string; viewCount: number; updatedAt: string; seoTitle: string | null; seoDescription: string | null; seoKeywords: string | null };

const published = eq(blogPosts.isPublished, true);
const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)];

const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  category: blogPosts.category,
  author: blogPosts.author,
  createdAt: blogPosts.createdAt,
};

type CardRow = { id: string; title: string; slug: string; excerpt: string; imageUrl: string | null; category: string; author: string | null; createdAt: Date };

function toCard(row: CardRow): PostCard {
  return { ...row, author: row.author?.trim() || DEFAULT_AUTHOR, createdAt: row.createdAt.toISOString() };
}

/** public-site.md §7 "Blog list": published posts, newest first; 4 for the home page and footer. */
export async function listPublishedPosts(limit: number, offset = 0): Promise<PostCard[]> {
  const rows = await getDb().select(cardColumns).from(blogPosts).where(published).orderBy(...newestFirst).limit(limit).offset(offset);
  return rows.map(toCard);
}

export async function countPublishedPosts(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(blogPosts).where(published);
  return row?.n ?? 0;
}

/** public-site.md §7 "Blog detail": by slug, then by id. Drafts are never found. */
export async function findPublishedPost(idOrSlug: string): Promise<PostDetail | null> {
  const db = getDb();
  const select = () => db.select().from(blogPosts);
  let [row] = await select().where(and(eq(blogPosts.slug, idOrSlug), published)).limit(1);
  if (!row && isUuid(idOrSlug)) [row] = await select().where(and(eq(blogPosts.id, idOrSlug), published)).limit(1);
  if (!row) return null;
  return {
    ...toCard(row),
    content: sanitizeRichText(row.content),
    viewCount: row.viewCount,
    updatedAt: row.updatedAt.toISOString(),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

/** public-site.md §4.5: each view raises view_count by one, atomically in SQL. Returns the new count. */
export async function recordPostView(id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .update(blogPosts)
    .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
    .where(and(eq(blogPosts.id, id), published))
    .returning({ viewCount: blogPosts.viewCount });
  return row?.viewCount ?? null;
}

// public-site.md §9: 3 similar posts
export const SIMILAR_POSTS_LIMIT = 3;

export async function listSimilarPosts(post: Pick<PostDetail, "id" | "category">): Promise<PostCard[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.category, post.category), ne(blogPosts.id, post.id)))
    .orderBy(...newestFirst)
    .limit(SIMILAR_POSTS_LIMIT);
  return rows.map(toCard);
}

// Writes; each invalidates the cached pages before it returns (issue 4). A view count
// is not such a write: the count is fetched by the browser, outside the cached page.
export type PostInput = Pick<NewBlogPost, "title" | "excerpt" | "content" | "category"> &
  Partial<Pick<NewBlogPost, "slug" | "author" | "imageUrl" | "seoTitle" | "seoDescription" | "seoKeywords">>;

export async function createPost(input: PostInput): Promise<BlogPost> {
  // admin.md §4: manually created posts start as drafts; an empty slug is built from the title.
  const [row] = await getDb()
    .insert(blogPosts)
    .values({ ...input, slug: input.slug?.trim() || slugify(input.title), isPublished: false })
    .returning();
  await invalidatePages(SITE_TAG);
  return row!;
}

/** admin.md §4: editing sets updated_at and keeps the publish state. */
export async function updatePost(id: string, input: PostInput): Promise<BlogPost | null> {
  const [row] = await getDb()
    .update(blogPosts)
    .set({ ...input, slug: input.slug?.trim() || slugify(input.title), updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  await invalidatePages(SITE_TAG);
  return row ?? null;
}

/** admin.md §4: publishing sets published_at to now; reverting to draft clears it. */
export async function setPostPublished(id: string, isPublished: boolean): Promise<void> {
  await getDb()
    .update(blogPosts)
    .set({ isPublished, publishedAt: isPublished ? new Date() : null, updatedAt: new Date() })
    .where(eq(blogPosts.id, id));
  await invalidatePages(SITE_TAG);
}

export async function deletePost(id: string): Promise<void> {
  await getDb().delete(blogPosts).where(eq(blogPosts.id, id));
  await invalidatePages(SITE_TAG);
}
