import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/casino-detail";
import { ClaimLink, PLACEHOLDER_IMAGE } from "~/components/promotion-card";
import { PromotionList } from "~/components/promotion-list";
import { htmlToText } from "~/lib/text";
import { casinoPath } from "~/modules/casinos/casino-paths";
import { outboundPath } from "~/modules/outbound/outbound-paths";
import { findCasino } from "~/modules/casinos/casinos.server";
import { listActivePromotionsOfCasino } from "~/modules/promotions/promotions.server";
import { breadcrumbs, buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";
import { PROMOTION_LISTS_TAG, shareable } from "~/lib/page-cache.server";

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);
// The promotion cards show ratings: the list sweep refreshes them (PROMOTION_LISTS_TAG).
export const headers = shareable({}, [PROMOTION_LISTS_TAG]);

const MAX_ID_LENGTH = 120;

/** public-site.md §2.8: the id may be a uuid, a slug of the name, or a partial name. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = ("id" in params ? params.id : "")?.trim() ?? "";
  if (!id || id.length > MAX_ID_LENGTH) throw data({ message: "Geçersiz casino URL" }, 400);
  const casino = await findCasino(id);
  if (!casino) throw data({ message: "Casino bulunamadı" }, 404);
  const path = casinoPath(casino);
  // A uuid or a partial name finds the casino too, but its one address is the slug's
  // (issue 10 §2: 'Site Detayları' linked /casino/{uuid}, a duplicate of the page).
  if (id !== casino.slug) throw redirect(path, 301);
  const [promotions, seo] = await Promise.all([
    listActivePromotionsOfCasino(casino.id),
    pageSeo(request, {
      path,
      title: `${casino.name} İnceleme ve Bonuslar`,
      // public-site.md §2.8: cut to 160 characters (pageSeo cuts every description so).
      description: htmlToText(casino.description) || `${casino.name} bonusları ve promosyonları`,
      card: { title: casino.name, subtitle: "İnceleme ve Bonuslar", image: casino.logoUrl },
      jsonLd: (origin) => [
        breadcrumbs(origin, [
          { name: "Anasayfa", path: "/" },
          { name: "Güvenilir Siteler", path: "/guvenilir-siteler" },
          { name: casino.name, path },
        ]),
      ],
    }),
  ]);
  return { casino, promotions, seo };
}

export default function CasinoDetail() {
  const { casino, promotions } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <section className="flex flex-col gap-6 rounded-xl bg-white p-6 shadow-sm md:flex-row md:items-center">
        <img src={casino.logoUrl || PLACEHOLDER_IMAGE} alt={`${casino.name} logosu`} width={128} height={128} className="h-32 w-32 rounded-xl object-contain" />
        <div className="flex-1">
          <h1 className="text-3xl font-extrabold">{casino.name}</h1>
          <p className="mt-1 text-slate-600">{casino.activePromotionCount} Promosyon</p>
          <div className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
            {casino.featured && <span className="rounded-full bg-amber-100 px-3 py-1 text-amber-800">Öne Çıkan</span>}
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-800">Lisanslı</span>
            <span className="rounded-full bg-sky-100 px-3 py-1 text-sky-800">7/24 Destek</span>
          </div>
        </div>
        <ClaimLink href={outboundPath(casino.slug, null, "casino")} className="rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700">
          Siteye Git
        </ClaimLink>
      </section>
      {casino.description && <div className="rich-text mt-8 rounded-xl bg-white p-6 shadow-sm" dangerouslySetInnerHTML={{ __html: casino.description }} />}
      <section className="mt-10" aria-labelledby="casino-promotions-title">
        <h2 id="casino-promotions-title" className="mb-6 text-2xl font-bold">
          Site Promosyonları
        </h2>
        {promotions.length === 0 ? <p className="text-slate-600">Bu casino sitesi için henüz promosyon bulunmuyor</p> : <PromotionList promotions={promotions} />}
      </section>
    </div>
  );
}

/** public-site.md §8: 'Geçersiz casino URL'; 'Casino bulunamadı' and 'Casino site bulunamadı' with a link home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const known = isRouteErrorResponse(error);
  if (!known) console.error(error);
  const invalid = known && error.status === 400;
  return (
    <div className="mx-auto my-16 max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <title>{invalid ? "Geçersiz casino URL" : "Casino bulunamadı"}</title>
      <h1 className="text-2xl font-bold">{invalid ? "Geçersiz casino URL" : "Casino bulunamadı"}</h1>
      {!invalid && <p className="mt-3 text-slate-600">Casino site bulunamadı</p>}
      <Link to="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">
        Ana Sayfaya Dön
      </Link>
    </div>
  );
}
