import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/index.server";
import type { Database } from "~/db/db.server";
import { pageStore, promotionTag, SITE_TAG } from "./page-cache.server";
import { sharedRead } from "./shared-reads.server";

// The entries belong to the open database; these tests only need one to exist.
const fakeDatabase = (name: string) => ({ driver: "pglite", name }) as unknown as Database;

describe("shared reads (issue 10 §3: what every public page shows is read once between writes)", () => {
  const store = pageStore();
  let clock = 5_000_000;
  let reads = 0;
  let version = "v1";
  const read = async () => {
    reads++;
    return version;
  };

  beforeAll(() => setDatabase(fakeDatabase("first")));
  afterAll(() => setDatabase(undefined));
  beforeEach(() => {
    store.invalidate([SITE_TAG]);
    clock = 5_000_000;
    store.now = () => clock;
    reads = 0;
    version = "v1";
  });
  afterEach(() => {
    store.now = Date.now;
  });

  it("answers from the first read until something changes, however many pages ask", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => sharedRead("chips", read)));
    expect(answers).toEqual(Array(20).fill("v1"));
    version = "v2"; // changed behind the store's back: not seen until a write or the lifetime says so
    expect(await sharedRead("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("reads again after a site-wide write (an admin save), in this process or told by another", async () => {
    await sharedRead("chips", read);
    version = "v2";
    store.invalidate([SITE_TAG]);
    expect(await sharedRead("chips", read)).toBe("v2");
    expect(reads).toBe(2);
  });

  it("keeps its value when only one promotion's pages change (a visitor's comment)", async () => {
    await sharedRead("chips", read);
    version = "v2";
    store.invalidate([promotionTag("a")]);
    store.markStale([promotionTag("b")]);
    expect(await sharedRead("chips", read)).toBe("v1");
  });

  it("does not keep a read during which a write landed", async () => {
    let release!: () => void;
    const slow = sharedRead("chips", async () => {
      reads++;
      await new Promise<void>((resolve) => (release = resolve));
      return "before the write";
    });
    await new Promise((resolve) => setImmediate(resolve)); // the query is on its way
    store.invalidate([SITE_TAG]); // ...when the write commits
    release();
    expect(await slow).toBe("before the write");
    version = "after the write";
    expect(await sharedRead("chips", read)).toBe("after the write");
  });

  it("reads again once a page's lifetime has passed, so a write made with SQL heals by itself", async () => {
    await sharedRead("chips", read);
    version = "v2";
    clock += store.maxAgeMs - 1;
    expect(await sharedRead("chips", read)).toBe("v1");
    clock += 1;
    expect(await sharedRead("chips", read)).toBe("v2");
  });

  it("reads again when the clock steps back", async () => {
    await sharedRead("chips", read);
    version = "v2";
    clock -= 1;
    expect(await sharedRead("chips", read)).toBe("v2");
  });

  it("reads again the moment a listed promotion expires", async () => {
    store.watchExpiry(async () => new Date(clock + 5_000));
    store.refreshExpiryIfDue();
    await store.expirySettled();
    await sharedRead("chips", read);
    version = "v2";
    clock += 4_999;
    expect(await sharedRead("chips", read)).toBe("v1");
    clock += 1;
    expect(await sharedRead("chips", read)).toBe("v2");
  });

  it("does not keep a failed read: the next page reads again", async () => {
    await expect(sharedRead("chips", () => Promise.reject(new Error("connection lost")))).rejects.toThrow("connection lost");
    expect(await sharedRead("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("keeps each key apart", async () => {
    await sharedRead("chips", read);
    expect(await sharedRead("hero", async () => "hero")).toBe("hero");
    expect(await sharedRead("chips", read)).toBe("v1");
    expect(reads).toBe(1);
  });

  it("reads afresh from another database (tests install one per file)", async () => {
    await sharedRead("chips", read);
    version = "v2";
    setDatabase(fakeDatabase("second"));
    try {
      expect(await sharedRead("chips", read)).toBe("v2");
    } finally {
      setDatabase(fakeDatabase("first"));
    }
  });

  it("runs a query builder once, though every caller awaits it (drizzle runs a query on each then)", async () => {
    let runs = 0;
    const builder = {
      then<T>(resolve: (value: string) => T) {
        runs++;
        return Promise.resolve("rows").then(resolve);
      },
    };
    const answers = await Promise.all([sharedRead("builder", () => builder as unknown as Promise<string>), sharedRead("builder", () => builder as unknown as Promise<string>)]);
    expect(answers).toEqual(["rows", "rows"]);
    expect(runs).toBe(1);
  });
});
