import { pageStore, promotionTag, SITE_TAG, type CachedPage } from "~/lib/page-cache.server";

/** A cached page carrying `tags`, rendered now and never expiring (its bytes do not matter). */
export const cachedPage = (tags: string[]): CachedPage => ({ status: 200, headers: [], body: Buffer.from("x"), encoded: {}, etag: 'W/"x"', tags, renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });

/** Three promotions' tags, and their pages (`/a`, `/b`, `/c`) plus one that shows none (`/blog`). */
export const PROMOTION_PAGE_TAGS = {
  a: promotionTag("00000000-0000-4000-8000-00000000000a"),
  b: promotionTag("00000000-0000-4000-8000-00000000000b"),
  c: promotionTag("00000000-0000-4000-8000-00000000000c"),
} as const;

/** Renders (stores) `/a`, `/b`, `/c` and `/blog` now, each tagged with the site and its promotion. */
export function cachePromotionPages(): void {
  const store = pageStore();
  const { a, b, c } = PROMOTION_PAGE_TAGS;
  for (const [key, tags] of [
    ["/a", [SITE_TAG, a]],
    ["/b", [SITE_TAG, b]],
    ["/c", [SITE_TAG, c]],
    ["/blog", [SITE_TAG]],
  ] as const) {
    store.set(key, cachedPage([...tags]), store.sequence);
  }
}
