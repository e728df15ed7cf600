import { describe, expect, it } from "vitest";
import { pageStore, promotionTag, SITE_TAG, type CachedPage } from "./page-cache.server";

const page = (tags: string[]): CachedPage => ({ status: 200, headers: [], body: Buffer.from("x"), gzip: Buffer.alloc(0), brotli: Buffer.alloc(0), etag: 'W/"x"', tags });

describe("page store", () => {
  it("refuses a render that began before an invalidation, so it cannot bring old data back", () => {
    const store = pageStore();
    const startedAt = store.epoch;
    store.invalidate([SITE_TAG]); // a write lands while the page renders
    expect(store.set("/blog", page([SITE_TAG]), startedAt)).toBe(false);
    expect(store.get("/blog")).toBeUndefined();
    expect(store.set("/blog", page([SITE_TAG]), store.epoch)).toBe(true);
  });

  it("drops only the pages carrying an invalidated tag, and everything for the site tag", () => {
    const store = pageStore();
    store.set("/a", page([SITE_TAG, promotionTag("1")]), store.epoch);
    store.set("/b", page([SITE_TAG, promotionTag("2")]), store.epoch);
    store.invalidate([promotionTag("1")]);
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/b")).toBeDefined();
    store.invalidate([SITE_TAG]);
    expect(store.get("/b")).toBeUndefined();
  });

  it("drops every tagged page even among many, whatever their order in the store", () => {
    const store = pageStore();
    store.invalidate([SITE_TAG]);
    for (let i = 0; i < 50; i++) store.set(`/p${i}`, page([SITE_TAG, promotionTag(i % 2 ? "odd" : "even")]), store.epoch);
    store.invalidate([promotionTag("even")]);
    const left = Array.from({ length: 50 }, (_, i) => store.get(`/p${i}`) !== undefined);
    expect(left).toEqual(Array.from({ length: 50 }, (_, i) => i % 2 === 1));
  });
});
