import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpFakeIndexNow, startFakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { absoluteSubmissionUrl, indexNowOptionsFromEnv, postToIndexNow, type IndexNowAnswer, type IndexNowOptions } from "./indexing.server";

const reasonOf = (answer: IndexNowAnswer) => (answer.kind === "unanswered" ? answer.reason : `answered ${answer.status}`);

describe("IndexNow request", () => {
  // The requests here are given their options; the configured ones stay off.
  const fake = setUpFakeIndexNow({ indexNow: "off" });
  let options: IndexNowOptions;
  beforeEach(() => {
    options = { key: "anahtar-123", endpoint: fake.endpoint, siteUrl: "https://bonus.example", timeoutMs: 15_000 };
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
    fake.allowAlso(new URL(closed.endpoint).origin);
    const answer = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", { ...options, endpoint: closed.endpoint });
    expect(answer).toMatchObject({ kind: "unanswered", timedOut: false });
    const reason = answer.kind === "unanswered" ? answer.reason : "";
    expect(reason).toContain("ECONNREFUSED");
    expect(reason).not.toMatch(/\n|\bat /);
  });

  it("cuts a long refusal to a 200-character excerpt on one line, without the whitespace around it", async () => {
    fake.answer = { status: 403, body: `\n   <h1>Forbidden</h1>\n\n   Key \t  mismatch: ${"x".repeat(300)}\n` };
    const answer = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", options);
    const body = answer.kind === "answered" ? answer.body : "";
    expect(body).toBe(`<h1>Forbidden</h1> Key mismatch: ${"x".repeat(167)}`);
    expect(body).toHaveLength(200);
  });

  it("gives how long the request took in whole milliseconds, answered or not", async () => {
    let before = performance.now();
    const answered = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", options);
    let elapsed = performance.now() - before;
    expect(Number.isInteger(answered.durationMs)).toBe(true);
    expect(answered.durationMs).toBeGreaterThanOrEqual(0);
    expect(answered.durationMs).toBeLessThanOrEqual(Math.ceil(elapsed));

    fake.answer = "hang";
    before = performance.now();
    const unanswered = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", { ...options, timeoutMs: 80 });
    elapsed = performance.now() - before;
    expect(unanswered.kind).toBe("unanswered");
    expect(Number.isInteger(unanswered.durationMs)).toBe(true);
    expect(unanswered.durationMs).toBeGreaterThanOrEqual(79);
    expect(unanswered.durationMs).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  it("names an endpoint that redirects (not followed) by the failure alone when it has no network code", async () => {
    const redirecting = http.createServer((_, res) => res.writeHead(301, { Location: "https://elsewhere.example/indexnow" }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/indexnow`;
      fake.allowAlso(new URL(endpoint).origin);
      const answer = await postToIndexNow(["https://bonus.example/a"], "https://bonus.example", { ...options, endpoint });
      expect(answer).toMatchObject({ kind: "unanswered", timedOut: false, reason: "fetch failed" });
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it("puts a failure's message and network code on one line, at most 200 characters", async () => {
    const failWith = (error: unknown) => vi.stubGlobal("fetch", () => Promise.reject(error));
    const post = () => postToIndexNow(["https://bonus.example/a"], "https://bonus.example", options);

    failWith(new TypeError("fetch failed:\n   socket  closed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }));
    expect(reasonOf(await post())).toBe("fetch failed: socket closed (ECONNRESET)");

    failWith(new Error(`certificate rejected: ${"a".repeat(300)}`, { cause: { code: "CERT_HAS_EXPIRED" } }));
    expect(reasonOf(await post())).toBe(`certificate rejected: ${"a".repeat(178)}`);

    // A rejection that is not an Error is described by its text.
    failWith("socket\n\n   hang up");
    expect(reasonOf(await post())).toBe("socket hang up");
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

describe("URLs submitted for a public path", () => {
  it("are the origin, one slash and the path, however many slashes the path starts with", () => {
    expect(absoluteSubmissionUrl("https://bonus.example", "blog/cevrim-sarti")).toBe("https://bonus.example/blog/cevrim-sarti");
    expect(absoluteSubmissionUrl("https://bonus.example", "/blog/cevrim-sarti")).toBe("https://bonus.example/blog/cevrim-sarti");
    expect(absoluteSubmissionUrl("https://bonus.example", "///bonuslar/yildiz/hos-geldin")).toBe("https://bonus.example/bonuslar/yildiz/hos-geldin");
  });
});

describe("the IndexNow configuration in force", () => {
  const NAMES = ["INDEXNOW_KEY", "INDEXNOW_ENDPOINT", "PUBLIC_SITE_URL"] as const;
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** A fresh copy of the module: the configuration is read once per process. */
  async function freshWith(env: Partial<Record<(typeof NAMES)[number], string>>) {
    for (const name of NAMES) vi.stubEnv(name, env[name]);
    vi.resetModules();
    return import("./indexing.server");
  }

  it("is the environment's until a configuration is given, and the environment's again once it is withdrawn", async () => {
    const indexing = await freshWith({ INDEXNOW_KEY: "env-key", INDEXNOW_ENDPOINT: "https://bing.example/indexnow", PUBLIC_SITE_URL: "https://bonus.example" });
    const fromEnv = { key: "env-key", endpoint: "https://bing.example/indexnow", siteUrl: "https://bonus.example", timeoutMs: 15_000 };
    expect(indexing.currentIndexNowOptions()).toEqual(fromEnv);
    expect(indexing.isIndexNowEnabled()).toBe(true);

    indexing.configureIndexNow(null);
    expect(indexing.currentIndexNowOptions()).toBeNull();
    expect(indexing.isIndexNowEnabled()).toBe(false);

    const given = { key: "given-key", endpoint: "http://127.0.0.1:9/indexnow", siteUrl: "https://test.example", timeoutMs: 500 };
    indexing.configureIndexNow(given);
    expect(indexing.currentIndexNowOptions()).toEqual(given);

    indexing.configureIndexNow(undefined);
    expect(indexing.currentIndexNowOptions()).toEqual(fromEnv);
  });

  it("is off when the environment has no INDEXNOW_KEY and no configuration is given", async () => {
    const indexing = await freshWith({ PUBLIC_SITE_URL: "https://bonus.example" });
    expect(indexing.currentIndexNowOptions()).toBeNull();
    expect(indexing.isIndexNowEnabled()).toBe(false);
  });
});
