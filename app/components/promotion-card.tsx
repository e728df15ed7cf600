import { Link } from "react-router";
import { formatDateTr } from "~/lib/dates";
import { previewText } from "~/lib/text";
import { safeHref } from "~/lib/urls";
import { imageSources } from "~/modules/media/media.schema";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** public-site.md §2.5: image falls back to the casino logo, then to a placeholder. */
export function promotionImage(promotion: Pick<PublicPromotion, "imageUrl" | "casino">): string {
  return promotion.imageUrl || promotion.casino?.logoUrl || PLACEHOLDER_IMAGE;
}

/** A square logo standing in for a banner is shown whole, not cropped. */
export function promotionImageFit(promotion: Pick<PublicPromotion, "imageUrl" | "casino">): string {
  return !promotion.imageUrl && promotion.casino?.logoUrl ? "object-contain p-6" : "object-cover";
}

export function detailPath(promotion: Pick<PublicPromotion, "id" | "slug" | "casino">): string {
  return promotion.casino ? `/bonuslar/${promotion.casino.slug}/${promotion.slug}` : `/promotion/${promotion.id}`;
}

export function ClaimLink({ href, className, children = "Bonus Al" }: { href: string; className?: string; children?: React.ReactNode }) {
  return (
    <a
      href={safeHref(href)}
      target="_blank"
      rel="nofollow sponsored noopener"
      onClick={(event) => event.stopPropagation()}
      className={className ?? "rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"}
    >
      {children}
    </a>
  );
}

/** The terms as bullets, or public-site.md §8's text when there are none. */
export function TermsList({ terms, className = "" }: { terms: string[]; className?: string }) {
  if (terms.length === 0) return <p className={`text-slate-600 ${className}`}>Bu promosyon için belirlenmiş şartlar bulunamadı.</p>;
  return (
    <ul className={`list-disc space-y-1 pl-5 text-slate-700 ${className}`}>
      {terms.map((term, i) => (
        <li key={i}>{term}</li>
      ))}
    </ul>
  );
}

/** public-site.md §2.5: a click on the card expands description, terms and expiry; only one at a time. */
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
        if (!(event.target as HTMLElement).closest("a,button")) onToggle();
      }}
      className={`flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md ${expanded ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200"}`}
    >
      <img
        {...imageSources(promotionImage(promotion))}
        alt={promotion.title}
        width={800}
        height={450}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-video w-full bg-slate-100 ${promotionImageFit(promotion)}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="font-medium text-slate-600">{promotion.casino?.name ?? "Diğer"}</span>
          {promotion.category && <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">{promotion.category}</span>}
        </div>
        {/* The title names the detail page (issue 10 §2: only 'Detayları Gör' linked there). */}
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={detailPath(promotion)} className="hover:text-brand-700 hover:underline">
            {promotion.title}
          </Link>
        </h3>
        {!expanded && <p className="text-sm text-slate-600">{previewText(promotion.shortDescription)}</p>}
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
        <div className="mt-auto flex gap-2 pt-2">
          <Link to={detailPath(promotion)} className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-center text-sm font-semibold hover:border-brand-500">
            Detayları Gör
          </Link>
          <ClaimLink href={promotion.claimLink} className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700" />
        </div>
      </div>
    </article>
  );
}
