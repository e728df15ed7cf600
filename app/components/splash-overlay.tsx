import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { safeHref } from "~/lib/urls";
import { imageSources } from "~/modules/media/media.schema";
import type { PublicSplashAd } from "~/modules/splash-ads/splash-ads.schema";

// public-site.md §4.4 and §9
export const SPLASH_DELAY_MS = 7000;
export const SPLASH_COUNTDOWN_SECONDS = 5;

/**
 * Hidden, shown 7 s after the page loads, then a 5 s countdown before the close button
 * appears. One active ad at random; nothing when none is active; never under /admin/.
 * It is fixed over the page, so it cannot shift layout, and appears long after first paint.
 */
export function SplashOverlay({ ads }: { ads: PublicSplashAd[] }) {
  const { pathname } = useLocation();
  const [ad, setAd] = useState<PublicSplashAd | null>(null);
  const [remaining, setRemaining] = useState(SPLASH_COUNTDOWN_SECONDS);
  const [closed, setClosed] = useState(false);
  const blocked = pathname.includes("/admin/") || ads.length === 0;

  // Once per page load: the ads list of later navigations does not restart the timer.
  const [candidates] = useState(ads);
  useEffect(() => {
    if (candidates.length === 0) return;
    const timer = setTimeout(() => setAd(candidates[Math.floor(Math.random() * candidates.length)]!), SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidates]);

  // Counted from when the ad appeared, so a throttled or late timer cannot stretch it.
  useEffect(() => {
    if (!ad) return;
    const shownAt = Date.now();
    const interval = setInterval(() => {
      const left = Math.max(0, SPLASH_COUNTDOWN_SECONDS - Math.floor((Date.now() - shownAt) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(interval);
    }, 250);
    return () => clearInterval(interval);
  }, [ad]);

  if (!ad || closed || blocked) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label={ad.title} className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/70 p-4">
      <div className="relative w-full max-w-md">
        <a href={safeHref(ad.href)} target="_blank" rel="nofollow sponsored noopener" className="block">
          <img {...imageSources(ad.imageUrl, "(max-width: 480px) 100vw, 448px")} alt={ad.title} width={600} height={600} className="aspect-square w-full rounded-xl object-cover shadow-2xl" />
        </a>
        <div className="absolute -top-3 -right-3">
          {remaining > 0 ? (
            <span aria-live="polite" className="flex h-10 min-w-10 items-center justify-center rounded-full bg-white px-3 text-sm font-bold text-slate-900 shadow">
              {remaining}
            </span>
          ) : (
            <button type="button" aria-label="Reklamı kapat" onClick={() => setClosed(true)} className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-slate-900 shadow">
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
