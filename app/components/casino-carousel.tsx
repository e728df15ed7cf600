import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "./link";
import type { CasinoCard as Casino } from "~/modules/casinos/casinos.schema";
import { CasinoCard } from "./casino-card";

// public-site.md §2.6 and §9: 5 px tolerance at the ends, 3 card widths per click.
export const CAROUSEL_TOLERANCE_PX = 5;
export const CAROUSEL_STEP_CARDS = 3;

export function CasinoCarousel({ casinos }: { casinos: Casino[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= CAROUSEL_TOLERANCE_PX);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - CAROUSEL_TOLERANCE_PX);
  }, []);

  useEffect(() => {
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [update]);

  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    const card = el?.querySelector<HTMLElement>("[data-carousel-item]");
    if (!el || !card) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: direction * CAROUSEL_STEP_CARDS * (card.offsetWidth + gap), behavior: "smooth" });
  };

  return (
    <section aria-labelledby="casino-carousel-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h2 id="casino-carousel-title" className="text-2xl font-bold">
          Güvenilir Casino Siteleri
        </h2>
        <div className="flex items-center gap-2">
          <button type="button" aria-label="Önceki siteler" disabled={atStart} onClick={() => scroll(-1)} className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button type="button" aria-label="Sonraki siteler" disabled={atEnd} onClick={() => scroll(1)} className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
        </div>
      </div>
      <div ref={track} onScroll={update} data-testid="casino-carousel" className="flex snap-x gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none]">
        {casinos.map((casino) => (
          <div key={casino.id} data-carousel-item className="w-48 shrink-0 snap-start">
            <CasinoCard casino={casino} />
          </div>
        ))}
      </div>
      <div className="mt-6 text-center">
        <Link to="/guvenilir-siteler" className="font-semibold text-brand-700 hover:underline">
          Tüm siteleri gör
        </Link>
      </div>
    </section>
  );
}
