import { safeHref } from "~/lib/urls";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { OUTBOUND_REL } from "~/modules/outbound/outbound-paths";

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
      rel={OUTBOUND_REL}
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
