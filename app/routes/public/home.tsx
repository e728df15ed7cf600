import { useLoaderData } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/home";
import { CasinoCarousel } from "~/components/casino-carousel";
import { DataError } from "~/components/data-error";
import { PostGrid } from "~/components/post-card";
import { PromotionList } from "~/components/promotion-list";
import { SiteFooter } from "~/components/site-footer";
import { listPublishedPosts } from "~/modules/blog/blog.server";
import { listCasinoCards } from "~/modules/casinos/casinos.server";
import { splitHighlightedTitle } from "~/modules/content/content";
import { getBlogSectionText, getHero } from "~/modules/content/content.server";
import { listActivePromotions } from "~/modules/promotions/promotions.server";
import { buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";
import { HOME_POST_COUNT } from "~/modules/site/site";
import { getEnv } from "~/env.server";
import { useSiteName } from "~/components/site-name";
import { safeHref } from "~/lib/urls";
import { PROMOTION_LISTS_TAG, shareable } from "~/lib/page-cache.server";

// public-site.md §9: 12 casinos in the carousel, 4 posts. The home page shows the newest
// promotions and links to /bonuslar for the rest.
export const HOME_CASINO_COUNT = 12;
export const HOME_PROMOTION_COUNT = 12;

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);
// The promotion cards show ratings: the list sweep refreshes them (PROMOTION_LISTS_TAG).
export const headers = shareable({}, [PROMOTION_LISTS_TAG]);

export async function loader({ request }: Route.LoaderArgs) {
  const siteName = getEnv().SITE_NAME;
  const [hero, promotions, casinos, posts, blogSectionText, seo] = await Promise.all([
    getHero(),
    listActivePromotions(HOME_PROMOTION_COUNT),
    listCasinoCards(),
    listPublishedPosts(HOME_POST_COUNT),
    getBlogSectionText(),
    pageSeo(request, {
      path: "/",
      jsonLd: (origin) => [
        { "@context": "https://schema.org", "@type": "Organization", name: siteName, url: `${origin}/`, logo: `${origin}/logo.png` },
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: siteName,
          url: `${origin}/`,
          inLanguage: "tr-TR",
          potentialAction: { "@type": "SearchAction", target: `${origin}/bonuslar?q={search_term_string}`, "query-input": "required name=search_term_string" },
        },
      ],
    }),
  ]);
  return { hero, promotions, casinos: casinos.slice(0, HOME_CASINO_COUNT), posts, blogSectionText, seo };
}

export default function Home() {
  const { hero, promotions, casinos, posts, blogSectionText } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  const title = splitHighlightedTitle(hero.mainTitle, hero.highlightedText);
  return (
    <>
      <section className="bg-gradient-to-br from-slate-900 via-slate-800 to-brand-700 px-4 py-16 text-white md:py-24">
        <div className="mx-auto max-w-4xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{hero.upperTitle}</p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight md:text-5xl">
            {title.before}
            {title.highlight && <em className="text-brand-500 not-italic">{title.highlight}</em>}
            {title.after}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{hero.description}</p>
          <a href={safeHref(hero.buttonUrl)} className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
            {hero.buttonText}
          </a>
        </div>
      </section>

      <section id="promotions-section" className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 className="text-2xl font-bold">Güncel Bonuslar</h2>
          <Link to="/bonuslar" className="font-semibold text-brand-700 hover:underline">
            Tüm bonusları gör
          </Link>
        </div>
        {promotions.length === 0 ? <p className="text-slate-600">Bu kriterlere uygun promosyon bulunamadı.</p> : <PromotionList promotions={promotions} />}
      </section>

      {casinos.length > 0 && <CasinoCarousel casinos={casinos} />}

      <section className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 className="text-2xl font-bold">Son Blog Yazıları</h2>
          <Link to="/blog" className="font-semibold text-brand-700 hover:underline">
            Tüm yazılar
          </Link>
        </div>
        {posts.length === 0 ? <p className="text-slate-600">Henüz yayınlanmış blog yazısı bulunmuyor.</p> : <PostGrid posts={posts} />}
      </section>

      {blogSectionText && (
        <section className="mx-auto max-w-4xl px-4 py-8">
          <div className="rich-text rounded-xl bg-white p-8 shadow-sm" data-testid="blog-section-text" dangerouslySetInnerHTML={{ __html: blogSectionText }} />
        </section>
      )}

      <SiteFooter siteName={siteName} posts={posts} />
    </>
  );
}

export function ErrorBoundary() {
  return <DataError fallback="Failed to load promotions" />;
}
