import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
    const logged = vi.spyOn(console, "error");
    store.refreshExpiryIfDue();
    store.invalidate([SITE_TAG]);
    await store.expirySettled();
    await store.expirySettled();
    expect(asks).toBe(1);
    // The operator reads what could not be done.
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/expiry/i);
    store.refreshExpiryIfDue(); // the next miss
    await store.expirySettled();
    expect(asks).toBe(2);
  });

  it("has one look-up of the next expiry on its way at a time, however many misses and writes come meanwhile", async () => {
    let onTheirWay = 0;
    let most = 0;
    const answers: (() => void)[] = [];
    askNextExpiry = () => {
      most = Math.max(most, ++onTheirWay);
      return new Promise((resolve) =>
        answers.push(() => {
          onTheirWay--;
          resolve(null);
        }),
      );
    };
    store.refreshExpiryIfDue();
    store.invalidate([SITE_TAG]); // a write while it asks: asked again afterwards
    store.refreshExpiryIfDue(); // misses meanwhile
    store.refreshExpiryIfDue();
    for (let answered = 0; answers.length > 0 && answered < 10; answered++) {
      answers.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0)); // the answer lands, and starts the next ask if a write came meanwhile
    }
    expect(answers).toEqual([]);
    expect(most).toBe(1);
  });

  it("stores a render that began right after a write to one of its tags", () => {
    store.invalidate([promotionTag("a")]);
    expect(store.set("/bonuslar/a", page([SITE_TAG, promotionTag("a")]), store.sequence)).toBe(true);
    expect(store.get("/bonuslar/a")).toBeDefined();
  });

  it("counts the renders it stores and those it refuses", () => {
    const { stored, refused } = store.stats;
    const startedAt = store.sequence;
    store.set("/kept", page([SITE_TAG]), startedAt);
    store.invalidate([promotionTag("a")]);
    store.set("/refused", page([SITE_TAG, promotionTag("a")]), startedAt);
    expect(store.stats.stored).toBe(stored + 1);
    expect(store.stats.refused).toBe(refused + 1);
  });

  it("serves the new render of a page people read, not the one it replaces", () => {
    store.set("/blog", page([SITE_TAG], "old"), store.sequence);
    store.get("/blog"); // read twice: one people read
    store.set("/blog", page([SITE_TAG], "new"), store.sequence);
    expect(store.get("/blog")?.body.toString()).toBe("new");
  });

  it("keeps a bounded memory of written tags, forgetting the oldest: only a render that began before a forgotten write is refused", () => {
    const beganBeforeFirst = store.sequence;
    store.invalidate([promotionTag("first")]);
    const beganAfterFirst = store.sequence;
    let writes = 1;
    // Writes to other promotions, until the store can no longer vouch for the oldest render.
    while (!store.invalidatedSince([SITE_TAG, promotionTag("untouched")], beganBeforeFirst) && writes < 100_000) {
      store.invalidate([promotionTag(`other-${writes++}`)]);
    }
    expect(writes).toBeLessThan(100_000);
    // The first write is what it forgot: a render that began after it is still judged by its own tags.
    expect(store.invalidatedSince([SITE_TAG, promotionTag("untouched")], beganAfterFirst)).toBe(false);
    expect(store.invalidatedSince([SITE_TAG, promotionTag(`other-${writes - 1}`)], beganAfterFirst)).toBe(true);
  });

  it("counts the pages and bytes it keeps in both segments", () => {
    const body = "x".repeat(10_000);
    store.set("/read-twice", page([SITE_TAG], body), store.sequence);
    store.get("/read-twice");
    store.set("/read-once", page([SITE_TAG], body), store.sequence);
    expect(store.size).toBe(2);
    expect(store.bytes).toBeGreaterThanOrEqual(2 * body.length);
  });

  describe("bounded by bytes", () => {
    afterEach(() => store.resize());

    it("does not keep a page whose body alone fills the probation space, since its compressed copies need room too", () => {
      const body = "x".repeat(50_000);
      store.resize({ probation: body.length, main: 10 * body.length });
      store.set("/big", page([SITE_TAG], body), store.sequence);
      expect(store.get("/big")).toBeUndefined();
      store.set("/half", page([SITE_TAG], body.slice(0, body.length / 2)), store.sequence);
      expect(store.get("/half")).toBeDefined();
    });

    it("empties itself when resized, as a site-wide write does: a render that began before is not stored", () => {
      store.set("/", page([SITE_TAG]), store.sequence);
      const startedAt = store.sequence;
      store.resize({ probation: 1024 * 1024, main: 1024 * 1024 });
      expect(store.get("/")).toBeUndefined();
      expect(store.set("/", page([SITE_TAG]), startedAt)).toBe(false);
      // Back to its own bounds, it keeps a page as large as the ones the site serves.
      store.resize();
      store.set("/", page([SITE_TAG], "x".repeat(2 * 1024 * 1024)), store.sequence);
      expect(store.get("/")).toBeDefined();
    });

    it("reading a page whose lifetime has passed pushes no page people read out of the main segment", () => {
      const body = "x".repeat(10_000);
      store.set("/measure", page([SITE_TAG], body), store.sequence);
      const onePage = store.bytes;
      store.resize({ probation: 10 * onePage, main: onePage }); // room for one page people read
      store.set("/read", page([SITE_TAG], body), store.sequence);
      store.get("/read");
      store.set("/expiring", page([SITE_TAG], body, clock + 1_000), store.sequence);
      clock += 1_000;
      expect(store.get("/expiring")).toBeUndefined();
      expect(store.get("/read")).toBeDefined();
    });
  });
});

/** The process's page store on a clock each test moves, emptied before each test. */
function storeOnTestClock() {
  const store = pageStore();
  const clock = { now: 1_000_000 };
  beforeEach(() => {
    store.invalidate([SITE_TAG]);
    clock.now = 1_000_000;
    store.now = () => clock.now;
  });
  afterEach(() => {
    store.now = Date.now;
  });
  return { store, clock };
}

describe("stale pages (ADR 010: a comment's page is served while one render replaces it)", () => {
  const { store, clock } = storeOnTestClock();
  // ADR 010: a stale page is rendered again at most once a second (the rule, not the constant).
  const ONE_SECOND = 1_000;


  it("marks the kept pages showing the comments stale, in either segment, and leaves the others fresh", () => {
    store.set("/a", page([SITE_TAG, promotionTag("a")]), store.sequence);
    store.get("/a"); // read twice: in the main segment
    store.set("/a-again", page([SITE_TAG, promotionTag("a")]), store.sequence);
    store.set("/b", page([SITE_TAG, promotionTag("b")]), store.sequence);
    store.markStale([promotionTag("a")]);
    expect(store.get("/a")?.stale).toBe(true);
    expect(store.get("/a-again")?.stale).toBe(true);
    expect(store.get("/b")).toBeDefined();
    expect(store.get("/b")?.stale).toBeFalsy();
  });

  it("stores a render that began before the comment, marked stale; one that began after it, or shows other promotions, fresh", () => {
    const before = store.sequence;
    store.markStale([promotionTag("a")]);
    const after = store.sequence;
    expect(store.set("/a-old", page([SITE_TAG, promotionTag("a")]), before)).toBe(true);
    expect(store.get("/a-old")?.stale).toBe(true);
    store.set("/a-new", page([SITE_TAG, promotionTag("a")]), after);
    expect(store.get("/a-new")?.stale).toBeFalsy();
    store.set("/b-old", page([SITE_TAG, promotionTag("b")]), before);
    expect(store.get("/b-old")?.stale).toBeFalsy();
  });

  it("keeps a bounded memory of comments: a render that began before a forgotten one is stored stale, whatever it shows", () => {
    const beganBeforeFirst = store.sequence;
    store.markStale([promotionTag("first")]);
    const beganAfterFirst = store.sequence;
    const storedStale = (from: number) => {
      store.set("/untouched", page([SITE_TAG, promotionTag("untouched")]), from);
      return store.get("/untouched")?.stale === true;
    };
    let comments = 1;
    while (!storedStale(beganBeforeFirst) && comments < 100_000) store.markStale([promotionTag(`other-${comments++}`)]);
    expect(comments).toBeLessThan(100_000);
    // The first comment is what it forgot: a render that began after it is judged by its own tags.
    expect(storedStale(beganAfterFirst)).toBe(false);
  });

  it("lets a stale page start a background render once a second, also when the last one could not replace it", () => {
    const stale: CachedPage = { ...page([SITE_TAG]), renderedAt: clock.now, stale: true };
    // Rendered just now: not yet.
    expect(store.refreshDue(stale)).toBe(false);
    clock.now += ONE_SECOND - 1;
    expect(store.refreshDue(stale)).toBe(false);
    clock.now += 1;
    expect(store.refreshDue(stale)).toBe(true);
    // That render failed (the page is still the old one): the next waits another second.
    expect(store.refreshDue(stale)).toBe(false);
    clock.now += ONE_SECOND - 1;
    expect(store.refreshDue(stale)).toBe(false);
    clock.now += 1;
    expect(store.refreshDue(stale)).toBe(true);
  });
});

describe("kept reads (ADR 013)", () => {
  const { store, clock } = storeOnTestClock();


  it("trusts data read after the last site-wide write for one page lifetime, and no longer", () => {
    const from = store.sequence;
    const at = clock.now;
    expect(store.siteDataCurrent(from, at)).toBe(true);
    store.invalidate([promotionTag("a")]); // a comment changes no site-wide data
    clock.now = at + store.maxAgeMs - 1;
    expect(store.siteDataCurrent(from, at)).toBe(true);
    clock.now = at + store.maxAgeMs;
    expect(store.siteDataCurrent(from, at)).toBe(false);
  });

  it("no longer trusts data read before a site-wide write", () => {
    const from = store.sequence;
    store.invalidate([SITE_TAG]);
    expect(store.siteDataCurrent(from, clock.now)).toBe(false);
  });

  it("does not trust a read stamped later than its clock (a clock moved back)", () => {
    expect(store.siteDataCurrent(store.sequence, clock.now + 1)).toBe(false);
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

  it("gives every order of the same parameters one key, before and after the page says which it reads", () => {
    const orders = ["?a=1&b=2&c=3", "?a=1&c=3&b=2", "?b=2&a=1&c=3", "?b=2&c=3&a=1", "?c=3&a=1&b=2", "?c=3&b=2&a=1"];
    expect(new Set(orders.map((search) => store.keyOf(origin, "/any-order", search))).size).toBe(1);
    store.learn(origin, "/declared", { c: "text", a: "raw", b: "text" });
    const withRoutes = orders.map((search) => `${search}&_routes=root`);
    expect(new Set(withRoutes.map((search) => store.keyOf(origin, "/declared", search))).size).toBe(1);
    expect(store.keyOf(origin, "/declared", "?c=3&b=2&a=1")).not.toBe(store.keyOf(origin, "/declared", "?c=3&b=2&a=2"));
  });

  it("reads a parameter of a kind it does not know as it is, so two values never share a page", () => {
    store.learn(origin, "/future", parseParamSpec("id=someday"));
    const key = (search: string) => store.keyOf(origin, "/future", search);
    expect(key("?id=abc")).not.toBe(key("?id=def"));
    expect(key("?id=")).not.toBe(key(""));
  });
});

describe("parseParamSpec()", () => {
  it("reads a missing or empty declaration as no parameters", () => {
    expect(parseParamSpec(null)).toEqual({});
    expect(parseParamSpec("")).toEqual({});
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

  it("sends no parameter or tag header for a route that reads no parameters and adds no tags, whatever its parent declared", () => {
    const headers = shareable()({ parentHeaders: new Headers({ [PARAMS_HEADER]: "q=text" }), loaderHeaders: new Headers() });
    expect(headers.get(SHARE_HEADER)).toBe("public");
    expect(headers.get(PARAMS_HEADER)).toBeNull();
    expect(headers.get(TAGS_HEADER)).toBeNull();
  });
});
