import { Link } from "react-router";
import type { PublicPromotion } from "~/modules/promotions/promotions.server";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** public-site.md §2.5: image falls back to the casino logo, then to a placeholder. */
export function promotionImage(promotion: Pick<PublicPromotion, "imageUrl" | "casino">): string {
  return promotion.imageUrl || promotion.casino?.logoUrl || PLACEHOLDER_IMAGE;
}

export function promotionDetailPath(promotion: Pick<PublicPromotion, "id">): string {
  return `/promotion/${promotion.id}`;
}

export function PromotionCard({ promotion }: { promotion: PublicPromotion }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img src={promotionImage(promotion)} alt={promotion.title} width={800} height={450} loading="lazy" className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="font-medium text-slate-600">{promotion.casino?.name ?? "Diğer"}</span>
          {promotion.category && <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">{promotion.category}</span>}
        </div>
        <h3 className="text-lg font-semibold leading-snug">{promotion.title}</h3>
        <p className="text-sm text-slate-600">{promotion.shortDescription}</p>
        <div className="mt-auto flex gap-2 pt-2">
          <Link to={promotionDetailPath(promotion)} className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-center text-sm font-semibold">
            Detayları Gör
          </Link>
          <a
            href={promotion.claimLink}
            target="_blank"
            rel="nofollow sponsored noopener"
            className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
          >
            Bonus Al
          </a>
        </div>
      </div>
    </article>
  );
}
