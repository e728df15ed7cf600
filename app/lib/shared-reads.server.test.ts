import { afterEach, beforeEach, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { describeEachDriver } from "../../tests/helpers/db";
import { pageStore, promotionTag, SITE_TAG } from "./page-cache.server";
import { dropSharedReads, MAX_SHARED_READS, readShared, readSharedHolding, trackSharedReads } from "./shared-reads.server";

// The store asks one function, registered once per process, for the next expiry.
let nextExpiry: Date | null = null;
pageStore().watchExpiry(async () => nextExpiry);

describeEachDriver("shared reads (issue 10 §3: what every public page shows is read once between writes)", ({ database }) => {
  const store = pageStore();
  let clock = 5_000_000;
  let reads = 0;
  let version = "v1";
  const read = async () => {
    reads++;
    return version;
  };

  beforeEach(() => {
    clock = 5_000_000;
    store.now = () => clock;
    reads = 0;
    version = "v1";
    nextExpiry = null;
  });
  afterEach(() => {
    store.now = Date.now;
  });

  it("answers from the first read until something changes, however many pages ask", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => readShared("chips", read)));
    expect(answers).toEqual(Array(20).fill("v1"));
    version = "v2"; // changed behind the store's back: not seen until a write or the lifetime says so
    expect(await readShared("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("reads again after a site-wide write (an admin save), in this process or told by another", async () => {
    await readShared("chips", read);
    version = "v2";
    store.invalidate([SITE_TAG]);
    expect(await readShared("chips", read)).toBe("v2");
    expect(reads).toBe(2);
  });

  it("reads a kept list again when it lacks the record an editor shows, and only then", async () => {
    let rows = [{ id: "a" }];
    const readRows = async () => {
      reads++;
      return rows;
    };
    expect(await readSharedHolding("rows", readRows, null)).toEqual([{ id: "a" }]);
    rows = [{ id: "a" }, { id: "b" }]; // written where this process has not heard of it
    expect(await readSharedHolding("rows", readRows, "a")).toEqual([{ id: "a" }]);
    expect(await readSharedHolding("rows", readRows, null)).toEqual([{ id: "a" }]);
    expect(reads).toBe(1);
    expect(await readSharedHolding("rows", readRows, "b")).toEqual([{ id: "a" }, { id: "b" }]);
    // The fresh read is kept for the next callers, whichever of its records they show.
    expect(await readShared("rows", readRows)).toEqual([{ id: "a" }, { id: "b" }]);
    expect(await readSharedHolding("rows", readRows, "a")).toEqual([{ id: "a" }, { id: "b" }]);
    expect(reads).toBe(2);
  });

  it("keeps its value when only one promotion's pages change (a visitor's comment)", async () => {
    await readShared("chips", read);
    version = "v2";
    store.invalidate([promotionTag("a")]);
    store.markStale([promotionTag("b")]);
    expect(await readShared("chips", read)).toBe("v1");
  });

  it("does not keep a read during which a write landed", async () => {
    let release!: () => void;
    const slow = readShared("chips", async () => {
      reads++;
      await new Promise<void>((resolve) => (release = resolve));
      return "before the write";
    });
    await new Promise((resolve) => setImmediate(resolve)); // the query is on its way
    store.invalidate([SITE_TAG]); // ...when the write commits
    release();
    expect(await slow).toBe("before the write");
    version = "after the write";
    expect(await readShared("chips", read)).toBe("after the write");
  });

  it("reads again once a page's lifetime has passed, so a write made with SQL heals by itself", async () => {
    await readShared("chips", read);
    version = "v2";
    clock += store.maxAgeMs - 1;
    expect(await readShared("chips", read)).toBe("v1");
    clock += 1;
    expect(await readShared("chips", read)).toBe("v2");
  });

  it("reads again when the clock steps back", async () => {
    await readShared("chips", read);
    version = "v2";
    clock -= 1;
    expect(await readShared("chips", read)).toBe("v2");
  });

  it("reads again the moment a listed promotion expires", async () => {
    nextExpiry = new Date(clock + 5_000);
    store.refreshExpiryIfDue();
    await store.expirySettled();
    await readShared("chips", read);
    version = "v2";
    clock += 4_999;
    expect(await readShared("chips", read)).toBe("v1");
    clock += 1;
    expect(await readShared("chips", read)).toBe("v2");
  });

  it("does not keep a failed read: the next page reads again", async () => {
    await expect(readShared("chips", () => Promise.reject(new Error("connection lost")))).rejects.toThrow("connection lost");
    expect(await readShared("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("keeps each key apart", async () => {
    await readShared("chips", read);
    expect(await readShared("hero", async () => "hero")).toBe("hero");
    expect(await readShared("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("reads afresh from another database (tests install one per file)", async () => {
    await readShared("chips", read);
    version = "v2";
    const other = await openDatabase({ driver: "pglite" });
    setDatabase(other);
    try {
      expect(await readShared("chips", read)).toBe("v2");
    } finally {
      setDatabase(database());
      await other.close();
    }
    expect(await readShared("chips", read)).toBe("v1");
  });

  it("keeps the newer read when an older one, overtaken by a write, fails afterwards", async () => {
    let fail!: (error: Error) => void;
    const old = readShared("chips", () => new Promise<string>((_, reject) => (fail = reject)));
    await new Promise((resolve) => setImmediate(resolve));
    store.invalidate([SITE_TAG]);
    expect(await readShared("chips", read)).toBe("v1");
    fail(new Error("connection lost"));
    await expect(old).rejects.toThrow("connection lost");
    expect(await readShared("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("reads again, after a drop by prefix, exactly the answers whose key starts with it (the click tally's own writer)", async () => {
    const answers = (version: string) => ({
      "clicks:casino-a": async () => `a ${version}`,
      "clicks:casino-b": async () => `b ${version}`,
      "top-clicks:": async () => `top ${version}`,
      chips: async () => `chips ${version}`,
    });
    const readAll = async (version: string) => {
      const reads = answers(version);
      return Promise.all(Object.entries(reads).map(([key, read]) => readShared(key, read)));
    };
    expect(await readAll("v1")).toEqual(["a v1", "b v1", "top v1", "chips v1"]);
    dropSharedReads("clicks:");
    expect(await readAll("v2")).toEqual(["a v2", "b v2", "top v1", "chips v1"]);
    dropSharedReads("nothing-kept-starts-so:");
    expect(await readAll("v3")).toEqual(["a v2", "b v2", "top v1", "chips v1"]);
  });

  it("forgets everything rather than grow past its bound", async () => {
    // A handle of its own on the same database: an empty set of entries to fill.
    setDatabase({ ...database() });
    onTestFinished(() => setDatabase(database()));
    await readShared("key-0", read);
    for (let i = 1; i < MAX_SHARED_READS; i++) await readShared(`key-${i}`, async () => i);
    expect(await readShared("key-0", read)).toBe("v1");
    expect(reads).toBe(1);
    await readShared("one-too-many", async () => "x");
    expect(await readShared("key-0", read)).toBe("v1");
    expect(reads).toBe(2);
  });

  it("tells a render how old the oldest kept answer it used is, so its page goes no later than that answer", async () => {
    await readShared("chips", read);
    const readAt = clock;
    clock += 30_000;
    const { value, oldestAt } = await trackSharedReads(async () => [await readShared("chips", read), await readShared("hero", async () => "hero")]);
    expect(value).toEqual(["v1", "hero"]);
    expect(oldestAt).toBe(readAt);
    expect((await trackSharedReads(async () => "no shared read")).oldestAt).toBe(Number.POSITIVE_INFINITY);
  });

  it("runs a query builder once, though every caller awaits it (drizzle runs a query on each then)", async () => {
    let runs = 0;
    const builder = {
      then<T>(resolve: (value: string) => T) {
        runs++;
        return Promise.resolve("rows").then(resolve);
      },
    };
    const answers = await Promise.all([readShared("builder", () => builder as unknown as Promise<string>), readShared("builder", () => builder as unknown as Promise<string>)]);
    expect(answers).toEqual(["rows", "rows"]);
    expect(runs).toBe(1);
  });
});
