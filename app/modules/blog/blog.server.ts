import { and, asc, count, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { getDb } from "~/db/index.server";
import { blogPosts, postViews, type BlogPost, type NewBlogPost } from "~/db/schema";
import { getSessionSecret } from "~/lib/secret.server";
import { SITE_TAG } from "~/lib/page-cache.server";
import { auditInTx, reject, runCommand, type Actor, type CommandResult, type DomainCommands, type Tx } from "~/lib/command.server";
import { isUuid, uuidOrNull } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, pageCountOf, type ListQuery, type Paged } from "~/lib/list-query";
import { containsFolded } from "~/lib/list-query.server";
import { enqueueIndexing, type IndexingRequest } from "~/modules/indexing/indexing-queue.server";
import {
  BLOG_POST_MESSAGES,
  effectiveSlug,
  postPublicPath,
  type BlogPostEditorValue,
  type BlogPostFormInput,
  type BlogPostListItem,
  type BlogPostSort,
  type PostCard,
  type PostDetail,
} from "./blog.schema";
export type { PostCard, PostDetail, PostLink } from "./blog.schema";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { isStaleEdit, STALE_EDIT_MESSAGE } from "~/lib/validation";

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

/**
 * Posts appear on the home page, the blog pages, the footer and the sitemap. Declared once
 * for every writer of posts: the editor and the list here, the AI bulk save
 * (modules/ai/bulk.server.ts) and the scheduled publisher (modules/publishing).
 */
export const BLOG_POST_COMMANDS: DomainCommands = {
  entity: "blog-post",
  invalidates: [SITE_TAG],
  unique: { blog_posts_slug_unique: { field: "slug", message: BLOG_POST_MESSAGES.slugTaken } },
};

/**
 * What a save takes: the editor schema's output (BlogPostFormSchema). The optional fields
 * may be left out by other writers (the AI helper sets the author); left out on an update
 * they keep their stored value.
 */
export type PostInput = Pick<BlogPostFormInput, "title" | "excerpt" | "content" | "category"> &
  Partial<Pick<BlogPostFormInput, "slug" | "imageUrl" | "seoTitle" | "seoDescription" | "seoKeywords" | "version" | "overwrite">> & { author?: string | null };

/**
 * The post's public address for IndexNow. Only a live page names the post, so only its
 * successful submission marks the post indexed (an old address or a draft's must not).
 */
function indexingRequest(post: { id: string; slug: string }, live: boolean): IndexingRequest {
  return live ? { path: postPublicPath(post), entityType: "blog-post", entityId: post.id } : { path: postPublicPath(post), entityType: "blog-post" };
}

/**
 * Creates (id null) or updates a post. admin.md §4: manually created posts start as drafts;
 * editing sets updated_at and keeps the publish state; an empty slug is built from the title
 * (public-site.md §5.2). A slug another post has is refused beside the slug field; a
 * published post whose slug changes is queued for indexing under its old and new address,
 * and one saved at the same address is queued there; either way `indexed` is reset until
 * the search engine accepts the live address.
 */
export function savePost(actor: Actor, id: string | null, input: PostInput): Promise<CommandResult<BlogPost>> {
  const typed = Boolean(input.slug?.trim());
  const slug = effectiveSlug(input.slug, input.title);
  const values = {
    title: input.title,
    excerpt: input.excerpt,
    content: sanitizeRichText(input.content),
    category: input.category,
    slug,
    imageUrl: input.imageUrl,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    seoKeywords: input.seoKeywords,
    author: input.author,
  };
  return runCommand(
    BLOG_POST_COMMANDS,
    id ? "update" : "create",
    actor,
    async (tx) => {
      let current: { slug: string; isPublished: boolean; updatedAt: Date } | undefined;
      if (id !== null) {
        [current] = isUuid(id)
          ? await tx.select({ slug: blogPosts.slug, isPublished: blogPosts.isPublished, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.id, id)).for("update")
          : [];
        if (!current) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
        if (isStaleEdit(current.updatedAt, input)) return reject({ "": [STALE_EDIT_MESSAGE] });
      }
      // Checked first so the message can say where the slug came from; the unique
      // constraint (mapped above) still decides between two concurrent saves.
      const [clash] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), id ? ne(blogPosts.id, id) : undefined))
        .limit(1);
      if (clash) return reject({ slug: [typed ? BLOG_POST_MESSAGES.slugTaken : BLOG_POST_MESSAGES.slugFromTitleTaken(slug)] });
      const movedWhilePublished = current !== undefined && current.isPublished && current.slug !== slug;
      // A published post saved at the same address: the search engine is told it changed.
      const updatedWhilePublished = current !== undefined && current.isPublished && !movedWhilePublished;
      const [row] = id
        ? await tx
            .update(blogPosts)
            .set({ ...values, updatedAt: new Date(), ...(movedWhilePublished || updatedWhilePublished ? { indexed: false } : {}) })
            .where(eq(blogPosts.id, id))
            .returning()
        : await tx
            .insert(blogPosts)
            .values({ ...values, isPublished: false, publishedAt: null })
            .returning();
      if (movedWhilePublished) {
        // The old address is gone, the new one is live; only the new one's success marks the post indexed.
        await enqueueIndexing(
          tx,
          [indexingRequest({ id: row!.id, slug: current!.slug }, false), indexingRequest(row!, true)],
          "blog-post.slug-change",
        );
      } else if (updatedWhilePublished) {
        await enqueueIndexing(tx, [indexingRequest(row!, true)], "blog-post.update");
      }
      return { value: row!, target: { id: row!.id, summary: row!.title } };
    },
    { id, summary: input.title },
  );
}

/**
 * admin.md §4: publishing sets published_at to now and submits the public URL for indexing
 * (the queue's sender marks `indexed` on success); reverting to draft clears published_at
 * and tells the search engine the page is gone. The wanted state is given, not "flip": a
 * second click on a stale list changes nothing and queues nothing.
 */
export function setPostPublished(actor: Actor, id: string, isPublished: boolean): Promise<CommandResult<{ id: string; isPublished: boolean }>> {
  return runCommand(
    BLOG_POST_COMMANDS,
    isPublished ? "publish" : "unpublish",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx.select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, isPublished: blogPosts.isPublished }).from(blogPosts).where(eq(blogPosts.id, id)).for("update")
        : [];
      if (!row) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
      if (row.isPublished !== isPublished) {
        const now = new Date();
        await tx
          .update(blogPosts)
          .set({ isPublished, publishedAt: isPublished ? now : null, updatedAt: now, indexed: false })
          .where(eq(blogPosts.id, id));
        await enqueueIndexing(
          tx,
          // An unpublished page's successful submission must not mark the draft indexed.
          [indexingRequest(row, isPublished)],
          isPublished ? "blog-post.publish" : "blog-post.unpublish",
        );
      }
      return { value: { id: row.id, isPublished }, target: { id: row.id, summary: row.title } };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}

/** Deletes a post; a published one's address is queued so the search engine drops it. */
export function removePost(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(
    BLOG_POST_COMMANDS,
    "delete",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, isPublished: blogPosts.isPublished })
        : [];
      if (!row) return reject({ "": [BLOG_POST_MESSAGES.notFound] });
      if (row.isPublished) await enqueueIndexing(tx, [indexingRequest(row, true)], "blog-post.delete");
      return { value: { id: row.id }, target: { id: row.id, summary: row.title } };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}

// ---- Writes inside another domain's command (the AI bulk save, the scheduled publisher).
// The caller's command owns the transaction; it invalidates BLOG_POST_COMMANDS.invalidates.

export type WrittenPost = { id: string; slug: string; title: string; isPublished: boolean };

const writtenColumns = { id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, isPublished: blogPosts.isPublished };

/**
 * Inserts finished posts (admin.md §4 "Bulk save") in the caller's transaction: the content
 * sanitised as the editor's is, the published ones queued for indexing as a publish from the
 * list is. Slugs are the caller's (checked free); the caller audits the posts.
 */
export async function insertPostsInTx(tx: Tx, rows: readonly NewBlogPost[]): Promise<WrittenPost[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(blogPosts)
    .values(rows.map((row) => ({ ...row, content: sanitizeRichText(row.content ?? "") })))
    .returning(writtenColumns);
  await enqueueIndexing(
    tx,
    inserted.filter((post) => post.isPublished).map((post) => indexingRequest(post, true)),
    "blog-post.publish",
  );
  return inserted;
}

/**
 * Publishes the drafts `ids` in the caller's transaction, with the effects of the list's
 * publish: is_published and published_at set, indexed reset, an audit row per post, the
 * public address queued for indexing. A post published meanwhile is skipped (the update
 * re-checks is_published), so none is published twice. Returned in the order of `ids`.
 */
export async function publishDraftsInTx(tx: Tx, actor: Actor, ids: readonly string[], now: Date): Promise<WrittenPost[]> {
  if (ids.length === 0) return [];
  const updated = await tx
    .update(blogPosts)
    .set({ isPublished: true, publishedAt: now, updatedAt: now, indexed: false })
    .where(and(inArray(blogPosts.id, [...ids]), eq(blogPosts.isPublished, false)))
    .returning(writtenColumns);
  const order = new Map(ids.map((id, i) => [id, i]));
  const published = updated.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  await auditInTx(tx, BLOG_POST_COMMANDS, "publish", actor, published.map((post) => ({ id: post.id, summary: post.title })));
  await enqueueIndexing(
    tx,
    published.map((post) => indexingRequest(post, true)),
    "blog-post.publish",
  );
  return published;
}

// ---- Admin reads (admin.md §2 Blog list and Blog post editor) ----

export type BlogPostListQuery = ListQuery<BlogPostSort> & { status: "published" | "draft" | null };

/**
 * One page of the admin list (25 rows), searched by title, filtered by status and sorted.
 * Only the list's columns are read: never the content, however long the posts are.
 */
export async function listPostsForAdmin(query: BlogPostListQuery): Promise<Paged<BlogPostListItem>> {
  const db = getDb();
  const where = and(
    // Searched as Turkish visitors type (issue 10 §1): 'bogazici' finds 'Boğaziçi'.
    query.q ? containsFolded(blogPosts.title, query.q) : undefined,
    query.status ? eq(blogPosts.isPublished, query.status === "published") : undefined,
  );
  const by = query.sort === "title" ? blogPosts.title : query.sort === "viewCount" ? blogPosts.viewCount : blogPosts.createdAt;
  const order = [query.dir === "asc" ? asc(by) : desc(by), asc(blogPosts.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, isPublished: blogPosts.isPublished, viewCount: blogPosts.viewCount, createdAt: blogPosts.createdAt })
      .from(blogPosts)
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: n, page: query.page, pageCount: pageCountOf(n) };
}

/** The post to edit, or null for an unknown id. */
export async function getPostForEdit(id: string): Promise<BlogPostEditorValue | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      category: blogPosts.category,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      imageUrl: blogPosts.imageUrl,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
      seoKeywords: blogPosts.seoKeywords,
      slug: blogPosts.slug,
      isPublished: blogPosts.isPublished,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  if (!row) return null;
  const { updatedAt, ...post } = row;
  return { ...post, version: updatedAt.toISOString() };
}

// Suggestions for the category field: the categories in use, most used first.
export const CATEGORY_SUGGESTIONS_LIMIT = 50;

export async function listPostCategories(): Promise<string[]> {
  const rows = await getDb()
    .select({ category: blogPosts.category })
    .from(blogPosts)
    .where(ne(blogPosts.category, ""))
    .groupBy(blogPosts.category)
    .orderBy(desc(count()), asc(blogPosts.category))
    .limit(CATEGORY_SUGGESTIONS_LIMIT);
  return rows.map((row) => row.category);
}
