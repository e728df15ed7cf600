import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allowOnlyOutbound, startFakeIndexNow, type FakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { indexNowOptionsFromEnv, postToIndexNow, type IndexNowOptions } from "./indexing.server";

describe("IndexNow request", () => {
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
    fake.release();
    vi.unstubAllGlobals();
    expect(refused, "unexpected outbound request").toEqual([]);
  });

  it("posts host, key, keyLocation and the absolute URLs as JSON, as the IndexNow protocol asks", async () => {
    const urls = ["https://bonus.example/bonuslar/yildiz-casino/hos-geldin-bonusu", "https://bonus.example/blog/cevrim-sarti"];
    const answer = await postToIndexNow(urls, "https://bonus.example", options);
    expect(answer).toMatchObject({ kind: "answered", status: 200 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/indexnow" });
    expect(request!.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(request!.body)).toEqual({ host: "bonus.example", key: "anahtar-123", keyLocation: "https://bonus.example/anahtar-123.txt", urlList: urls });
  });

  it("gives the status, Retry-After and a one-line excerpt of a refusal", async () => {
    fake.answer = { status: 429, retryAfter: "120", body: "Too many\nrequests" };
    expect(await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", options)).toMatchObject({ kind: "answered", status: 429, retryAfter: "120", body: "Too many requests" });
  });

  it("gives up after its timeout when the endpoint never answers", async () => {
    fake.answer = "hang";
    const answer = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", { ...options, timeoutMs: 50 });
    expect(answer).toMatchObject({ kind: "unanswered", timedOut: true });
    expect(fake.requests).toHaveLength(1);
  });

  it("names a refused connection in one line without a stack", async () => {
    const closed = await startFakeIndexNow();
    await closed.close();
    vi.unstubAllGlobals();
    refused = allowOnlyOutbound(new URL(closed.endpoint).origin);
    const answer = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", { ...options, endpoint: closed.endpoint });
    expect(answer).toMatchObject({ kind: "unanswered", timedOut: false });
    const reason = answer.kind === "unanswered" ? answer.reason : "";
    expect(reason).toContain("ECONNREFUSED");
    expect(reason).not.toMatch(/\n|\bat /);
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
