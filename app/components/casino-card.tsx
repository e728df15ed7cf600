import { Link } from "react-router";
import type { CasinoCard as Casino } from "~/modules/casinos/casinos.schema";
import { PLACEHOLDER_IMAGE } from "./promotion-card";

/** public-site.md §2.6: logo, name, 'Öne Çıkan' when featured, promotion count, 'İncele'. */
export function CasinoCard({ casino }: { casino: Casino }) {
  return (
    <Link
      to={`/casino/${casino.slug}`}
      data-casino-card
      className="flex h-full flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm transition-shadow hover:shadow-md"
    >
      <img src={casino.logoUrl || PLACEHOLDER_IMAGE} alt={`${casino.name} logosu`} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-xl object-contain" />
      <span className="font-semibold text-slate-900">{casino.name}</span>
      {casino.featured && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Öne Çıkan</span>}
      <span className="text-sm text-slate-600">
        {casino.activePromotionCount} Promosyon
      </span>
      <span className="mt-auto rounded-lg bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white">İncele</span>
    </Link>
  );
}
