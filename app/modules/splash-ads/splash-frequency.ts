// The splash ad's once-per-period rule, apart from splash-ads.schema.ts: the public overlay
// needs it, and must not bring zod (the form schema's library) to public pages.

const HOUR_MS = 3_600_000;

/**
 * Issue 11 §5: a visitor sees a splash ad at most once per `hours` (settings). Due when this
 * browser never showed one, or last showed one at least `hours` ago; a stored time that is
 * unreadable or from the future (a clock set back) counts as none.
 */
export function isSplashDue(shownAt: string | null, now: number, hours: number): boolean {
  const at = Number(shownAt);
  if (!shownAt || !Number.isFinite(at) || at > now) return true;
  return now - at >= hours * HOUR_MS;
}
