import { useState } from "react";
import { Link } from "./link";
import { imageSources } from "~/modules/media/media.schema";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { detailPath, promotionImage, promotionImageFit } from "./promotion-card";

// public-site.md §2.9 and §9: 3 per page, previous and next wrap around.
export const RELATED_PER_PAGE = 3;

/** The page after moving by `delta`, wrapping at both ends. */
export function wrapPage(page: number, delta: 1 | -1, pages: number): number {
  return (page + delta + pages) % pages;
}

export function RelatedSlider({ promotions, now }: { promotions: PublicPromotion[]; now: string }) {
  const [page, setPage] = useState(0);
  if (promotions.length === 0) return null;
  const pages = Math.ceil(promotions.length / RELATED_PER_PAGE);
  const visible = promotions.slice(page * RELATED_PER_PAGE, page * RELATED_PER_PAGE + RELATED_PER_PAGE);
  return (
    <section aria-labelledby="related-title" className="mt-12">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="related-title" className="text-xl font-bold">
          Sitenin Diğer Promosyonları
        </h2>
        {pages > 1 && (
          <div className="flex gap-2">
            <button type="button" aria-label="Önceki promosyonlar" onClick={() => setPage(wrapPage(page, -1, pages))} className="rounded-full border border-slate-300 bg-white px-3 py-1">
              ‹
            </button>
            <button type="button" aria-label="Sonraki promosyonlar" onClick={() => setPage(wrapPage(page, 1, pages))} className="rounded-full border border-slate-300 bg-white px-3 py-1">
              ›
            </button>
          </div>
        )}
      </div>
      <ul className="grid gap-4 sm:grid-cols-3" data-testid="related-slides">
        {visible.map((promotion) => (
          <li key={promotion.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <Link to={detailPath(promotion)} className="block">
              {/* The link names the offer in text: the picture beside it is decorative (alt=""). */}
              <img {...imageSources(promotionImage(promotion))} alt="" width={800} height={450} loading="lazy" className={`aspect-video w-full bg-slate-100 ${promotionImageFit(promotion)}`} />
              <div className="space-y-1 p-3">
                {promotion.expiryDate && promotion.expiryDate > now && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Süreli</span>}
                <p className="font-semibold leading-snug">{promotion.title}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
