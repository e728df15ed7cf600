import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { safeHref } from "~/lib/urls";
import { imageSources } from "~/modules/media/media.schema";
import type { PublicSplashAd } from "~/modules/splash-ads/splash-ads.schema";
import { isSplashDue } from "~/modules/splash-ads/splash-frequency";
import { OUTBOUND_REL, outboundPath } from "~/modules/outbound/outbound-paths";

// public-site.md §4.4 and §9
export const SPLASH_DELAY_MS = 7000;
export const SPLASH_COUNTDOWN_SECONDS = 5;

// Issue 11 §5: when this browser last showed a splash ad. Kept on the visitor's side, so the
// cached HTML stays one page for everyone.
export const SPLASH_SHOWN_AT_KEY = "splash-ad-shown-at";

/**
 * Takes this period's showing: true (and the time is stored) when it is due. Without
 * storage (blocked, private mode) the ad cannot be limited, so it is not shown at all.
 */
function claimSplashShowing(hours: number): boolean {
  try {
    const now = Date.now();
    if (!isSplashDue(window.localStorage.getItem(SPLASH_SHOWN_AT_KEY), now, hours)) return false;
    window.localStorage.setItem(SPLASH_SHOWN_AT_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Hidden, shown 7 s after the page loads, then a 5 s countdown before the close button
 * appears. One active ad at random; nothing when none is active; never under /admin/.
 * It is fixed over the page, so it cannot shift layout, and appears long after first paint.
 * Issue 11 §5: labelled 'Reklam', shown at most once per `frequencyHours` in a browser, and
 * a modal dialog: focus moves in, Tab stays inside, Escape closes once closing is allowed,
 * and focus goes back where it was.
 */
export function SplashOverlay({ ads, frequencyHours = 24 }: { ads: readonly PublicSplashAd[]; frequencyHours?: number }) {
  const { pathname } = useLocation();
  const [ad, setAd] = useState<PublicSplashAd | null>(null);
  const [remaining, setRemaining] = useState(SPLASH_COUNTDOWN_SECONDS);
  const [closed, setClosed] = useState(false);
  const blocked = pathname.includes("/admin/") || ads.length === 0;

  // Once per page load: the ads list of later navigations does not restart the timer.
  const [candidates] = useState(ads);
  const [period] = useState(frequencyHours);
  useEffect(() => {
    if (candidates.length === 0) return;
    // Checked when the ad is due, so another tab's showing in the meantime counts.
    const timer = setTimeout(() => {
      if (window.location.pathname.includes("/admin/") || !claimSplashShowing(period)) return;
      setAd(candidates[Math.floor(Math.random() * candidates.length)]!);
    }, SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidates, period]);

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

  const open = Boolean(ad) && !closed && !blocked;
  const canClose = remaining === 0;
  const dialogRef = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog and stays there; when it closes, focus goes back.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    dialog.focus();
    const keepInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener("focusin", keepInside);
    return () => {
      document.removeEventListener("focusin", keepInside);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        if (canClose) setClosed(true);
        return;
      }
      if (event.key !== "Tab") return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active) && active !== dialog;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, canClose]);

  if (!ad || !open) return null;
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Reklam: ${ad.title}`}
      tabIndex={-1}
      className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/70 p-4 outline-none"
    >
      <div className="relative w-full max-w-md">
        <span className="absolute top-2 left-2 z-10 rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">Reklam</span>
        <a href={ad.casinoSlug ? outboundPath(ad.casinoSlug, null, "splash") : safeHref(ad.href)} target="_blank" rel={OUTBOUND_REL} className="block">
          <img {...imageSources(ad.imageUrl, "(max-width: 480px) 100vw, 448px")} alt={ad.title} width={600} height={600} className="aspect-square w-full rounded-xl object-cover shadow-2xl" />
        </a>
        {/* Announced once, when closing becomes possible, not at every second of the countdown. */}
        <span aria-live="polite" className="sr-only">
          {canClose ? "Reklam kapatılabilir" : ""}
        </span>
        <div className="absolute -top-3 -right-3">
          {!canClose ? (
            <span className="flex h-10 min-w-10 items-center justify-center rounded-full bg-white px-3 text-sm font-bold text-slate-900 shadow">
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
