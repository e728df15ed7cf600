import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/blog";
import { ListErrorBoundary } from "~/components/not-found";
import { PostCard } from "~/components/post-card";
import { Pagination } from "~/components/pagination";
import { countPublishedPosts, listPublishedPosts } from "~/modules/blog/blog.server";
import { buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";
import { shareable } from "~/lib/page-cache.server";

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);
// The loader reads ?sayfa= only; any other parameter leaves the page (and its cache entry) the same.
export const headers = shareable({ sayfa: "page" });

export const POSTS_PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("sayfa") ?? "1", 10) || 1));
  const [posts, total, seo] = await Promise.all([
    listPublishedPosts(POSTS_PAGE_SIZE, (page - 1) * POSTS_PAGE_SIZE),
    countPublishedPosts(),
    // Each page is its own canonical (issue 10 §2).
    pageSeo(request, { path: "/blog", page }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE));
  if (page > pageCount) throw data({ message: `Bu listede ${page}. sayfa bulunmuyor.` }, 404);
  return { posts, page, pageCount, seo };
}

/** public-site.md §2.10: all published posts in a grid. */
export default function Blog() {
  const { posts, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Blog</h1>
      <p className="mt-2 text-slate-600">Casino bonusları, çevrim şartları ve sorumlu oyun üzerine rehber yazılar.</p>
      {/* The cards' titles are h3: the list gets its h2 (issue 10 §2: h1 jumped to h3). */}
      <h2 className="sr-only">Blog Yazıları</h2>
      {posts.length === 0 ? (
        <p className="mt-8 text-slate-600">Henüz yayınlanmış blog yazısı bulunmuyor.</p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      <Pagination page={page} count={pageCount} hrefFor={(p) => (p > 1 ? `/blog?sayfa=${p}` : "/blog")} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ListErrorBoundary fallback="Blog yazıları yüklenemedi" backTo="/blog" backLabel="Blog'a Dön" />;
}
