import { Link } from "./link";
import { casinoPath } from "~/modules/casinos/casino-paths";
import type { CasinoCard as Casino } from "~/modules/casinos/casinos.schema";
import { PLACEHOLDER_IMAGE } from "./promotion-card";

/**
 * public-site.md §2.6: logo, name, 'Öne Çıkan' when featured, promotion count, 'İncele';
 * a click anywhere goes to /casino/{slug}. The link is the casino's name, stretched over the
 * card, so its text names the page (issue 10 §2) and the whole card stays clickable.
 */
export function CasinoCard({ casino }: { casino: Casino }) {
  return (
    <div
      data-casino-card
      className="relative flex h-full flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600"
    >
      <img src={casino.logoUrl || PLACEHOLDER_IMAGE} alt={`${casino.name} logosu`} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-xl object-contain" />
      <Link to={casinoPath(casino)} className="font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none">
        {casino.name}
      </Link>
      {casino.featured && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Öne Çıkan</span>}
      <span className="text-sm text-slate-600">{casino.activePromotionCount} Promosyon</span>
      <span className="mt-auto rounded-lg bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white">İncele</span>
    </div>
  );
}
