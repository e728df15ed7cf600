import { useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { PromotionCard } from "~/components/promotion-card";
import { SiteFooter } from "~/components/site-footer";
import { listLatestPostLinks } from "~/modules/blog/blog.server";
import { listActivePromotions } from "~/modules/promotions/promotions.server";
import { HOME_POST_COUNT } from "~/modules/site/site";
import { useSiteName } from "./layout";

export async function loader(_: Route.LoaderArgs) {
  const [promotions, posts] = await Promise.all([listActivePromotions(), listLatestPostLinks(HOME_POST_COUNT)]);
  return { promotions, posts };
}

export default function Home() {
  const { promotions, posts } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  return (
    <>
      <section className="bg-gradient-to-br from-slate-900 to-slate-800 px-4 py-16 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-3xl font-extrabold md:text-5xl">Casino Bonusları ve Promosyonlar</h1>
        </div>
      </section>
      <section id="promotions-section" className="mx-auto max-w-7xl px-4 py-12">
        <h2 className="mb-6 text-2xl font-bold">Güncel Bonuslar</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {promotions.map((promotion) => (
            <PromotionCard key={promotion.id} promotion={promotion} />
          ))}
        </div>
      </section>
      <SiteFooter siteName={siteName} posts={posts} />
    </>
  );
}
