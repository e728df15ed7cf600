import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allowOnlyOutbound, startFakeIndexNow, type FakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { indexNowOptionsFromEnv, submitToIndexNow, type IndexNowOptions } from "./indexing.server";

describe("IndexNow submitter", () => {
  let fake: FakeIndexNow;
  let refused: string[];
  let options: IndexNowOptions;
  beforeAll(async () => {
    fake = await startFakeIndexNow();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = 200;
    refused = allowOnlyOutbound(new URL(fake.endpoint).origin);
    options = { key: "anahtar-123", endpoint: fake.endpoint, siteUrl: "https://bonus.example", timeoutMs: 15_000 };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(refused, "unexpected outbound request").toEqual([]);
  });

  it("posts the page's absolute URL with the key, as the IndexNow protocol asks", async () => {
    expect(await submitToIndexNow("bonuslar/yildiz-casino/hos-geldin-bonusu", "http://internal:3000", options)).toBe("submitted");
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/indexnow" });
    expect(request!.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(request!.body)).toEqual({
      host: "bonus.example",
      key: "anahtar-123",
      keyLocation: "https://bonus.example/anahtar-123.txt",
      urlList: ["https://bonus.example/bonuslar/yildiz-casino/hos-geldin-bonusu"],
    });
  });

  it("uses the request's origin when PUBLIC_SITE_URL is unset, and counts 202 as accepted", async () => {
    fake.answer = 202;
    expect(await submitToIndexNow("/promotion/abc", "https://site.example/", { ...options, siteUrl: undefined })).toBe("submitted");
    expect(JSON.parse(fake.requests[0]!.body).urlList).toEqual(["https://site.example/promotion/abc"]);
  });

  it("treats a 500 as done after logging one line", async () => {
    fake.answer = 500;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await submitToIndexNow("bonuslar/a/b", "https://x.example", options)).toBe("failed");
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).toContain("HTTP 500");
    expect(line).toContain("https://bonus.example/bonuslar/a/b");
    expect(line).not.toContain("\n");
  });

  it("gives up after its timeout when the endpoint never answers, and logs one line", async () => {
    fake.answer = "hang";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await submitToIndexNow("bonuslar/a/b", "https://x.example", { ...options, timeoutMs: 50 })).toBe("failed");
    expect(fake.requests).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/no answer within 50 ms/);
  });

  it("logs a refused connection in one line without a stack", async () => {
    const closed = await startFakeIndexNow();
    await closed.close();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.unstubAllGlobals();
    refused = allowOnlyOutbound(new URL(closed.endpoint).origin);
    expect(await submitToIndexNow("bonuslar/a/b", "https://x.example", { ...options, endpoint: closed.endpoint })).toBe("failed");
    const line = String(warn.mock.calls[0]![0]);
    expect(line).toContain("ECONNREFUSED");
    expect(line).not.toMatch(/\n|\bat /);
  });

  it("makes no request at all when switched off", async () => {
    expect(await submitToIndexNow("bonuslar/a/b", "https://x.example", null)).toBe("off");
    expect(fake.requests).toEqual([]);
  });

  it("is off without INDEXNOW_KEY; with it, posts to api.indexnow.org unless told otherwise and waits 15 s (admin.md §9)", () => {
    expect(indexNowOptionsFromEnv({})).toBeNull();
    expect(indexNowOptionsFromEnv({ INDEXNOW_ENDPOINT: "https://bing.example/indexnow", PUBLIC_SITE_URL: "https://bonus.example" })).toBeNull();
    expect(indexNowOptionsFromEnv({ INDEXNOW_KEY: "k" })).toEqual({ key: "k", endpoint: "https://api.indexnow.org/indexnow", siteUrl: undefined, timeoutMs: 15_000 });
    expect(indexNowOptionsFromEnv({ INDEXNOW_KEY: "k", INDEXNOW_ENDPOINT: "https://bing.example/indexnow", PUBLIC_SITE_URL: "https://bonus.example" })).toMatchObject({
      endpoint: "https://bing.example/indexnow",
      siteUrl: "https://bonus.example",
    });
  });
});
