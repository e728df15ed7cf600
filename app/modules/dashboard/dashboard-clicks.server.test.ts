import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callAdmin, createAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { outboundClicks } from "~/db/schema";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { loader as casinoListLoader } from "~/routes/admin/casinos/list";
import { loader as promotionListLoader } from "~/routes/admin/promotions/list";
import { clickCounter } from "~/modules/outbound/clicks.server";
import { getDashboardClicks, readDashboardClicks } from "./dashboard.server";

// Issue 11 §4: the dashboard's and the lists' figures from known clicks. "Now" is 10:00 in
// Istanbul on 2026-11-22: the last 7 days are 16-22 November, the last 30 days 24 October
// to 22 November.
const NOW = new Date("2026-11-22T07:00:00Z");

describeEachDriver("outbound click figures", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("rakamlar@example.com");
  });

  async function arrange() {
    const anadolu = await insertCasino(db(), { name: "Anadolu Casino" });
    const ege = await insertCasino(db(), { name: "Ege Bet" });
    const galata = await insertCasino(db(), { name: "Galata Casino" });
    const hosgeldin = await insertPromotion(db(), { casinoId: anadolu.id, title: "Anadolu Hoş Geldin" });
    const kayip = await insertPromotion(db(), { casinoId: ege.id, title: "Ege Kayıp Bonusu" });
    const eski = await insertPromotion(db(), { casinoId: galata.id, title: "Galata Eski Kampanya" });
    const row = (day: string, casinoId: string, promotionId: string | null, placement: string, clicks: number) => ({ day, casinoId, promotionId, placement, clicks });
    await db()
      .insert(outboundClicks)
      .values([
        // Today
        row("2026-11-22", anadolu.id, hosgeldin.id, "card", 5),
        row("2026-11-22", anadolu.id, hosgeldin.id, "detail", 2),
        row("2026-11-22", anadolu.id, null, "casino", 1),
        row("2026-11-22", ege.id, null, "splash", 4),
        // The first day of the 7-day window, and the day before it
        row("2026-11-16", ege.id, kayip.id, "card", 3),
        row("2026-11-15", ege.id, kayip.id, "card", 10),
        // The first day of the 30-day window, and the day before it (counted nowhere)
        row("2026-10-24", galata.id, eski.id, "detail", 20),
        row("2026-10-23", galata.id, eski.id, "detail", 1000),
        // A day after "now" (a clock ahead elsewhere): outside every window
        row("2026-11-23", anadolu.id, hosgeldin.id, "card", 500),
      ]);
    return { anadolu, ege, galata, hosgeldin, kayip, eski };
  }

  it("gives 30 days of clicks, per placement, with the days that had none", async () => {
    await arrange();
    const { days } = await getDashboardClicks(NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-10-24", total: 20, card: 0, detail: 20, casino: 0, splash: 0 });
    expect(days[1]).toEqual({ day: "2026-10-25", total: 0, card: 0, detail: 0, casino: 0, splash: 0 });
    expect(days.find((day) => day.day === "2026-11-15")).toEqual({ day: "2026-11-15", total: 10, card: 10, detail: 0, casino: 0, splash: 0 });
    expect(days[29]).toEqual({ day: "2026-11-22", total: 12, card: 5, detail: 2, casino: 1, splash: 4 });
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(45);
  });

  it("ranks promotions and casinos by their clicks in the last 7 and the last 30 days", async () => {
    const { anadolu, ege, galata, hosgeldin, kayip, eski } = await arrange();
    const { topPromotions, topCasinos } = await getDashboardClicks(NOW);
    expect(topPromotions[7]).toEqual([
      { id: hosgeldin.id, name: "Anadolu Hoş Geldin", casinoName: "Anadolu Casino", clicks: 7 },
      { id: kayip.id, name: "Ege Kayıp Bonusu", casinoName: "Ege Bet", clicks: 3 },
    ]);
    expect(topPromotions[30]).toEqual([
      { id: eski.id, name: "Galata Eski Kampanya", casinoName: "Galata Casino", clicks: 20 },
      { id: kayip.id, name: "Ege Kayıp Bonusu", casinoName: "Ege Bet", clicks: 13 },
      { id: hosgeldin.id, name: "Anadolu Hoş Geldin", casinoName: "Anadolu Casino", clicks: 7 },
    ]);
    // A casino's clicks are its own link's and its promotions'.
    expect(topCasinos[7]).toEqual([
      { id: anadolu.id, name: "Anadolu Casino", casinoName: null, clicks: 8 },
      { id: ege.id, name: "Ege Bet", casinoName: null, clicks: 7 },
    ]);
    expect(topCasinos[30]).toEqual([
      { id: galata.id, name: "Galata Casino", casinoName: null, clicks: 20 },
      { id: ege.id, name: "Ege Bet", casinoName: null, clicks: 17 },
      { id: anadolu.id, name: "Anadolu Casino", casinoName: null, clicks: 8 },
    ]);
  });

  it("shows at most five in a top list, ties in alphabetical order", async () => {
    const casino = await insertCasino(db(), { name: "Liste Casino" });
    const titles = ["Altı", "Beş", "Bir", "Dört", "İki", "Üç"];
    const created = [];
    for (const title of titles) created.push(await insertPromotion(db(), { casinoId: casino.id, title }));
    await db()
      .insert(outboundClicks)
      .values(created.map((promotion, i) => ({ day: "2026-11-21", casinoId: casino.id, promotionId: promotion.id, placement: "card", clicks: i === 5 ? 9 : 4 })));
    const { topPromotions } = await getDashboardClicks(NOW);
    expect(topPromotions[7].map((item) => `${item.name} ${item.clicks}`)).toEqual(["Üç 9", "Altı 4", "Beş 4", "Bir 4", "Dört 4"]);
  });

  it("shows a visitor's click on the dashboard's next load once the tally is written, though its figures are kept", async () => {
    const casino = await insertCasino(db(), { name: "Yeni Tıklanan" });
    clickCounter().reset();
    const today = () => readDashboardClicks().then((clicks) => clicks.days.at(-1)!.total);
    expect(await today()).toBe(0);
    const visitor = { casinoId: casino.id, promotionId: null, placement: "casino" as const, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
    expect(clickCounter().record({ ...visitor, clientAddress: "198.51.100.30" })).toBe("counted");
    // Counted but not yet written: the kept figures are what the table says.
    expect(await today()).toBe(0);
    expect(await clickCounter().flush()).toBe(1);
    expect(await today()).toBe(1);
    // Written again: the next load follows the tally, however recently it was read.
    expect(clickCounter().record({ ...visitor, clientAddress: "198.51.100.31" })).toBe("counted");
    await clickCounter().flush();
    expect(await today()).toBe(2);
  });

  it("says nothing was clicked when nothing was", async () => {
    const figures = await getDashboardClicks(NOW);
    expect(figures.days.every((day) => day.total === 0)).toBe(true);
    expect(figures.days).toHaveLength(30);
    expect(figures.topPromotions).toEqual({ 7: [], 30: [] });
    expect(figures.topCasinos).toEqual({ 7: [], 30: [] });
  });

  describe("the lists' clicks columns", () => {
    it("show each casino's and each promotion's clicks of the last 30 days", async () => {
      const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" });
      const { anadolu, ege, hosgeldin, kayip, eski } = await arrange();
      // arrange() wrote around 22 November 2026; these are around the real today.
      const back = (days: number) => {
        const [y, m, d] = today.split("-").map(Number) as [number, number, number];
        return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
      };
      await db().delete(outboundClicks);
      await db()
        .insert(outboundClicks)
        .values([
          { day: today, casinoId: anadolu.id, promotionId: hosgeldin.id, placement: "card", clicks: 6 },
          { day: back(29), casinoId: anadolu.id, promotionId: null, placement: "casino", clicks: 2 },
          { day: back(30), casinoId: anadolu.id, promotionId: hosgeldin.id, placement: "detail", clicks: 100 },
          { day: back(3), casinoId: ege.id, promotionId: kayip.id, placement: "splash", clicks: 1 },
        ]);
      const casinos = outcomeOf(await callAdmin(casinoListLoader, "/admin/casinos?sirala=name&yon=asc", { session: admin })).data as { list: { items: { name: string; clicks30d: number }[] } };
      expect(casinos.list.items.map((item) => `${item.name}: ${item.clicks30d}`)).toEqual(["Anadolu Casino: 8", "Ege Bet: 1", "Galata Casino: 0"]);
      const promotions = outcomeOf(await callAdmin(promotionListLoader, "/admin/promotions", { session: admin })).data as { list: { items: { id: string; clicks30d: number }[] } };
      const clicks = Object.fromEntries(promotions.list.items.map((item) => [item.id, item.clicks30d]));
      expect(clicks).toEqual({ [hosgeldin.id]: 6, [kayip.id]: 1, [eski.id]: 0 });
      // Each row keeps its own clicks under another order and a search.
      const clicksAt = async (url: string) =>
        (outcomeOf(await callAdmin(promotionListLoader, url, { session: admin })).data as { list: { items: { id: string; clicks30d: number }[] } }).list.items.map((item) => [item.id, item.clicks30d]);
      expect(await clicksAt("/admin/promotions?sirala=title&yon=asc")).toEqual([[hosgeldin.id, 6], [kayip.id, 1], [eski.id, 0]]);
      expect(await clicksAt("/admin/promotions?sirala=title&yon=desc")).toEqual([[eski.id, 0], [kayip.id, 1], [hosgeldin.id, 6]]);
      expect(await clicksAt("/admin/promotions?q=kayip")).toEqual([[kayip.id, 1]]);
    });
  });
});
