import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callAdmin, createAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { casinos, outboundClicks } from "~/db/schema";
import { invalidatePages, pageStore, SITE_TAG } from "~/lib/page-cache.server";
import { clickCounter } from "~/modules/outbound/clicks.server";
import { forgetOutboundTargets } from "~/modules/outbound/outbound.server";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { action as casinoEditorAction } from "../admin/casinos/edit";
import { loader } from "./outbound";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Visit = { client?: string; userAgent?: string | null; method?: string; headers?: Record<string, string> };

/** A visitor opening /git/{path} as React Router calls the route. */
async function visit(path: string, options: Visit = {}): Promise<Response> {
  const url = new URL(`/git/${path}`, "http://localhost");
  const [casinoSlug, promotionSlug] = url.pathname.slice("/git/".length).split("/").map(decodeURIComponent);
  const headers = new Headers(options.headers);
  if (options.userAgent !== null) headers.set("User-Agent", options.userAgent ?? BROWSER);
  const request = new Request(url, { method: options.method ?? "GET", headers });
  const params = promotionSlug === undefined ? { casinoSlug } : { casinoSlug, promotionSlug };
  return loader({ request, params, context: { clientAddress: options.client ?? "198.51.100.7", requestMethod: request.method } } as never);
}

describeEachDriver("outbound links /git/", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    clickCounter().reset();
    forgetOutboundTargets();
    admin = await createAdminSession("affiliate@example.com");
  });

  /** Writes the tally and reads every stored row, in a fixed order. */
  async function stored() {
    await clickCounter().flush();
    return db()
      .select({ day: outboundClicks.day, casinoId: outboundClicks.casinoId, promotionId: outboundClicks.promotionId, placement: outboundClicks.placement, clicks: outboundClicks.clicks })
      .from(outboundClicks)
      .orderBy(asc(outboundClicks.placement), asc(outboundClicks.day), asc(outboundClicks.promotionId));
  }
  const totalClicks = async () => (await stored()).reduce((sum, row) => sum + row.clicks, 0);

  /** Saves the casino through the back office's form, as an operator would. */
  async function saveAddress(casino: { id: string; name: string; url: string }, currentAddress: string, url = casino.url) {
    const outcome = outcomeOf(
      await callAdmin(casinoEditorAction, `/admin/casinos/edit/${casino.id}`, {
        session: admin,
        params: { id: casino.id },
        form: { name: casino.name, url, logoUrl: "", description: "<p>Güvenilir ve hızlı ödeme yapan bir site.</p>", currentAddress },
      }),
    );
    return outcome;
  }

  describe("the redirect", () => {
    it("sends a casino link to the casino's URL and a promotion link to the promotion's, never indexed or stored", async () => {
      const casino = await insertCasino(db(), { name: "Anadolu Casino", url: "https://www.anadolu.example" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Hoş Geldin Bonusu", url: "https://www.anadolu.example/kampanya/hosgeldin?ref=rehber" });

      const casinoLink = await visit("anadolu-casino?yer=casino");
      expect(casinoLink.status).toBe(302);
      expect(casinoLink.headers.get("Location")).toBe("https://www.anadolu.example/");
      expect(casinoLink.headers.get("X-Robots-Tag")).toMatch(/\bnoindex\b/);
      expect(casinoLink.headers.get("Cache-Control")).toBe("private, no-store");

      const promotionLink = await visit("anadolu-casino/hos-geldin-bonusu?yer=card");
      expect(promotionLink.status).toBe(302);
      expect(promotionLink.headers.get("Location")).toBe("https://www.anadolu.example/kampanya/hosgeldin?ref=rehber");
      expect(promotionLink.headers.get("X-Robots-Tag")).toMatch(/\bnoindex\b/);
      expect(promotionLink.headers.get("Cache-Control")).toBe("private, no-store");
    });

    it("answers an unknown casino or promotion with 404 in Turkish, and counts nothing", async () => {
      const casino = await insertCasino(db(), { name: "Ege Bet" });
      const other = await insertCasino(db(), { name: "Galata Casino" });
      await insertPromotion(db(), { casinoId: other.id, title: "Galata Kayıp Bonusu" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Pasif Bonus", isActive: false });

      for (const [path, message] of [
        ["olmayan-casino", "Casino bulunamadı"],
        ["ege-bet/olmayan-bonus", "Promosyon bulunamadı"],
        // A promotion of another casino is not reached through this one.
        ["ege-bet/galata-kayip-bonusu", "Promosyon bulunamadı"],
        // An inactive promotion has no public page and no outbound link.
        ["ege-bet/pasif-bonus", "Promosyon bulunamadı"],
        [`${"a".repeat(300)}`, "Casino bulunamadı"],
      ] as const) {
        const response = await visit(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(response.headers.get("X-Robots-Tag")).toMatch(/\bnoindex\b/);
        expect(await response.text()).toBe(message);
      }
      expect(clickCounter().pendingCount).toBe(0);
      expect(await stored()).toEqual([]);
    });

    it("sends an expired offer's old link to the casino instead of its gone landing page, counted for the casino", async () => {
      const casino = await insertCasino(db(), { name: "Sona Eren Casino", url: "https://sonaeren.example" });
      const offer = await insertPromotion(db(), { casinoId: casino.id, title: "Biten Bonus", url: "https://sonaeren.example/biten", expiryDate: new Date(Date.now() - 60_000) });
      const expired = await visit("sona-eren-casino/biten-bonus?yer=detail");
      expect(expired.status).toBe(302);
      expect(expired.headers.get("Location")).toBe("https://sonaeren.example/");
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ casinoId: casino.id, promotionId: null, placement: "detail", clicks: 1 });
      expect(rows.some((row) => row.promotionId === offer.id)).toBe(false);
    });

    it("finds the link whatever the slug's letter case", async () => {
      const casino = await insertCasino(db(), { name: "Boğaziçi Bet", url: "https://bogazici.example" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Yatırım Bonusu", url: "https://bogazici.example/yatirim" });
      expect((await visit("BOGAZICI-bet/Yatirim-Bonusu")).headers.get("Location")).toBe("https://bogazici.example/yatirim");
    });

    it("answers HEAD like GET, without counting it", async () => {
      const casino = await insertCasino(db(), { name: "Kapadokya Casino", url: "https://kapadokya.example" });
      const head = await visit("kapadokya-casino", { method: "HEAD" });
      expect(head.status).toBe(302);
      expect(head.headers.get("Location")).toBe("https://kapadokya.example/");
      const missing = await visit("yok-boyle-casino", { method: "HEAD" });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("");
      expect(await stored()).toEqual([]);
      await visit("kapadokya-casino");
      expect(await stored()).toEqual([expect.objectContaining({ casinoId: casino.id, promotionId: null, placement: "casino", clicks: 1 })]);
    });
  });

  describe("the current address", () => {
    it("moves every outbound link of the casino at once, promotions on its own hosts included, and not those elsewhere", async () => {
      const casino = await insertCasino(db(), { name: "Trabzon Bet", url: "https://www.trabzonbet.example" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Kayıp Bonusu", url: "https://trabzonbet.example/bonus/kayip?kod=TR20" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Ortak Bonus", url: "https://partner-network.example/c?o=55" });
      // Read once before the change: the redirect remembers targets, the save must drop them.
      expect((await visit("trabzon-bet")).headers.get("Location")).toBe("https://www.trabzonbet.example/");
      expect((await visit("trabzon-bet/kayip-bonusu")).headers.get("Location")).toBe("https://trabzonbet.example/bonus/kayip?kod=TR20");

      expect(await saveAddress(casino, "https://trabzonbet451.example")).toMatchObject({ status: 302, location: "/admin/casinos" });
      expect((await visit("trabzon-bet")).headers.get("Location")).toBe("https://trabzonbet451.example/");
      expect((await visit("trabzon-bet/kayip-bonusu")).headers.get("Location")).toBe("https://trabzonbet451.example/bonus/kayip?kod=TR20");
      expect((await visit("trabzon-bet/ortak-bonus")).headers.get("Location")).toBe("https://partner-network.example/c?o=55");

      // The domain changes again: links written against the previous current address move too.
      await insertPromotion(db(), { casinoId: casino.id, title: "Yeni Adres Bonusu", url: "https://trabzonbet451.example/yeni?x=1" });
      await saveAddress(casino, "https://trabzonbet452.example");
      const [row] = await db().select({ formerHosts: casinos.formerHosts, currentAddress: casinos.currentAddress }).from(casinos).where(eq(casinos.id, casino.id));
      expect(row).toEqual({ formerHosts: ["trabzonbet451.example"], currentAddress: "https://trabzonbet452.example" });
      expect((await visit("trabzon-bet/yeni-adres-bonusu")).headers.get("Location")).toBe("https://trabzonbet452.example/yeni?x=1");
      expect((await visit("trabzon-bet/kayip-bonusu")).headers.get("Location")).toBe("https://trabzonbet452.example/bonus/kayip?kod=TR20");
      expect((await visit("trabzon-bet")).headers.get("Location")).toBe("https://trabzonbet452.example/");

      // Emptied, the links lead to the registered URL and the promotions' own addresses again.
      await saveAddress(casino, "");
      expect((await visit("trabzon-bet")).headers.get("Location")).toBe("https://www.trabzonbet.example/");
      expect((await visit("trabzon-bet/kayip-bonusu")).headers.get("Location")).toBe("https://trabzonbet.example/bonus/kayip?kod=TR20");
      const [after] = await db().select({ formerHosts: casinos.formerHosts }).from(casinos).where(eq(casinos.id, casino.id));
      expect(after!.formerHosts).toEqual(["trabzonbet451.example", "trabzonbet452.example"]);
    });

    it("refuses an address that is not http(s) with the form's message and changes nothing", async () => {
      const casino = await insertCasino(db(), { name: "Sahil Casino", url: "https://sahil.example" });
      for (const bad of ["javascript:alert(1)", "sahil2.example", "ftp://sahil.example"]) {
        const outcome = await saveAddress(casino, bad);
        expect(outcome.status).toBe(400);
        expect(outcome.errors?.currentAddress).toEqual(["Geçerli bir URL giriniz"]);
      }
      const [row] = await db().select({ currentAddress: casinos.currentAddress }).from(casinos).where(eq(casinos.id, casino.id));
      expect(row!.currentAddress).toBeNull();
      expect((await visit("sahil-casino")).headers.get("Location")).toBe("https://sahil.example/");
    });

    it("is remembered in memory, and a write by any means heals once pages are invalidated", async () => {
      const casino = await insertCasino(db(), { name: "Hafıza Casino", url: "https://hafiza.example" });
      expect((await visit("hafiza-casino")).headers.get("Location")).toBe("https://hafiza.example/");
      // Out-of-band SQL: the remembered target stands until the next invalidation (at most a page's lifetime).
      await db().update(casinos).set({ currentAddress: "https://hafiza2.example" }).where(eq(casinos.id, casino.id));
      expect((await visit("hafiza-casino")).headers.get("Location")).toBe("https://hafiza.example/");
      await invalidatePages(SITE_TAG);
      expect((await visit("hafiza-casino")).headers.get("Location")).toBe("https://hafiza2.example/");
      // Without any write, it is read again once a page's lifetime (a minute) has passed.
      await db().update(casinos).set({ currentAddress: "https://hafiza3.example" }).where(eq(casinos.id, casino.id));
      const store = pageStore();
      try {
        store.now = () => Date.now() + 59_000;
        expect((await visit("hafiza-casino")).headers.get("Location")).toBe("https://hafiza2.example/");
        store.now = () => Date.now() + 61_000;
        expect((await visit("hafiza-casino")).headers.get("Location")).toBe("https://hafiza3.example/");
      } finally {
        store.now = Date.now;
      }
    });
  });

  describe("counting", () => {
    it("counts per day, casino, promotion and placement; a bare link under its kind's placement", async () => {
      const casino = await insertCasino(db(), { name: "Sayım Casino" });
      const promotion = await insertPromotion(db(), { casinoId: casino.id, title: "Sayım Bonusu" });
      // 23:30 in Istanbul on the 22nd is the 22nd; half an hour later it is the 23rd.
      clickCounter().now = () => Date.parse("2026-11-22T20:30:00Z");
      await visit("sayim-casino/sayim-bonusu?yer=card", { client: "203.0.113.1" });
      await visit("sayim-casino/sayim-bonusu?yer=card", { client: "203.0.113.2" });
      await visit("sayim-casino/sayim-bonusu?yer=detail", { client: "203.0.113.3" });
      await visit("sayim-casino/sayim-bonusu", { client: "203.0.113.4" });
      await visit("sayim-casino/sayim-bonusu?yer=bilinmeyen", { client: "203.0.113.5" });
      await visit("sayim-casino?yer=splash", { client: "203.0.113.6" });
      await visit("sayim-casino", { client: "203.0.113.7" });
      clickCounter().now = () => Date.parse("2026-11-22T21:00:00Z");
      await visit("sayim-casino/sayim-bonusu?yer=card", { client: "203.0.113.8" });

      expect(await stored()).toEqual([
        { day: "2026-11-22", casinoId: casino.id, promotionId: promotion.id, placement: "card", clicks: 2 },
        { day: "2026-11-23", casinoId: casino.id, promotionId: promotion.id, placement: "card", clicks: 1 },
        { day: "2026-11-22", casinoId: casino.id, promotionId: null, placement: "casino", clicks: 1 },
        { day: "2026-11-22", casinoId: casino.id, promotionId: promotion.id, placement: "detail", clicks: 3 },
        { day: "2026-11-22", casinoId: casino.id, promotionId: null, placement: "splash", clicks: 1 },
      ]);
      // A second flush adds to the same rows.
      await visit("sayim-casino?yer=splash", { client: "203.0.113.9" });
      clickCounter().now = () => Date.parse("2026-11-22T20:31:00Z");
      await visit("sayim-casino?yer=splash", { client: "203.0.113.10" });
      const rows = await stored();
      expect(rows.filter((row) => row.placement === "splash")).toEqual([
        { day: "2026-11-22", casinoId: casino.id, promotionId: null, placement: "splash", clicks: 2 },
        { day: "2026-11-23", casinoId: casino.id, promotionId: null, placement: "splash", clicks: 1 },
      ]);
    });

    it("does not count bots, scripts without a browser's User-Agent, or prefetches; they still get the redirect", async () => {
      await insertCasino(db(), { name: "Bot Casino", url: "https://bot.example" });
      const visits: Visit[] = [
        { userAgent: GOOGLEBOT },
        { userAgent: "curl/8.5.0" },
        { userAgent: null },
        { headers: { "Sec-Purpose": "prefetch;prerender" } },
        { headers: { Purpose: "prefetch" } },
      ];
      for (const options of visits) {
        const response = await visit("bot-casino", { ...options, client: "192.0.2.50" });
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("https://bot.example/");
      }
      expect(await totalClicks()).toBe(0);
      await visit("bot-casino", { client: "192.0.2.50" });
      expect(await totalClicks()).toBe(1);
    });

    it("counts only a visitor's own navigation: not an image, a fetch, a frame, another site's navigation or a link preview", async () => {
      await insertCasino(db(), { name: "Gömülü Casino", url: "https://gomulu.example" });
      // What Chromium sends for each way another page can make a browser request /git/.
      const noClicks: Record<string, string>[] = [
        { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image" },
        { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
        { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
        { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" },
        { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
        { "X-Purpose": "preview" },
        // Each rule on its own: a frame of this site, a fetch that names nothing else.
        { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" },
        { "Sec-Fetch-Mode": "cors" },
      ];
      for (const [i, headers] of noClicks.entries()) {
        const response = await visit("gomulu-casino?yer=card", { headers, client: `192.0.2.${60 + i}` });
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("https://gomulu.example/");
      }
      expect(await totalClicks()).toBe(0);
      // A click on this site's own link, and a bookmark or a typed address: counted.
      await visit("gomulu-casino?yer=card", { headers: { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" }, client: "192.0.2.70" });
      await visit("gomulu-casino?yer=card", { headers: { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" }, client: "192.0.2.71" });
      expect(await totalClicks()).toBe(2);
    });

    it("counts at most three clicks on one link from one address within 30 s, whatever User-Agents it sends", async () => {
      const casino = await insertCasino(db(), { name: "Tarayıcı Casino" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Tarayıcı Bonusu" });
      let now = Date.parse("2026-11-20T10:00:00Z");
      clickCounter().now = () => now;
      for (let i = 0; i < 20; i++) await visit("tarayici-casino/tarayici-bonusu?yer=card", { client: "192.0.2.80", userAgent: `${BROWSER} v${i}` });
      expect(await totalClicks()).toBe(3);
      // Another link from that address, and that link from another address: counted.
      await visit("tarayici-casino?yer=casino", { client: "192.0.2.80", userAgent: `${BROWSER} v99` });
      await visit("tarayici-casino/tarayici-bonusu?yer=card", { client: "192.0.2.81" });
      expect(await totalClicks()).toBe(5);
      now += 29_999;
      await visit("tarayici-casino/tarayici-bonusu?yer=card", { client: "192.0.2.80", userAgent: `${BROWSER} w1` });
      expect(await totalClicks()).toBe(5);
      now += 1;
      await visit("tarayici-casino/tarayici-bonusu?yer=card", { client: "192.0.2.80", userAgent: `${BROWSER} w2` });
      expect(await totalClicks()).toBe(6);
    });

    it("counts an IPv6 client's /64 as one address: new addresses from its prefix are no new visitors", async () => {
      const casino = await insertCasino(db(), { name: "Altı Casino" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Altı Bonusu" });
      for (let i = 1; i <= 10; i++) await visit("alti-casino/alti-bonusu?yer=card", { client: `2001:db8:1:2::${i.toString(16)}`, userAgent: `${BROWSER} v${i}` });
      // The same prefix written out in full counts with it; another /64 is another visitor.
      await visit("alti-casino/alti-bonusu?yer=card", { client: "2001:0db8:0001:0002:ffff:0:0:1", userAgent: `${BROWSER} x` });
      expect(await totalClicks()).toBe(3);
      await visit("alti-casino/alti-bonusu?yer=card", { client: "2001:db8:1:3::1" });
      expect(await totalClicks()).toBe(4);
    });

    it("counts one visitor's repeated clicks on one link within 30 s once, then again after", async () => {
      const casino = await insertCasino(db(), { name: "Tekrar Casino" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Tekrar Bonusu" });
      let now = Date.parse("2026-11-20T10:00:00Z");
      clickCounter().now = () => now;
      const same = { client: "192.0.2.10" };
      await visit("tekrar-casino/tekrar-bonusu?yer=card", same);
      now += 10_000;
      await visit("tekrar-casino/tekrar-bonusu?yer=card", same);
      // The same offer from its detail page is the same link: still a repeat.
      await visit("tekrar-casino/tekrar-bonusu?yer=detail", same);
      now += 19_999;
      await visit("tekrar-casino/tekrar-bonusu?yer=card", same);
      expect(await totalClicks()).toBe(1);

      // Another link, another visitor (address or browser): counted.
      await visit("tekrar-casino?yer=casino", same);
      await visit("tekrar-casino/tekrar-bonusu?yer=card", { client: "192.0.2.11" });
      await visit("tekrar-casino/tekrar-bonusu?yer=card", { client: "192.0.2.10", userAgent: `${BROWSER} Edg/130` });
      expect(await totalClicks()).toBe(4);

      now += 1; // 30 s after the first counted click
      await visit("tekrar-casino/tekrar-bonusu?yer=card", same);
      expect(await totalClicks()).toBe(5);
    });

    it("counts concurrent clicks from many visitors exactly once each, while flushes run", async () => {
      const casino = await insertCasino(db(), { name: "Kalabalık Casino" });
      await insertPromotion(db(), { casinoId: casino.id, title: "Kalabalık Bonusu" });
      const visitors = Array.from({ length: 400 }, (_, i) => `10.1.${i >> 8}.${i & 255}`);
      const clicks = visitors.flatMap((client, i) => [
        visit(`kalabalik-casino/kalabalik-bonusu?yer=${i % 2 ? "card" : "detail"}`, { client }),
        // Each visitor double-clicks: the second one is a repeat.
        visit(`kalabalik-casino/kalabalik-bonusu?yer=card`, { client }),
      ]);
      const flushes = [clickCounter().flush(), clickCounter().flush()];
      const responses = await Promise.all([...clicks, ...flushes.map(() => null)]);
      await Promise.all(flushes);
      expect(responses.filter((r) => r instanceof Response && r.status === 302)).toHaveLength(800);
      const rows = await stored();
      expect(rows.reduce((sum, row) => sum + row.clicks, 0)).toBe(400);
      expect(clickCounter().pendingCount).toBe(0);
    });

    it("writes the tally when it passes the threshold, without waiting for the interval", async () => {
      const casino = await insertCasino(db(), { name: "Eşik Casino" });
      const clicksOfCasino = async () =>
        (await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id)))[0]?.clicks ?? 0;
      for (let i = 0; i < 999; i++) await visit("esik-casino", { client: `10.2.${i >> 8}.${i & 255}` });
      // No writer runs its interval here: only the threshold can start a write.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await clicksOfCasino()).toBe(0);
      await visit("esik-casino", { client: "10.2.99.99" });
      // The thousandth click started a write by itself.
      await vi.waitFor(async () => expect(await clicksOfCasino()).toBe(1_000), { timeout: 5_000 });
    });

    it("keeps the tally when a write fails, logs one line, and writes it on the next try", async () => {
      allowConsoleError();
      const errors: unknown[][] = [];
      const logged = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      try {
        const casino = await insertCasino(db(), { name: "Arıza Casino" });
        await visit("ariza-casino", { client: "192.0.2.1" });
        await visit("ariza-casino", { client: "192.0.2.2" });
        await db().execute(sql`alter table outbound_clicks rename to outbound_clicks_away`);
        try {
          expect(await clickCounter().flush()).toBe(0);
        } finally {
          await db().execute(sql`alter table outbound_clicks_away rename to outbound_clicks`);
        }
        expect(errors).toHaveLength(1);
        expect(String(errors[0]![0])).toMatch(/^Outbound clicks could not be written; 2 kept for the next try: /);
        expect(clickCounter().pendingCount).toBe(2);
        await visit("ariza-casino", { client: "192.0.2.3" });
        expect(await clickCounter().flush()).toBe(3);
        const [row] = await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id));
        expect(row!.clicks).toBe(3);
      } finally {
        console.error = logged;
      }
    });

    it("drops the clicks of a casino or promotion deleted before the write, and keeps the others", async () => {
      const gone = await insertCasino(db(), { name: "Kapanan Casino" });
      const kept = await insertCasino(db(), { name: "Kalan Casino" });
      const promotion = await insertPromotion(db(), { casinoId: kept.id, title: "Silinen Bonus" });
      await visit("kapanan-casino");
      await visit("kalan-casino/silinen-bonus");
      await visit("kalan-casino", { client: "192.0.2.99" });
      await db().delete(casinos).where(eq(casinos.id, gone.id));
      await db().execute(sql`delete from promotions where id = ${promotion.id}`);
      expect(await stored()).toEqual([expect.objectContaining({ casinoId: kept.id, promotionId: null, placement: "casino", clicks: 1 })]);
      expect(clickCounter().pendingCount).toBe(0);
    });

    it("writes what is left when the writer stops (the server's shutdown), losing nothing", async () => {
      const casino = await insertCasino(db(), { name: "Kapanış Casino" });
      const stop = clickCounter().start();
      for (let i = 0; i < 37; i++) await visit("kapanis-casino", { client: `10.3.0.${i}` });
      await stop();
      const [row] = await db().select({ clicks: outboundClicks.clicks }).from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id));
      expect(row!.clicks).toBe(37);
      expect(clickCounter().pendingCount).toBe(0);
    });
  });
});
