import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { outboundClicks } from "~/db/schema";
import { pageStore } from "~/lib/page-cache.server";
import { clickCounter } from "~/modules/outbound/clicks.server";
import { forgetOutboundTargets } from "~/modules/outbound/outbound.server";
import { insertCasino, insertPromotion } from "~/seed/factories.server";

// Issue 11 §3 through the production build, wired as server.js wires it: the fast answer
// before Express for a known target, Express and React Router otherwise, the page cache
// in between. Behind one trusted proxy, so each visitor below has its own address.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
process.env.TRUST_PROXY = "1";
delete process.env.PUBLIC_SITE_URL;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Every header but the ones that differ per answer, sorted, for comparing two answers. */
function headerSet(response: Response): string[] {
  return [...response.headers.entries()]
    .filter(([name]) => !/^(date|connection|keep-alive|transfer-encoding|content-length)$/i.test(name))
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort();
}

describeEachDriver("outbound links through the server", ({ db }) => {
  let server: http.Server;
  let base = "";
  let fastAnswers = 0;

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    const built = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as {
      createApp: () => http.RequestListener;
      serveCachedPage: (req: http.IncomingMessage, res: http.ServerResponse, proxyHops: number) => boolean;
      serveKnownOutbound: (req: http.IncomingMessage, res: http.ServerResponse, proxyHops: number) => boolean;
    };
    const app = built.createApp();
    server = http.createServer((req, res) => {
      if (built.serveKnownOutbound(req, res, 1)) {
        fastAnswers++;
        return;
      }
      if (!built.serveCachedPage(req, res, 1)) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  beforeEach(async () => {
    await truncateAll(db());
    clickCounter().reset();
    forgetOutboundTargets();
    pageStore().resize();
  });

  /**
   * A browser following a link on this site: a navigation, as Chromium announces it. (fetch
   * cannot send these: it always says `Sec-Fetch-Mode: cors`, which is no click.) The path
   * is sent as it is, backslashes and all.
   */
  const open = (target: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const headers = { "User-Agent": BROWSER, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", ...init.headers };
      const request = http.request({ hostname, port, path: target, method: init.method ?? "GET", headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers)) for (const v of [value ?? []].flat()) answer.append(name, v);
          const body = response.statusCode === 304 || chunks.length === 0 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status: response.statusCode, headers: answer }));
        });
      });
      request.on("error", reject);
      request.end();
    });

  async function storedClicks(): Promise<number> {
    await clickCounter().flush();
    const rows = await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks);
    return rows.reduce((sum, row) => sum + row.clicks, 0);
  }

  // First in the file on purpose: the fast path learns its headers from the first /git/ 302
  // of the process. Express sees "/git/../admin/logout" under /git/; React Router resolves
  // the dot segments and signs out (302 with two Set-Cookie). No browser sends such a path
  // (it resolves them itself); a stranger's raw request can, right after a restart.
  it("gives no visitor the cookies of a request that only looked like /git/ to Express", async () => {
    await insertCasino(db(), { name: "Çerez Casino", url: "https://cerez.example" });
    const odd = await new Promise<http.IncomingMessage>((resolve, reject) => {
      // A raw path: a URL string would have its dot segments resolved by Node before sending.
      const { hostname, port } = new URL(base);
      const request = http.request({ hostname, port, path: "/git/../admin/logout", method: "POST", headers: { Origin: base, "User-Agent": BROWSER } }, (response) => {
        response.resume();
        resolve(response);
      });
      request.on("error", reject);
      request.end();
    });
    expect(odd.statusCode).toBe(302);
    expect(odd.headers["set-cookie"]?.length).toBeGreaterThan(0);
    const before = fastAnswers;
    for (const address of ["203.0.113.61", "203.0.113.62"]) {
      const response = await open("/git/cerez-casino?yer=casino", { headers: { "X-Forwarded-For": address } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://cerez.example/");
      expect(response.headers.getSetCookie(), `visitor ${address}`).toEqual([]);
    }
    // The second visitor was answered the fast way, from what was learnt.
    expect(fastAnswers).toBe(before + 1);
  });

  it("answers 302 with the same headers the slow and the fast way, and counts each visitor once", async () => {
    const casino = await insertCasino(db(), { name: "Hızlı Casino", url: "https://hizli.example" });
    await insertPromotion(db(), { casinoId: casino.id, title: "Hızlı Bonus", url: "https://hizli.example/bonus?k=1" });
    const before = fastAnswers;
    const slow = await open("/git/hizli-casino/hizli-bonus?yer=card", { headers: { "X-Forwarded-For": "203.0.113.1" } });
    expect(fastAnswers).toBe(before);
    const fast = await open("/git/hizli-casino/hizli-bonus?yer=card", { headers: { "X-Forwarded-For": "203.0.113.2" } });
    expect(fastAnswers).toBe(before + 1);
    for (const response of [slow, fast]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://hizli.example/bonus?k=1");
      expect(response.headers.get("x-robots-tag")).toMatch(/\bnoindex\b/);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      // helmet's headers are there on the fast answer too.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-cache")).toBeNull();
    }
    expect(headerSet(fast)).toEqual(headerSet(slow));

    // The first visitor again within 30 s (the fast way): a repeat. A third visitor: counted.
    await open("/git/hizli-casino/hizli-bonus?yer=card", { headers: { "X-Forwarded-For": "203.0.113.1" } });
    await open("/git/hizli-casino/hizli-bonus?yer=card", { headers: { "X-Forwarded-For": "198.51.100.200, 203.0.113.3" } });
    expect(await storedClicks()).toBe(3);
  });

  it("answers HEAD without counting it, the slow and the fast way", async () => {
    await insertCasino(db(), { name: "Baş Casino", url: "https://bas.example" });
    for (let i = 0; i < 2; i++) {
      const head = await open("/git/bas-casino?yer=casino", { method: "HEAD", headers: { "X-Forwarded-For": `203.0.113.${10 + i}` } });
      expect(head.status).toBe(302);
      expect(head.headers.get("location")).toBe("https://bas.example/");
    }
    expect(await storedClicks()).toBe(0);
  });

  it("counts no HEAD however the path is spelled: a .data request and a backslash are loaded as GET", async () => {
    await insertCasino(db(), { name: "Kuyruk Casino", url: "https://kuyruk.example" });
    const spellings = ["/git/kuyruk-casino.data", "/git\\kuyruk-casino", "/GIT\\kuyruk-casino?yer=card", "/git/kuyruk-casino"];
    for (const [i, spelling] of spellings.entries()) expect((await open(spelling, { method: "HEAD", headers: { "X-Forwarded-For": `203.0.113.${120 + i}` } })).status, spelling).toBeLessThan(400);
    expect(await storedClicks()).toBe(0);
    // A GET of the backslash spellings is a click like any other.
    for (const [i, spelling] of spellings.slice(1, 3).entries()) expect((await open(spelling, { headers: { "X-Forwarded-For": `203.0.113.${130 + i}` } })).status, spelling).toBe(302);
    expect(await storedClicks()).toBe(2);
  });

  it("refuses a raw '#' in the target with 400 in Turkish, the fast way too, and counts nothing", async () => {
    await insertCasino(db(), { name: "Parça Casino", url: "https://parca.example" });
    // The first visitor teaches the fast path its headers; the rest would be answered by it.
    expect((await open("/git/parca-casino?yer=casino", { headers: { "X-Forwarded-For": "203.0.113.140" } })).status).toBe(302);
    const before = fastAnswers;
    for (const [i, target] of ["/git/parca-casino?yer=card#", "/git/parca-casino#x", "/git/parca-casino?x=#&yer=card"].entries()) {
      const response = await open(target, { headers: { "X-Forwarded-For": `203.0.113.${141 + i}` } });
      expect(response.status, target).toBe(400);
      expect(await response.text(), target).toBe("Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.");
    }
    expect(fastAnswers).toBe(before);
    expect(await storedClicks()).toBe(1);
  });

  it("answers an unknown casino with 404 in Turkish, without a stack, and counts nothing", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await open("/git/olmayan-casino/olmayan-bonus");
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Promosyon bulunamadı");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await storedClicks()).toBe(0);
  });

  it("never stores a /git/ answer in the page cache, however the path is spelled", async () => {
    await insertCasino(db(), { name: "Yazım Casino", url: "https://yazim.example" });
    const spellings = ["/git/yazim-casino", "/GIT/yazim-casino", "/Git/yazim-casino/", "/%67it/yazim-casino", "/%47IT/yazim-casino", "/git/%79azim-casino", "/git/YAZIM-CASINO?yer=card"];
    const before = pageStore().stats.stored;
    for (const spelling of spellings) {
      for (let i = 0; i < 2; i++) {
        const response = await open(spelling, { headers: { "X-Forwarded-For": `198.18.${spellings.indexOf(spelling)}.${i}` } });
        expect(response.status, spelling).toBe(302);
        expect(response.headers.get("location")).toBe("https://yazim.example/");
        expect(response.headers.get("cache-control"), spelling).toBe("private, no-store");
        expect(response.headers.get("x-cache"), spelling).toBeNull();
      }
    }
    expect(pageStore().stats.stored).toBe(before);
    expect(pageStore().size).toBe(0);
    // Each spelling is the same link: every visitor's click counted once.
    expect(await storedClicks()).toBe(spellings.length * 2);
  });

  it("moves the next click to a changed address the moment the write's invalidation arrives", async () => {
    const casino = await insertCasino(db(), { name: "Taşınan Casino", url: "https://tasinan.example" });
    expect((await open("/git/tasinan-casino")).headers.get("location")).toBe("https://tasinan.example/");
    expect((await open("/git/tasinan-casino")).headers.get("location")).toBe("https://tasinan.example/");
    const { saveCasino } = await import("~/modules/casinos/casinos.server");
    const saved = await saveCasino({ userId: null, email: "test@example.com", address: "127.0.0.1" }, casino.id, {
      name: "Taşınan Casino",
      url: "https://tasinan.example",
      logoUrl: null,
      description: "<p>Yeterince uzun bir açıklama.</p>",
      currentAddress: "https://tasinan2.example/tr",
      version: null,
      overwrite: false,
    });
    expect(saved.ok).toBe(true);
    expect((await open("/git/tasinan-casino")).headers.get("location")).toBe("https://tasinan2.example/tr");
    const [row] = await db().select().from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id));
    expect(row).toBeUndefined();
  });

  it("tells robots not to follow /git/", async () => {
    const robots = await (await open("/robots.txt")).text();
    expect(robots.split("\n")).toContain("Disallow: /git/");
  });
});

describe("the fast path's client address", () => {
  it("is the one Express computes behind the same number of proxies", async () => {
    const express = (await import("express")).default;
    const { clientAddressOfRaw } = await import("./outbound-fast-path");
    const { clientAddressOf } = await import("./request-guards");
    const seen: { express: string; raw: string }[] = [];
    for (const hops of [0, 1, 2]) {
      const app = express();
      if (hops) app.set("trust proxy", hops);
      app.get("/", (req, res) => {
        seen.push({ express: clientAddressOf(req), raw: clientAddressOfRaw(req, hops) });
        res.end();
      });
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      for (const forwarded of [undefined, "203.0.113.9", "198.51.100.1, 203.0.113.9", " 10.0.0.1 ,, 192.0.2.4 ", "not-an-ip", "198.51.100.1,203.0.113.9,192.0.2.77"]) {
        await fetch(`http://127.0.0.1:${port}/`, { headers: forwarded === undefined ? {} : { "X-Forwarded-For": forwarded } });
      }
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toHaveLength(18);
    for (const pair of seen) expect(pair.raw).toBe(pair.express);
    // The addresses differ with the hops: the comparison is not between constants.
    expect(new Set(seen.map((pair) => pair.raw)).size).toBeGreaterThan(3);
  });
});
