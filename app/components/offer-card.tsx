import { Link } from "./link";
import { formatDateTr } from "~/lib/dates";
import { previewText } from "~/lib/text";
import { imageSources } from "~/modules/media/media.schema";
import { promotionOutboundHref } from "~/modules/outbound/outbound-paths";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { CopyCode } from "./copy-code";
import { OfferHeadline, RatingLine, TermChips, TermsNotice, TERMS_ANCHOR } from "./offer-facts";
import { ClaimLink, detailPath, promotionImage, promotionImageFit, TermsList } from "./promotion-card";

// The offer card of the lists, apart from promotion-card.tsx's small helpers (image
// fallbacks, paths, ClaimLink) so that pages using only those (blog posts, casino and post
// cards) do not load the card's code (the public JavaScript budget).

// A phone shows the card's image 6.5rem wide (the 480 px copy); wider screens a grid column.
const CARD_IMAGE_SIZES = "(max-width: 639px) 104px, (max-width: 1023px) 50vw, 400px";

/**
 * public-site.md §2.5: a click on the card expands description, terms and expiry; only one
 * at a time. Issue 11 §2: the headline value, the chips, the code and the rating are text
 * on the card; on a phone the card is compact (a small image beside the title) so that at
 * least two offers fit on a 390 px screen.
 */
export function PromotionCard({
  promotion,
  expanded,
  onToggle,
  priority = false,
}: {
  promotion: PublicPromotion;
  expanded: boolean;
  onToggle: () => void;
  priority?: boolean;
}) {
  const detailsId = `promotion-details-${promotion.id}`;
  return (
    <article
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest("a,button,code")) onToggle();
      }}
      // Cards off screen are not styled, laid out or painted until they come near it (their
      // size held at a typical card's, then at their own once seen): a list of 24 renders the
      // few a visitor sees first.
      className={`grid cursor-pointer grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 overflow-hidden rounded-xl border bg-white p-3 shadow-sm transition-shadow [contain-intrinsic-size:auto_300px] [content-visibility:auto] hover:shadow-md sm:flex sm:flex-col sm:gap-0 sm:p-0 sm:[contain-intrinsic-size:auto_600px] ${expanded ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200"}`}
    >
      <img
        {...imageSources(promotionImage(promotion), CARD_IMAGE_SIZES)}
        alt={promotion.title}
        width={800}
        height={450}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-video w-full rounded-lg bg-slate-100 sm:rounded-none ${promotionImageFit(promotion)}`}
      />
      <div className="min-w-0 sm:px-4 sm:pt-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="truncate font-medium text-slate-600">{promotion.casino?.name ?? "Diğer"}</span>
          {promotion.category && <span className="hidden shrink-0 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 sm:inline">{promotion.category}</span>}
        </div>
        {/* The title names the detail page (issue 10 §2: only 'Detayları Gör' linked there). */}
        <h3 className="mt-1 line-clamp-3 text-base font-semibold leading-snug sm:text-lg">
          <Link to={detailPath(promotion)} className="hover:text-brand-700 hover:underline">
            {promotion.title}
          </Link>
        </h3>
      </div>
      <div className="col-span-2 flex flex-1 flex-col gap-2 sm:px-4 sm:pb-4 sm:pt-2">
        <OfferHeadline promotion={promotion} className="text-xl font-extrabold leading-tight text-slate-900" />
        <TermChips promotion={promotion} />
        {(promotion.promotionCode || promotion.ratingCount > 0) && (
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            {promotion.promotionCode && <CopyCode code={promotion.promotionCode} />}
            <RatingLine promotion={promotion} />
          </div>
        )}
        {!expanded && <p className="hidden text-sm text-slate-600 sm:block">{previewText(promotion.shortDescription)}</p>}
        {expanded && (
          <div id={detailsId} className="space-y-3 text-sm">
            <div className="rich-text text-sm" dangerouslySetInnerHTML={{ __html: promotion.description }} />
            <div>
              <h4 className="font-semibold text-slate-900">Şartlar ve Koşullar</h4>
              <TermsList terms={promotion.terms} className="mt-1" />
            </div>
            {promotion.expiryDate && (
              <p>
                <span className="font-semibold">Son tarih:</span> {formatDateTr(promotion.expiryDate)}
              </p>
            )}
          </div>
        )}
        <button type="button" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle} className="self-start text-sm font-semibold text-brand-700 hover:underline">
          {expanded ? "Gizle" : "Devamını oku"}
        </button>
        <div className="mt-auto flex gap-2 sm:pt-2">
          <Link to={detailPath(promotion)} className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-center text-sm font-semibold hover:border-brand-500">
            Detayları Gör
          </Link>
          <ClaimLink href={promotionOutboundHref(promotion, "card")} className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700" />
        </div>
        <TermsNotice href={`${detailPath(promotion)}#${TERMS_ANCHOR}`} title={promotion.title} />
      </div>
    </article>
  );
}
