import { and, desc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb } from "~/db/index.server";
import { casinos, promotions } from "~/db/schema";
import { DEFAULT_MAX_AGE_MS, pageStore } from "~/lib/page-cache.server";
import { isExpired } from "~/modules/promotions/promotions.schema";
import { clickCounter, type ClickOutcome } from "./clicks.server";
import { PLACEMENT_PARAM } from "./outbound-paths";
import { casinoTarget, placementOf, promotionTarget, type OutboundKind } from "./outbound-target";

// Issue 11 §3: /git/{casinoSlug} and /git/{casinoSlug}/{promotionSlug} answer 302 to the
// current target and count the click. Targets are kept in memory, so a redirect costs no
// database round trip: an entry is trusted while no site-wide page invalidation happened
// after its read began (every casino and promotion write invalidates SITE_TAG, in every
// process through LISTEN/NOTIFY) and for at most a page's lifetime (out-of-band SQL heals).

/** Where a /git/ address leads, and what its clicks are counted under. */
export type OutboundTarget = { casinoId: string; promotionId: string | null; location: string };

type Entry = { target: OutboundTarget | null; from: number; readAt: number };

// Known misses are kept too, so a flood of made-up slugs does not reach the database.
const MAX_TARGETS = 20_000;
// Slugs are derived from names and titles (lib/slug.ts); anything longer is no slug of ours.
const MAX_SLUG_LENGTH = 200;

export const OUTBOUND_MESSAGES = {
  casinoNotFound: "Casino bulunamadı",
  promotionNotFound: "Promosyon bulunamadı",
} as const;

/** Answers of /git/ carry these: never indexed, never stored by a browser or a shared cache. */
export const OUTBOUND_HEADERS: Readonly<Record<string, string>> = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
};

const holder = globalThis as typeof globalThis & { __bonusOutboundTargets?: LRUCache<string, Entry> };
function targets(): LRUCache<string, Entry> {
  holder.__bonusOutboundTargets ??= new LRUCache<string, Entry>({ max: MAX_TARGETS });
  return holder.__bonusOutboundTargets;
}

/** Forgets every known target (tests that write rows without a command). */
export function forgetOutboundTargets(): void {
  targets().clear();
}

const keyOf = (casinoSlug: string, promotionSlug: string | null) => `${casinoSlug}/${promotionSlug ?? ""}`;

/** The target known in memory: a target, null for a known miss, undefined when it must be read. */
export function knownOutboundTarget(casinoSlug: string, promotionSlug: string | null): OutboundTarget | null | undefined {
  const key = keyOf(casinoSlug, promotionSlug);
  const entry = targets().get(key);
  if (!entry) return undefined;
  const store = pageStore();
  if (store.invalidatedSince([], entry.from) || store.now() - entry.readAt >= DEFAULT_MAX_AGE_MS) {
    targets().delete(key);
    return undefined;
  }
  return entry.target;
}

async function readTarget(casinoSlug: string, promotionSlug: string | null): Promise<OutboundTarget | null> {
  const db = getDb();
  const casinoColumns = { casinoId: casinos.id, url: casinos.url, currentAddress: casinos.currentAddress, formerHosts: casinos.formerHosts };
  if (promotionSlug === null) {
    const [casino] = await db.select(casinoColumns).from(casinos).where(eq(casinos.slug, casinoSlug)).limit(1);
    const location = casino ? casinoTarget(casino) : null;
    return casino && location ? { casinoId: casino.casinoId, promotionId: null, location } : null;
  }
  // Only an active promotion of this casino; of two with one slug, the newest.
  const [row] = await db
    .select({ ...casinoColumns, promotionId: promotions.id, promotionUrl: promotions.url, expiryDate: promotions.expiryDate })
    .from(promotions)
    .innerJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(and(eq(casinos.slug, casinoSlug), eq(promotions.slug, promotionSlug), eq(promotions.isActive, true)))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(1);
  if (row && isExpired(row.expiryDate)) {
    // An expired offer's landing page is gone: an old link (a bookmark, a cached page of ours)
    // leads to the casino instead, a click counted for the casino (ADR 012); one followed
    // from another site is not counted (isNoClick).
    const location = casinoTarget(row);
    return location ? { casinoId: row.casinoId, promotionId: null, location } : null;
  }
  const location = row ? promotionTarget(row.promotionUrl, row) : null;
  return row && location ? { casinoId: row.casinoId, promotionId: row.promotionId, location } : null;
}

/** The current target of a /git/ address, from memory or read once; null when there is none. */
export async function resolveOutboundTarget(casinoSlug: string, promotionSlug: string | null): Promise<OutboundTarget | null> {
  const casino = casinoSlug.toLowerCase();
  const promotion = promotionSlug?.toLowerCase() ?? null;
  if (casino.length > MAX_SLUG_LENGTH || (promotion?.length ?? 0) > MAX_SLUG_LENGTH) return null;
  const known = knownOutboundTarget(casino, promotion);
  if (known !== undefined) return known;
  // Recorded before the read: a write that lands during it makes the entry stale at once.
  const from = pageStore().sequence;
  const target = await readTarget(casino, promotion);
  targets().set(keyOf(casino, promotion), { target, from, readAt: pageStore().now() });
  return target;
}

/**
 * Requests that are no visitor's click: HEAD, prefetches and link previews, and what a
 * browser says is not a navigation of its own (Sec-Fetch-*): an image, a script or a
 * fetch() pointing at /git/ from another site, a frame, or a navigation another site
 * started. Browsers without Sec-Fetch headers are taken at their word.
 */
function isNoClick(method: string, header: (name: string) => string | null): boolean {
  if (method !== "GET") return true;
  const purpose = `${header("Sec-Purpose") ?? ""} ${header("Purpose") ?? ""} ${header("X-Purpose") ?? ""} ${header("X-Moz") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return true;
  const mode = header("Sec-Fetch-Mode");
  const dest = header("Sec-Fetch-Dest");
  if ((mode !== null && mode !== "navigate") || (dest !== null && dest !== "document")) return true;
  return header("Sec-Fetch-Site") === "cross-site";
}

/**
 * Counts the click (unless a bot, no click at all, or a repeat within 30 s) into the in-memory
 * tally, which never waits for the database and never throws into the redirect.
 */
export function countOutboundClick(
  target: OutboundTarget,
  request: { method: string; header: (name: string) => string | null; placementParam: string | null; clientAddress: string },
): ClickOutcome | "look" | "error" {
  if (isNoClick(request.method, request.header)) return "look";
  const kind: OutboundKind = target.promotionId ? "promotion" : "casino";
  try {
    return clickCounter().record({
      casinoId: target.casinoId,
      promotionId: target.promotionId,
      placement: placementOf(request.placementParam, kind),
      clientAddress: request.clientAddress,
      userAgent: request.header("User-Agent"),
    });
  } catch (error) {
    console.error("Outbound click could not be counted:", error);
    return "error";
  }
}

/**
 * The whole answer of a /git/ address: 302 to the target (the click counted), or 404 in
 * Turkish. `visitor` is what the visitor sent, which the route's Request may not say: React
 * Router loads a `.data` request, and the page cache renders a HEAD, as a GET.
 */
export async function answerOutbound(
  request: Request,
  params: { casinoSlug: string; promotionSlug: string | null },
  visitor: { clientAddress: string; requestMethod: string },
): Promise<Response> {
  const target = await resolveOutboundTarget(params.casinoSlug, params.promotionSlug);
  if (!target) {
    const message = params.promotionSlug === null ? OUTBOUND_MESSAGES.casinoNotFound : OUTBOUND_MESSAGES.promotionNotFound;
    return new Response(visitor.requestMethod === "HEAD" ? null : message, { status: 404, headers: { ...OUTBOUND_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  countOutboundClick(target, {
    method: visitor.requestMethod,
    header: (name) => request.headers.get(name),
    placementParam: new URL(request.url).searchParams.get(PLACEMENT_PARAM),
    clientAddress: visitor.clientAddress,
  });
  return new Response(null, { status: 302, headers: { ...OUTBOUND_HEADERS, Location: target.location } });
}
