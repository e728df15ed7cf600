import { and, count, desc, eq, lt, ne, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { getDb } from "~/db/index.server";
import { blogPosts, postViews, type BlogPost, type NewBlogPost } from "~/db/schema";
import { getSessionSecret } from "~/lib/secret.server";
import { SITE_TAG } from "~/lib/page-cache.server";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { slugify } from "~/lib/slug";
import { isUuid } from "~/lib/ids";
import { BLOG_POST_MESSAGES, type PostCard, type PostDetail } from "./blog.schema";
export type { PostCard, PostDetail, PostLink } from "./blog.schema";
import { sanitizeRichText } from "~/lib/sanitize.server";

// public-site.md §3: a default writer label applies when author is empty.
export const DEFAULT_AUTHOR = "Bonus Rehberi Editörü";


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

/** A keyed hash of the client address: bounded in size, and the raw address is not stored. */
function visitorKey(client: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(client).digest("hex");
}

/** The UTC calendar day a view is counted in. */
function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * public-site.md §4.5: a view raises view_count by one, atomically in SQL, and returns the
 * new count. Issue 7, finding 11: one view per visitor (client address) per post per UTC
 * day counts; repeats answer the current count. One statement: the (post, visitor, day)
 * key decides, so concurrent repeats cannot count twice on either driver. The user agent
 * is not part of the visitor: it is free to vary, and would let one client count again.
 */
export async function recordPostView(id: string, client: string, now = new Date()): Promise<number | null> {
  if (!isUuid(id)) return null;
  const result = await getDb().execute(sql`
    with post as (
      select id from blog_posts where id = ${id} and is_published
    ), counted as (
      insert into post_views (post_id, visitor, day)
      select id, ${visitorKey(client)}, ${viewDay(now)}::date from post
      on conflict do nothing
      returning post_id
    ), bumped as (
      update blog_posts set view_count = view_count + 1
      where id in (select post_id from counted)
      returning view_count
    )
    select exists (select 1 from post) as found, (select view_count from bumped) as counted`);
  const [row] = (result as unknown as { rows: Array<{ found: boolean; counted: number | null }> }).rows;
  if (!row?.found) return null;
  if (row.counted !== null) return row.counted;
  // A repeat. Its statement's snapshot may predate the concurrent first view it waited
  // for, so the count is read afresh, after that view committed.
  const [post] = await getDb().select({ viewCount: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, id));
  return post?.viewCount ?? null;
}

/** Drops counted-view keys from days before `before` (run periodically). */
export async function prunePostViews(before: Date): Promise<void> {
  await getDb().delete(postViews).where(lt(postViews.day, viewDay(before)));
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

// ---- Writes: audited commands on runCommand (ADR 003). A view count is not such a write:
// the count is fetched by the browser, outside the cached page.

/** Posts appear on the home page, the blog pages, the footer and the sitemap. */
const BLOG_POST_COMMANDS: DomainCommands = {
  entity: "blog-post",
  invalidates: [SITE_TAG],
  unique: { blog_posts_slug_unique: { field: "slug", message: BLOG_POST_MESSAGES.slugTaken } },
};

export type PostInput = Pick<NewBlogPost, "title" | "excerpt" | "content" | "category"> &
  Partial<Pick<NewBlogPost, "slug" | "author" | "imageUrl" | "seoTitle" | "seoDescription" | "seoKeywords">>;

/**
 * Creates (id null) or updates a post. admin.md §4: manually created posts start as drafts;
 * editing sets updated_at and keeps the publish state; an empty slug is built from the title.
 */
export function savePost(actor: Actor, id: string | null, input: PostInput): Promise<CommandResult<BlogPost>> {
  const values = { ...input, content: sanitizeRichText(input.content), slug: input.slug?.trim() || slugify(input.title) };
  return runCommand(
    BLOG_POST_COMMANDS,
    id ? "update" : "create",
    actor,
    async (tx) => {
      const [row] = id
        ? isUuid(id)
          ? await tx.update(blogPosts).set({ ...values, updatedAt: new Date() }).where(eq(blogPosts.id, id)).returning()
          : []
        : await tx.insert(blogPosts).values({ ...values, isPublished: false }).returning();
      if (!row) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
      return { value: row, target: { id: row.id, summary: row.title } };
    },
    { id, summary: input.title },
  );
}

/** admin.md §4: publishing sets published_at to now; reverting to draft clears it. */
export function setPostPublished(actor: Actor, id: string, isPublished: boolean): Promise<CommandResult<{ id: string; isPublished: boolean }>> {
  return runCommand(
    BLOG_POST_COMMANDS,
    isPublished ? "publish" : "unpublish",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx
            .update(blogPosts)
            .set({ isPublished, publishedAt: isPublished ? new Date() : null, updatedAt: new Date() })
            .where(eq(blogPosts.id, id))
            .returning({ id: blogPosts.id, title: blogPosts.title })
        : [];
      if (!row) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
      return { value: { id: row.id, isPublished }, target: { id: row.id, summary: row.title } };
    },
    { id: isUuid(id) ? id : null, summary: "" },
  );
}

export function removePost(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(
    BLOG_POST_COMMANDS,
    "delete",
    actor,
    async (tx) => {
      const [row] = isUuid(id) ? await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, title: blogPosts.title }) : [];
      if (!row) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
      return { value: { id: row.id }, target: { id: row.id, summary: row.title } };
    },
    { id: isUuid(id) ? id : null, summary: "" },
  );
}
