import { and, desc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts } from "~/db/schema";
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
export async function listLatestPostLinks(limit: number): Promise<PostLink[]> {
  return getDb().select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug }).from(blogPosts).where(published).orderBy(...newestFirst).limit(limit);
}

export async function listPublishedPosts(limit?: number): Promise<PostCard[]> {
  const query = getDb().select(cardColumns).from(blogPosts).where(published).orderBy(...newestFirst);
  return (limit ? await query.limit(limit) : await query).map(toCard);
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
