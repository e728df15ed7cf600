import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { casinos, outboundClicks } from "~/db/schema";
import { pageStore } from "~/lib/page-cache.server";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { clickCounter } from "./clicks.server";
import { answerOutbound, countOutboundClick, forgetOutboundTargets, resolveOutboundTarget } from "./outbound.server";

// Issue 11 §3: the answer of /git/{casino} and /git/{casino}/{promotion}, as the route and the
// server's fast path call it.

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

describeEachDriver("the /git/ answer", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
    clickCounter().reset();
    forgetOutboundTargets();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    pageStore().now = Date.now;
  });

  /** A visitor opening /git/{path}; `headers` beside a browser's User-Agent. */
  function open(path: string, options: { method?: string; headers?: Record<string, string>; client?: string } = {}) {
    const url = new URL(`/git/${path}`, "http://localhost");
    const [casinoSlug, promotionSlug] = url.pathname.slice("/git/".length).split("/");
    const method = options.method ?? "GET";
    const request = new Request(url, { method, headers: { "User-Agent": BROWSER, ...options.headers } });
    return answerOutbound(request, { casinoSlug: casinoSlug!, promotionSlug: promotionSlug ?? null }, { clientAddress: options.client ?? "198.51.100.20", requestMethod: method });
  }

  async function storedClicks(): Promise<number> {
    await clickCounter().flush();
    const rows = await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks);
    return rows.reduce((sum, row) => sum + row.clicks, 0);
  }

  describe("which links lead somewhere", () => {
    it("answers 404 for a casino or an offer whose stored address is not http(s), and counts nothing", async () => {
      // Rows written before the forms refused such addresses, or by hand.
      await insertCasino(db(), { name: "Eski Kayıt Casino", url: "ftp://eski-kayit.example/" });
      const kept = await insertCasino(db(), { name: "Düzgün Casino", url: "https://duzgun.example" });
      await insertPromotion(db(), { casinoId: kept.id, title: "Bozuk Bağlantı", url: "javascript:alert(1)" });

      const casinoLink = await open("eski-kayit-casino");
      expect(casinoLink.status).toBe(404);
      expect(casinoLink.headers.get("Location")).toBeNull();
      expect(await casinoLink.text()).toBe("Casino bulunamadı");
      const offerLink = await open("duzgun-casino/bozuk-baglanti");
      expect(offerLink.status).toBe(404);
      expect(offerLink.headers.get("Location")).toBeNull();
      expect(await offerLink.text()).toBe("Promosyon bulunamadı");
      expect(await storedClicks()).toBe(0);
    });

    it("looks up no slug longer than 200 characters, casino or offer", async () => {
      // Our slugs are far shorter (80 at most); a longer one is a made-up address. Rows with
      // such slugs are written by hand here only to show the address is not looked up at all.
      await insertCasino(db(), { name: "Uzun Casino", slug: "c".repeat(201), url: "https://uzun.example" });
      const edge = await insertCasino(db(), { name: "Sınır Casino", slug: "s".repeat(200), url: "https://sinir.example" });
      await insertPromotion(db(), { casinoId: edge.id, title: "Uzun Teklif", slug: "p".repeat(201), url: "https://sinir.example/uzun" });
      await insertPromotion(db(), { casinoId: edge.id, title: "Sınır Teklif", slug: "q".repeat(200), url: "https://sinir.example/sinir" });

      expect((await open("s".repeat(200))).headers.get("Location")).toBe("https://sinir.example/");
      expect((await open(`${"s".repeat(200)}/${"q".repeat(200)}`)).headers.get("Location")).toBe("https://sinir.example/sinir");
      expect((await open("c".repeat(201))).status).toBe(404);
      expect((await open(`${"s".repeat(200)}/${"p".repeat(201)}`)).status).toBe(404);
      expect(await resolveOutboundTarget("C".repeat(201), null)).toBeNull();
    });
  });

  describe("the remembered target", () => {
    it("is read again once a page's lifetime (60 s) has passed since it was read", async () => {
      const casino = await insertCasino(db(), { name: "Süre Casino", url: "https://sure.example" });
      const store = pageStore();
      const readAt = Date.now();
      store.now = () => readAt;
      expect((await open("sure-casino")).headers.get("Location")).toBe("https://sure.example/");
      // Changed by hand, without a page invalidation.
      await db().update(casinos).set({ currentAddress: "https://sure2.example" }).where(eq(casinos.id, casino.id));
      store.now = () => readAt + 59_999;
      expect((await open("sure-casino")).headers.get("Location")).toBe("https://sure.example/");
      store.now = () => readAt + 60_000;
      expect((await open("sure-casino")).headers.get("Location")).toBe("https://sure2.example/");
    });

    it("is forgotten by forgetOutboundTargets (tests that write rows by hand)", async () => {
      const casino = await insertCasino(db(), { name: "Unutan Casino", url: "https://unutan.example" });
      expect((await open("unutan-casino")).headers.get("Location")).toBe("https://unutan.example/");
      await db().update(casinos).set({ currentAddress: "https://unutan2.example" }).where(eq(casinos.id, casino.id));
      expect((await open("unutan-casino")).headers.get("Location")).toBe("https://unutan.example/");
      forgetOutboundTargets();
      expect((await open("unutan-casino")).headers.get("Location")).toBe("https://unutan2.example/");
    });
  });

  describe("counting", () => {
    it("does not count a Firefox prefetch (X-Moz: prefetch); the same visitor's click counts", async () => {
      await insertCasino(db(), { name: "Önyükleme Casino", url: "https://onyukleme.example" });
      const prefetch = await open("onyukleme-casino", { headers: { "X-Moz": "prefetch" } });
      expect(prefetch.status).toBe(302);
      expect(prefetch.headers.get("Location")).toBe("https://onyukleme.example/");
      expect(await storedClicks()).toBe(0);
      await open("onyukleme-casino");
      expect(await storedClicks()).toBe(1);
    });

    it("tells the caller what the request was: a look (HEAD, a preview), a click counted", async () => {
      const casino = await insertCasino(db(), { name: "Bakış Casino", url: "https://bakis.example" });
      const target = { casinoId: casino.id, promotionId: null, location: "https://bakis.example/" };
      const request = (method: string, headers: Record<string, string> = {}) => ({
        method,
        header: (name: string) => ({ "User-Agent": BROWSER, ...headers })[name] ?? null,
        placementParam: "splash",
        clientAddress: "198.51.100.21",
      });
      expect(countOutboundClick(target, request("HEAD"))).toBe("look");
      expect(countOutboundClick(target, request("GET", { "Sec-Purpose": "prefetch" }))).toBe("look");
      expect(countOutboundClick(target, request("GET"))).toBe("counted");
      expect(await storedClicks()).toBe(1);
    });

    it("still redirects when the click cannot be counted, and logs why", async () => {
      allowConsoleError();
      const lines: unknown[][] = [];
      vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
        lines.push(args);
      });
      await insertCasino(db(), { name: "Arızalı Sayaç Casino", url: "https://arizali.example" });
      const failure = new Error("tally unavailable");
      vi.spyOn(clickCounter(), "record").mockImplementation(() => {
        throw failure;
      });
      const answer = await open("arizali-sayac-casino");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("https://arizali.example/");
      expect(lines).toEqual([["Outbound click could not be counted:", failure]]);
      const target = (await resolveOutboundTarget("arizali-sayac-casino", null))!;
      expect(countOutboundClick(target, { method: "GET", header: (name) => (name === "User-Agent" ? BROWSER : null), placementParam: null, clientAddress: "198.51.100.22" })).toBe("error");
      vi.mocked(clickCounter().record).mockRestore();
      expect(await storedClicks()).toBe(0);
    });
  });
});
