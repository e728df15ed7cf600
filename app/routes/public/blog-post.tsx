import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/blog-post";
import { ClaimLink, detailPath, promotionImage } from "~/components/promotion-card";
import { PostCard } from "~/components/post-card";
import { formatDateTr } from "~/lib/dates";
import { imageSources } from "~/modules/media/media.schema";
import { promotionOutboundHref } from "~/modules/outbound/outbound-paths";
import { findPublishedPost, listSimilarPosts } from "~/modules/blog/blog.server";
import { listActivePromotions } from "~/modules/promotions/promotions.server";
import { breadcrumbs, buildMeta } from "~/modules/seo/seo";
import { absoluteUrl, pageSeo } from "~/modules/seo/seo.server";

// public-site.md §2.10 and §9: 'Günün Bonusları' shows 5 first; the rest are revealed
// on demand (we fetch at most 15 in all).
export const DAY_BONUS_VISIBLE = 5;
export const DAY_BONUS_TOTAL = 15;

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);

export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await findPublishedPost(params.id);
  if (!post) throw data({ message: "Blog yazısı bulunamadı" }, 404);
  const path = `/blog/${post.slug}`;
  const [similar, promotions, seo] = await Promise.all([
    listSimilarPosts(post),
    listActivePromotions(DAY_BONUS_TOTAL),
    pageSeo(request, {
      path,
      title: post.seoTitle || post.title,
      description: post.seoDescription || post.excerpt || post.title,
      keywords: post.seoKeywords ?? undefined,
      image: post.imageUrl,
      type: "article",
      jsonLd: (origin) => [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: post.createdAt,
          dateModified: post.updatedAt,
          author: { "@type": "Person", name: post.author },
          image: absoluteUrl(origin, post.imageUrl),
          mainEntityOfPage: `${origin}${path}`,
          inLanguage: "tr-TR",
        },
        breadcrumbs(origin, [
          { name: "Anasayfa", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path },
        ]),
      ],
    }),
  ]);
  return { post, similar, promotions, seo };
}

export default function BlogPost() {
  const { post, similar, promotions } = useLoaderData<typeof loader>();
  const [showAll, setShowAll] = useState(false);
  const viewCount = usePostView(post.id, post.viewCount);
  const visible = showAll ? promotions : promotions.slice(0, DAY_BONUS_VISIBLE);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {promotions.length > 0 && (
        <section aria-labelledby="day-bonuses" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
          {/* A label, not a heading: the article's h1 is the page's first heading (issue 10 §2). */}
          <p id="day-bonuses" className="text-lg font-bold">
            Günün Bonusları
          </p>
          <ul className="mt-3 divide-y divide-brand-100" data-testid="day-bonuses">
            {visible.map((promotion) => (
              <li key={promotion.id} className="flex items-center gap-3 py-2">
                <img src={promotionImage(promotion)} alt="" width={64} height={36} loading="lazy" className="h-9 w-16 rounded object-cover" />
                <Link to={detailPath(promotion)} className="flex-1 text-sm font-semibold hover:underline">
                  {promotion.title}
                </Link>
                <ClaimLink href={promotionOutboundHref(promotion, "card")} className="rounded bg-brand-600 px-3 py-1 text-xs font-semibold text-white" />
              </li>
            ))}
          </ul>
          {promotions.length > DAY_BONUS_VISIBLE && (
            <button type="button" onClick={() => setShowAll((v) => !v)} className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
              {showAll ? "Daha Az Göster" : "Daha Fazla Bonus Göster"}
            </button>
          )}
        </section>
      )}

      <article className="mt-10">
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="font-semibold text-brand-700">{post.category}</span>
          <span>{formatDateTr(post.createdAt)}</span>
          <span>{post.author}</span>
          <span data-testid="view-count">{viewCount} görüntülenme</span>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold leading-tight md:text-4xl">{post.title}</h1>
        {post.excerpt && <p className="mt-4 text-lg text-slate-700">{post.excerpt}</p>}
        {post.imageUrl && <img {...imageSources(post.imageUrl, "(max-width: 896px) 100vw, 864px")} alt={post.title} width={800} height={450} className="mt-6 aspect-video w-full rounded-xl object-cover" />}
        <div className="rich-text mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
      </article>

      {similar.length > 0 && (
        <section aria-labelledby="similar-title" className="mt-14">
          <h2 id="similar-title" className="mb-6 text-2xl font-bold">
            Benzer İçerikler
          </h2>
          <div className="grid gap-6 sm:grid-cols-3">
            {similar.map((item) => (
              <PostCard key={item.id} post={item} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * public-site.md §4.5: every view raises view_count by one. The page itself is cached,
 * so the browser counts the view with a small request and shows the count it returns.
 */
function usePostView(postId: string, initial: number): number {
  const [counted, setCounted] = useState<{ postId: string; viewCount: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/blog/${postId}/view`, { method: "POST", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ viewCount: number }>) : null))
      .then((result) => result && setCounted({ postId, viewCount: result.viewCount }))
      .catch(() => {});
    return () => controller.abort();
  }, [postId]);
  return counted?.postId === postId ? counted.viewCount : initial;
}

/** public-site.md §2.10 and §8: not found, or a load failure. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto my-16 max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <title>{notFound ? "Blog yazısı bulunamadı" : "Blog yazısı yüklenirken bir hata oluştu"}</title>
      <h1 className="text-2xl font-bold">{notFound ? "Blog yazısı bulunamadı" : "Blog yazısı yüklenirken bir hata oluştu"}</h1>
      {notFound ? (
        <p className="mt-3 text-slate-600">Aradığınız blog yazısı mevcut değil veya kaldırılmış olabilir.</p>
      ) : (
        <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-lg border border-slate-300 px-5 py-2 font-semibold">
          Tekrar dene
        </button>
      )}
      <Link to="/blog" className="mt-6 ml-2 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">
        Blog&apos;a Dön
      </Link>
    </div>
  );
}
