import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts } from "~/db/schema";

export type PostLink = { id: string; title: string; slug: string };

/** public-site.md §7 "Blog list": published posts, newest first; 4 for the home page and footer. */
export async function listLatestPostLinks(limit: number): Promise<PostLink[]> {
  return getDb()
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit);
}
