import { data, isRouteErrorResponse, Link, redirect, useLoaderData, useRouteError } from "react-router";
import type { Route } from "./+types/promotion-detail";
import { CommentsSection } from "~/components/comments-section";
import { ClaimLink, detailPath, PLACEHOLDER_IMAGE, promotionImage, promotionImageFit, TermsList } from "~/components/promotion-card";
import { htmlToText } from "~/lib/text";
import { casinoPath } from "~/modules/casinos/casino-paths";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { RelatedSlider } from "~/components/related-slider";
import { formatDateTr } from "~/lib/dates";
import { imageSources } from "~/modules/media/media.schema";
import { COMMENT_PAGE_PARAM, COMMENTS_PAGE_SIZE, MAX_COMMENT_PAGE } from "~/modules/comments/comments.paging";
import { countComments, listCommentPage } from "~/modules/comments/comments.server";
import { findActivePromotionById, findActivePromotionBySlugs, listRelatedPromotions } from "~/modules/promotions/promotions.server";
import { breadcrumbs, buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";
import { promotionTag, shareable } from "~/lib/page-cache.server";

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);

// The page shows this promotion's comments: a new comment invalidates it (issue 4), through
// the tag its loader names. It reads ?id= (the legacy form) and the comment page number.
export const headers = shareable({ id: "raw", [COMMENT_PAGE_PARAM]: "raw" });

/**
 * public-site.md §2.1 and §5.4: /bonuslar/{casinoSlug}/{promotionSlug}, /promotion/{id}
 * and the legacy ?id= form all show the same detail.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const byId = ("id" in params ? params.id : undefined) ?? url.searchParams.get("id") ?? undefined;
  const slugs = "casinoSlug" in params && "promotionSlug" in params ? { casino: params.casinoSlug!, promotion: params.promotionSlug! } : null;
  const promotion = byId ? await findActivePromotionById(byId) : slugs ? await findActivePromotionBySlugs(slugs.casino, slugs.promotion) : null;
  if (!promotion) {
    const reference = byId ?? (slugs ? `${slugs.casino}/${slugs.promotion}` : "");
    throw data({ message: `Promosyon bulunamadı (${reference})` }, 404);
  }
  const path = detailPath(promotion);
  const commentPage = readCommentPage(url);
  if (commentPage === null) throw redirect(path, 301);
  const [related, comments, commentTotal, seo] = await Promise.all([
    listRelatedPromotions(promotion),
    listCommentPage(promotion.id, { offset: (commentPage - 1) * COMMENTS_PAGE_SIZE }),
    countComments(promotion.id),
    // Every comment page keeps the promotion's canonical (docs/decisions/005-comment-paging.md).
    pageSeo(request, {
      path,
      title: `${promotion.title}${promotion.casino ? ` | ${promotion.casino.name}` : ""}`,
      description: promotionDescription(promotion),
      card: { title: promotion.title, subtitle: promotion.casino?.name ?? promotion.category, image: promotion.imageUrl || promotion.casino?.logoUrl },
      jsonLd: (origin) => [
        breadcrumbs(origin, [
          { name: "Anasayfa", path: "/" },
          { name: "Bonuslar", path: "/bonuslar" },
          { name: promotion.title, path },
        ]),
      ],
    }),
  ]);
  // A page the comments no longer reach (deleted, or a made-up number) sends the visitor to the first.
  if (commentPage > 1 && comments.items.length === 0) throw redirect(path, 302);
  const commentPaging = { page: commentPage, total: commentTotal, hasMore: comments.hasMore, path };
  return data(
    { promotion, related, comments: comments.items, commentPaging, now: new Date().toISOString(), seo },
    { headers: { "X-Cache-Tags": promotionTag(promotion.id) } },
  );
}

/**
 * The promotion's own meta description (issue 10 §2: 27 pages shared 5): its title, then its
 * description's text; pageSeo cuts it at a word.
 */
function promotionDescription(promotion: PublicPromotion): string {
  const text = htmlToText(promotion.description);
  const casino = promotion.casino && !promotion.title.includes(promotion.casino.name) ? ` (${promotion.casino.name})` : "";
  return text ? `${promotion.title}${casino}: ${text}` : `${promotion.title}${casino}`;
}

/**
 * The comment page of ?yorum-sayfa=N (issue 7): 1 when absent, null when the link is not the
 * one this site writes ("1", "02", "abc"), so one page is never cached under several URLs.
 */
function readCommentPage(url: URL): number | null {
  const raw = url.searchParams.get(COMMENT_PAGE_PARAM);
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 2 && page <= MAX_COMMENT_PAGE ? page : null;
}

export default function PromotionDetail() {
  const { promotion, related, comments, commentPaging, now } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Sayfa yolu" className="text-sm text-slate-600">
        <Link to="/" className="hover:underline">
          Anasayfa
        </Link>{" "}
        /{" "}
        <Link to="/bonuslar" className="hover:underline">
          Bonuslar
        </Link>
      </nav>
      <div className="mt-4 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h1 className="text-3xl font-extrabold leading-tight">{promotion.title}</h1>
          {promotion.category && <span className="mt-3 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">{promotion.category}</span>}
          <img {...imageSources(promotionImage(promotion), "(max-width: 1024px) 100vw, 760px")} alt={promotion.title} width={800} height={450} className={`mt-6 aspect-video w-full rounded-xl bg-slate-100 ${promotionImageFit(promotion)}`} />
          <div className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: promotion.description }} />
          <section className="mt-8" aria-labelledby="terms-title">
            <h2 id="terms-title" className="text-xl font-bold">
              Şartlar ve Koşullar
            </h2>
            <TermsList terms={promotion.terms} className="mt-3" />
          </section>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            {promotion.expiryDate && (
              <p>
                <span className="font-semibold">Son tarih:</span> {formatDateTr(promotion.expiryDate)}
              </p>
            )}
            {promotion.promotionCode && (
              <p>
                <span className="font-semibold">Promosyon kodu:</span> <code className="rounded bg-slate-100 px-2 py-1">{promotion.promotionCode}</code>
              </p>
            )}
          </div>
          <ClaimLink href={promotion.claimLink} className="mt-6 inline-block rounded-lg bg-brand-600 px-8 py-3 text-lg font-semibold text-white hover:bg-brand-700" />
        </div>
        <aside aria-labelledby="site-info-title" className="h-fit rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="site-info-title" className="text-lg font-bold">
            Site Bilgileri
          </h2>
          {promotion.casino ? (
            <div className="mt-4 flex items-center gap-3">
              <img src={promotion.casino.logoUrl || PLACEHOLDER_IMAGE} alt={`${promotion.casino.name} logosu`} width={56} height={56} className="h-14 w-14 rounded-lg object-contain" />
              <span className="font-semibold">{promotion.casino.name}</span>
            </div>
          ) : (
            <p className="mt-4 font-semibold">Diğer</p>
          )}
          <div className="mt-5 flex flex-col gap-2">
            {promotion.casino && (
              <Link to={casinoPath(promotion.casino)} className="rounded-lg border border-slate-300 px-4 py-2 text-center font-semibold">
                Site Detayları
              </Link>
            )}
            <ClaimLink href={promotion.claimLink} className="rounded-lg bg-slate-900 px-4 py-2 text-center font-semibold text-white">
              Siteyi Ziyaret Et
            </ClaimLink>
          </div>
        </aside>
      </div>
      <RelatedSlider promotions={related} now={now} />
      <CommentsSection key={`${promotion.id}|${commentPaging.page}`} promotionId={promotion.id} comments={comments} paging={commentPaging} />
    </article>
  );
}

/** public-site.md §8: 'Hata', the message, 'Kod: ...' and 'Tüm Bonuslara Dön'. */
export function ErrorBoundary() {
  const error = useRouteError();
  const known = isRouteErrorResponse(error);
  if (!known) console.error(error);
  const message = known ? ((error.data as { message?: string })?.message ?? error.statusText) : `Promosyon verileri işlenirken hata: ${error instanceof Error ? error.message : "Bilinmeyen hata"}`;
  return (
    <div className="mx-auto my-16 max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <title>Hata</title>
      <h1 className="text-2xl font-bold">Hata</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <p className="mt-1 text-sm text-slate-500">Kod: {known ? error.status : 500}</p>
      <Link to="/bonuslar" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">
        Tüm Bonuslara Dön
      </Link>
    </div>
  );
}
