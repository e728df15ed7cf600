import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allowConsoleError } from "../../tests/helpers/setup";
import { PARAMS_HEADER, pageStore, parseParamSpec, promotionTag, SHARE_HEADER, shareable, SITE_TAG, TAGS_HEADER, type CachedPage } from "./page-cache.server";

const page = (tags: string[], body = "x", expiresAt = Number.POSITIVE_INFINITY): CachedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from(body),
  encoded: {},
  etag: 'W/"x"',
  tags,
  renderedAt: 0,
  expiresAt,
});

describe("page store", () => {
  const store = pageStore();
  let clock = 1_000_000;
  // The store asks one function, registered once per process, for the next expiry.
  let askNextExpiry: () => Promise<Date | null> = async () => null;
  store.watchExpiry(() => askNextExpiry());

  beforeEach(() => {
    askNextExpiry = async () => null;
    store.invalidate([SITE_TAG]);
    clock = 1_000_000;
    store.now = () => clock;
  });
  afterEach(() => {
    store.now = Date.now;
  });

  it("refuses a render that began before an invalidation of one of its tags, so it cannot bring old data back", () => {
    const startedAt = store.sequence;
    store.invalidate([SITE_TAG]); // a write lands while the page renders
    expect(store.set("/blog", page([SITE_TAG]), startedAt)).toBe(false);
    expect(store.get("/blog")).toBeUndefined();
    expect(store.set("/blog", page([SITE_TAG]), store.sequence)).toBe(true);
  });

  it("stores a render during which only other pages' tags were invalidated (issue 7, finding 14)", () => {
    const startedAt = store.sequence;
    for (let i = 0; i < 5; i++) store.invalidate([promotionTag("a")]); // comments on promotion A
    expect(store.set("/bonuslar/b", page([SITE_TAG, promotionTag("b")]), startedAt)).toBe(true);
    expect(store.set("/bonuslar/a", page([SITE_TAG, promotionTag("a")]), startedAt)).toBe(false);
    expect(store.get("/bonuslar/b")).toBeDefined();
  });

  it("still refuses old renders after forgetting thousands of tags", () => {
    const startedAt = store.sequence;
    store.invalidate([promotionTag("early")]);
    for (let i = 0; i < 10_050; i++) store.invalidate([promotionTag(`other-${i}`)]);
    expect(store.set("/early", page([SITE_TAG, promotionTag("early")]), startedAt)).toBe(false);
    expect(store.set("/late", page([SITE_TAG, promotionTag("late")]), store.sequence)).toBe(true);
  });

  it("drops only the pages carrying an invalidated tag, and everything for the site tag", () => {
    store.set("/a", page([SITE_TAG, promotionTag("1")]), store.sequence);
    store.set("/b", page([SITE_TAG, promotionTag("2")]), store.sequence);
    store.invalidate([promotionTag("1")]);
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/b")).toBeDefined();
    store.invalidate([SITE_TAG]);
    expect(store.get("/b")).toBeUndefined();
  });

  it("drops every tagged page even among many, whatever their order and segment", () => {
    for (let i = 0; i < 50; i++) store.set(`/p${i}`, page([SITE_TAG, promotionTag(i % 2 ? "odd" : "even")]), store.sequence);
    for (let i = 0; i < 50; i += 3) store.get(`/p${i}`); // some move to the main segment
    store.invalidate([promotionTag("even")]);
    const left = Array.from({ length: 50 }, (_, i) => store.get(`/p${i}`) !== undefined);
    expect(left).toEqual(Array.from({ length: 50 }, (_, i) => i % 2 === 1));
  });

  it("forgets a page once its lifetime has passed", () => {
    store.set("/", page([SITE_TAG], "x", clock + 60_000), store.sequence);
    clock += 59_999;
    expect(store.get("/")).toBeDefined();
    clock += 1;
    expect(store.get("/")).toBeUndefined();
  });

  it("keeps pages read twice when a flood of one-off pages passes through", () => {
    const big = "x".repeat(100_000);
    store.set("/", page([SITE_TAG], big), store.sequence);
    expect(store.get("/")).toBeDefined(); // a second read
    for (let i = 0; i < 1_000; i++) store.set(`/bonuslar?q=${i}`, page([SITE_TAG], big), store.sequence); // ~140 MB of one-off searches
    expect(store.get("/")).toBeDefined();
    expect(store.get("/bonuslar?q=0")).toBeUndefined();
    expect(store.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });

  it("drops every page the moment a listed promotion expires", async () => {
    const expiry = new Date(clock + 5_000);
    askNextExpiry = async () => expiry;
    store.refreshExpiryIfDue();
    await store.expirySettled();
    store.set("/bonuslar", page([SITE_TAG]), store.sequence);
    clock += 4_999;
    expect(store.get("/bonuslar")).toBeDefined();
    const before = store.sequence;
    clock += 1;
    expect(store.get("/bonuslar")).toBeUndefined();
    // ...and a render that began before that moment is not stored either.
    expect(store.set("/bonuslar", page([SITE_TAG]), before)).toBe(false);
  });

  it("asks again for the next expiry when a write lands while it asks, since the answer may predate the write", async () => {
    let answerFromBeforeTheWrite!: (date: Date | null) => void;
    askNextExpiry = () => new Promise((resolve) => (answerFromBeforeTheWrite = resolve));
    store.refreshExpiryIfDue();
    // An operator sets a promotion to expire in 5 s while the store is asking.
    store.invalidate([SITE_TAG]);
    askNextExpiry = async () => new Date(clock + 5_000);
    answerFromBeforeTheWrite(null);
    await store.expirySettled();
    await store.expirySettled();
    store.set("/bonuslar", page([SITE_TAG]), store.sequence);
    clock += 5_000;
    expect(store.get("/bonuslar")).toBeUndefined();
  });

  it("asks for the next expiry once per page lifetime when nothing is written", async () => {
    let asks = 0;
    askNextExpiry = async () => {
      asks++;
      return null;
    };
    store.refreshExpiryIfDue();
    await store.expirySettled();
    store.refreshExpiryIfDue(); // another miss, nothing written
    await store.expirySettled();
    expect(asks).toBe(1);
    clock += store.maxAgeMs - 1;
    store.refreshExpiryIfDue();
    await store.expirySettled();
    expect(asks).toBe(1);
    clock += 1;
    store.refreshExpiryIfDue();
    await store.expirySettled();
    expect(asks).toBe(2);
  });

  it("does not ask again at once when asking failed (the next miss asks)", async () => {
    let asks = 0;
    askNextExpiry = async () => {
      asks++;
      throw new Error("connection lost");
    };
    allowConsoleError();
    store.refreshExpiryIfDue();
    store.invalidate([SITE_TAG]);
    await store.expirySettled();
    await store.expirySettled();
    expect(asks).toBe(1);
    store.refreshExpiryIfDue(); // the next miss
    await store.expirySettled();
    expect(asks).toBe(2);
  });
});

describe("cache keys", () => {
  const store = pageStore();
  const origin = "http://site.example";

  it("counts every parameter before the page says which ones it reads", () => {
    expect(store.keyOf(origin, "/unknown-yet", "?b=2&a=1")).toBe(`${origin}/unknown-yet?a=1&b=2`);
  });

  it("keeps only the parameters the page reads, normalised", () => {
    store.learn(origin, "/bonuslar", { q: "text", kategori: "text", sayfa: "page" });
    const key = (search: string) => store.keyOf(origin, "/bonuslar", search);
    expect(key("?utm_source=x&fbclid=y")).toBe(`${origin}/bonuslar`);
    expect(key("?q=&sayfa=1&kategori=")).toBe(`${origin}/bonuslar`);
    expect(key("?sayfa=abc")).toBe(`${origin}/bonuslar`);
    expect(key("?sayfa=2&q=%20bonus%20")).toBe(key("?q=bonus&sayfa=02"));
    expect(key("?q=bonus&q=other")).toBe(key("?q=bonus"));
    expect(key("?q=Bonus")).not.toBe(key("?q=bonus")); // the page shows what was typed
    expect(key("?q=a&sayfa=3")).not.toBe(key("?q=a&sayfa=4"));
    // React Router's data requests name the loaders they want: a different answer.
    expect(key("?_routes=root")).not.toBe(key(""));
  });

  it("tells an empty raw parameter from a missing one", () => {
    store.learn(origin, "/promotion", { id: "raw" });
    expect(store.keyOf(origin, "/promotion", "?id=")).not.toBe(store.keyOf(origin, "/promotion", ""));
    expect(store.keyOf(origin, "/promotion", "?id=%20x")).not.toBe(store.keyOf(origin, "/promotion", "?id=x"));
  });

  it("keeps pages of different origins apart", () => {
    expect(store.keyOf("http://evil.example", "/", "")).not.toBe(store.keyOf(origin, "/", ""));
  });
});

describe("shareable()", () => {
  it("declares the answer shareable, names its parameters and keeps the loader's tags", () => {
    const loaderHeaders = new Headers({ [TAGS_HEADER]: promotionTag("1") });
    const headers = shareable({ q: "text", sayfa: "page" })({ parentHeaders: new Headers({ [SHARE_HEADER]: "public", "Set-Cookie": "a=b" }), loaderHeaders });
    expect(headers.get(SHARE_HEADER)).toBe("public");
    expect(headers.get(TAGS_HEADER)).toBe(promotionTag("1"));
    expect(parseParamSpec(headers.get(PARAMS_HEADER))).toEqual({ q: "text", sayfa: "page" });
    // React Router adds the cookies itself; copying them here would send them twice.
    expect(headers.has("Set-Cookie")).toBe(false);
  });

  it("adds the route's own tags to the loader's, once each (issue 11 §2: the pages listing offers)", () => {
    const listing = shareable({}, ["promotion-lists"]);
    expect(listing({ parentHeaders: new Headers(), loaderHeaders: new Headers() }).get(TAGS_HEADER)).toBe("promotion-lists");
    const both = listing({ parentHeaders: new Headers(), loaderHeaders: new Headers({ [TAGS_HEADER]: `${promotionTag("1")} promotion-lists` }) });
    expect(both.get(TAGS_HEADER)).toBe("promotion:1 promotion-lists");
  });
});
