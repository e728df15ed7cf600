// Issue 11 §3: every outbound link ('Bonus Al', 'Siteye Git', 'Siteyi Ziyaret Et', a splash
// ad) leads through the site, so the destination can change in one place and the click is
// counted. Browser-safe: public components build their anchors with these helpers only.

/** Where on the site the visitor clicked; counted separately on the dashboard. */
export const OUTBOUND_PLACEMENTS = ["card", "detail", "casino", "splash"] as const;
export type OutboundPlacement = (typeof OUTBOUND_PLACEMENTS)[number];

/**
 * Issue 11 §4: the window, in Istanbul days ending today, of the lists' clicks column and
 * the dashboard's chart. Here, not in click-stats.server.ts, so browser code can name it.
 */
export const CLICK_WINDOW_DAYS = 30;

/** The query parameter that carries the placement. */
export const PLACEMENT_PARAM = "yer";

/** Every outbound anchor carries this `rel` (paid links, no referrer trust, no opener). */
export const OUTBOUND_REL = "sponsored nofollow noopener";

export function isOutboundPlacement(value: unknown): value is OutboundPlacement {
  return typeof value === "string" && (OUTBOUND_PLACEMENTS as readonly string[]).includes(value);
}

/**
 * `/git/{casinoSlug}` or `/git/{casinoSlug}/{promotionSlug}`, with the placement as `?yer=`.
 */
export function outboundPath(
  casinoSlug: string,
  promotionSlug: string | null | undefined,
  placement: OutboundPlacement,
): string {
  const promotionPart = promotionSlug ? `/${encodeURIComponent(promotionSlug)}` : "";
  return `/git/${encodeURIComponent(casinoSlug)}${promotionPart}?${PLACEMENT_PARAM}=${placement}`;
}

/**
 * A promotion's 'Bonus Al' href: through /git/ when it belongs to a casino. A promotion
 * without a casino keeps its direct link (stored as http(s) by the form; anchors still pass
 * it through safeHref): clicks are counted per casino, and there is no casino address to
 * move it to.
 */
export function promotionOutboundHref(
  promotion: { slug: string; claimLink: string; casino: { slug: string } | null },
  placement: OutboundPlacement,
): string {
  return promotion.casino ? outboundPath(promotion.casino.slug, promotion.slug, placement) : promotion.claimLink;
}
