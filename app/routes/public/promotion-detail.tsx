import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/promotion-detail";
import { CommentsSection } from "~/components/comments-section";
import { ClaimLink, detailPath, PLACEHOLDER_IMAGE, promotionImage, promotionImageFit, TermsList } from "~/components/promotion-card";
import { htmlToText } from "~/lib/text";
import { casinoPath } from "~/modules/casinos/casino-paths";
import { outboundPath, promotionOutboundHref } from "~/modules/outbound/outbound-paths";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { RelatedSlider } from "~/components/related-slider";
import { CopyCode } from "~/components/copy-code";
import { OfferHeadline, RatingLine, TermChips, TermsNotice, TERMS_ANCHOR } from "~/components/offer-facts";
import { PromotionList } from "~/components/promotion-list";
import { WageringCalculator } from "~/components/wagering-calculator";
import { hasCalculator, termRowsOf, verificationOf } from "~/modules/promotions/bonus-details";
import { isExpired } from "~/modules/promotions/promotions.schema";
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
  // An address the fuzzy steps resolved (a typo, an old title, Turkish letters) sends the
  // visitor to the promotion's own address: one URL a page for search engines, and one
  // cached copy instead of one per spelling a stranger makes up. The query (the comment page,
  // a campaign's utm_ tags) goes along.
  if (slugs && path !== `/bonuslar/${slugs.casino}/${slugs.promotion}`) throw redirect(`${path}${url.search}`, 301);
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
  const now = new Date();
  // Issue 11 §2: an expired offer keeps its page, says 'Süresi doldu' and shows the casino's
  // active offers (the page cache drops it when the expiry passes: server/page-cache.ts).
  const expired = isExpired(promotion.expiryDate, now);
  return data(
    { promotion, related, comments: comments.items, commentPaging, now: now.toISOString(), expired, seo },
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
  const { promotion, related, comments, commentPaging, now, expired } = useLoaderData<typeof loader>();
  const verification = verificationOf(promotion.bonus.lastVerifiedAt, new Date(now));
  const termRows = termRowsOf(promotion.bonus, promotion);
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label="Sayfa yolu" className="text-sm text-slate-600">
        <Link to="/" className="hover:underline">
          Anasayfa
        </Link>{" "}
        /{" "}
        <Link to="/bonuslar" className="hover:underline">
          Bonuslar
        </Link>
      </nav>
      <div className="mt-3 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">{promotion.title}</h1>
          {/* Issue 11 §2: the offer at a glance, with 'Bonus Al' above the fold on a phone. */}
          <section aria-label="Bonus özeti" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="font-semibold text-slate-700">{promotion.casino?.name ?? "Diğer"}</span>
              {promotion.category && <span className="rounded-full bg-brand-50 px-3 py-0.5 font-medium text-brand-700">{promotion.category}</span>}
              <RatingLine promotion={promotion} />
            </div>
            {expired && (
              <div role="status" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
                <p className="text-lg font-bold">Süresi doldu</p>
                <p className="text-sm">
                  Bu kampanya {formatDateTr(promotion.expiryDate!)} tarihinde sona erdi.
                  {promotion.casino && related.length > 0 && ` ${promotion.casino.name} sitesinin güncel kampanyaları aşağıda.`}
                </p>
              </div>
            )}
            <OfferHeadline promotion={promotion} className={`mt-2 text-2xl font-extrabold leading-tight sm:text-3xl ${expired ? "text-slate-600" : "text-slate-900"}`} />
            <TermChips promotion={promotion} className="mt-3" />
            {!expired && promotion.promotionCode && (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-slate-700">Promosyon kodu:</span>
                <CopyCode code={promotion.promotionCode} size="lg" />
              </div>
            )}
            {!expired && (
              <ClaimLink href={promotionOutboundHref(promotion, "detail")} className="mt-4 block rounded-lg bg-brand-600 px-8 py-3 text-center text-lg font-semibold text-white hover:bg-brand-700 sm:inline-block" />
            )}
            <TermsNotice href={`#${TERMS_ANCHOR}`} title={promotion.title} className="mt-2" />
            {verification && <p className="mt-1 text-xs text-slate-600">{verification.text}</p>}
          </section>
          {expired && (
            <section aria-labelledby="casino-active-title" className="mt-8">
              <h2 id="casino-active-title" className="mb-4 text-xl font-bold">
                {promotion.casino ? `${promotion.casino.name} Güncel Promosyonları` : "Güncel Promosyonlar"}
              </h2>
              {related.length > 0 ? (
                <PromotionList promotions={related} />
              ) : (
                <p className="text-slate-600">
                  Bu sitenin şu anda aktif bir promosyonu bulunmuyor.{" "}
                  <Link to="/bonuslar" className="font-semibold text-brand-700 underline">
                    Tüm bonuslara göz atın
                  </Link>
                </p>
              )}
            </section>
          )}
          <img {...imageSources(promotionImage(promotion), "(max-width: 1024px) 100vw, 760px")} alt={promotion.title} width={800} height={450} className={`mt-6 aspect-video w-full rounded-xl bg-slate-100 ${promotionImageFit(promotion)}`} />
          <div className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: promotion.description }} />
          <section id={TERMS_ANCHOR} className="mt-8 scroll-mt-24" aria-labelledby="terms-title">
            <h2 id="terms-title" className="text-xl font-bold">
              Şartlar ve Koşullar
            </h2>
            {termRows.length > 0 && (
              <dl aria-label="Bonus şartları" className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
                {termRows.map(([label, value]) => (
                  <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-4 py-2">
                    <dt className="font-medium text-slate-600">{label}</dt>
                    <dd className="font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <TermsList terms={promotion.terms} className="mt-3" />
          </section>
          {!expired && hasCalculator(promotion.bonus) && (
            <div className="mt-8">
              <WageringCalculator terms={promotion.bonus} />
            </div>
          )}
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
            <ClaimLink href={promotion.casino ? outboundPath(promotion.casino.slug, null, "detail") : promotion.claimLink} className="rounded-lg bg-slate-900 px-4 py-2 text-center font-semibold text-white">
              Siteyi Ziyaret Et
            </ClaimLink>
          </div>
        </aside>
      </div>
      {!expired && <RelatedSlider promotions={related} now={now} />}
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
