import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callRoute } from "../../../tests/helpers/routes";
import { casinos, promotions } from "~/db/schema";
import { foldForSearch } from "~/lib/turkish";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { seedDemoContent } from "~/seed/demo.server";
import { loader as promotionsLoader } from "~/routes/public/promotions";
import { derivePromotionFields } from "./promotions.schema";
import { promotionSearchQueries, searchActivePromotions } from "./promotions.server";

/** Rows of a raw statement: both drivers answer { rows }. */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

// Issue 10 §1: visitors type without Turkish letters. What /bonuslar?q= finds, as titles.
const search = async (q: string) => {
  const data = await callRoute(promotionsLoader, `/bonuslar?q=${encodeURIComponent(q)}`);
  return { total: data.total, titles: data.items.map((p) => p.title).sort() };
};

describeEachDriver("/bonuslar search as Turkish visitors type it", ({ db }) => {
  beforeAll(async () => {
    await truncateAll(db());
    const isiltiBet = await insertCasino(db(), { name: "Işıltı Bet" });
    const yildiz = await insertCasino(db(), { name: "Yıldız Şans Casino" });
    await insertPromotion(db(), { title: "Boğaziçi Hoş Geldin Bonusu" });
    await insertPromotion(db(), { title: "Işıltı Çarkı Bedava Dönüş" });
    await insertPromotion(db(), { title: "Hafta Sonu Kayıp Bonusu", description: "<p>Boğaziçi turu hediyeli kayıp iadesi.</p>" });
    // Typed in ASCII by an editor: found when a visitor types the Turkish spelling.
    await insertPromotion(db(), { title: "Isilti Pazartesi Yatirim Bonusu" });
    // Neither title nor description names the casino: found by the casino's name.
    await insertPromotion(db(), { title: "Cuma Yatırım Fırsatı", casinoId: isiltiBet.id });
    await insertPromotion(db(), { title: "Gece Turnuvası", casinoId: yildiz.id });
    // Matching but not listed: inactive or expired offers are never found.
    await insertPromotion(db(), { title: "Boğaziçi Eski Kampanya", isActive: false });
    await insertPromotion(db(), { title: "Boğaziçi Biten Kampanya", expiryDate: new Date(Date.now() - 60_000) });
    await insertPromotion(db(), { title: "Anadolu Slot Turnuvası" });
  });

  it("finds 'Boğaziçi' typed as bogazici, BOĞAZİÇİ, boğaziçi or BOGAZICI", async () => {
    const expected = ["Boğaziçi Hoş Geldin Bonusu", "Hafta Sonu Kayıp Bonusu"];
    for (const q of ["bogazici", "BOĞAZİÇİ", "boğaziçi", "Boğaziçi", "BOGAZICI", "bOğAzİcİ"]) {
      expect(await search(q), q).toEqual({ total: 2, titles: expected });
    }
  });

  it("finds 'Işıltı' typed as isilti or IŞILTI, and an ASCII 'Isilti' title when typed Işıltı", async () => {
    // Two titles, the ASCII-spelt title, and the promotion of the casino 'Işıltı Bet'.
    const expected = ["Cuma Yatırım Fırsatı", "Isilti Pazartesi Yatirim Bonusu", "Işıltı Çarkı Bedava Dönüş"];
    for (const q of ["isilti", "IŞILTI", "Işıltı", "ışıltı", "ISILTI", "İŞİLTİ"]) {
      expect(await search(q), q).toEqual({ total: 3, titles: expected });
    }
  });

  it("matches ğ/g, ü/u, ş/s, ö/o, ç/c both ways, inside words and across words", async () => {
    expect((await search("carki bedava donus")).titles).toEqual(["Işıltı Çarkı Bedava Dönüş"]);
    expect((await search("ÇARKİ BEDAVA DÖNÜŞ")).titles).toEqual(["Işıltı Çarkı Bedava Dönüş"]);
    expect((await search("yatırım bonusu")).titles).toEqual(["Isilti Pazartesi Yatirim Bonusu"]);
    expect((await search("hos geldin")).titles).toEqual(["Boğaziçi Hoş Geldin Bonusu"]);
    expect((await search("iadesi")).titles).toEqual(["Hafta Sonu Kayıp Bonusu"]);
  });

  it("finds a casino's promotions by the casino's name, typed either way", async () => {
    expect((await search("yildiz sans")).titles).toEqual(["Gece Turnuvası"]);
    expect((await search("YILDIZ ŞANS CASINO")).titles).toEqual(["Gece Turnuvası"]);
    expect((await search("Işıltı Bet")).titles).toEqual(["Cuma Yatırım Fırsatı"]);
  });

  it("follows a casino's rename at once (nothing is copied into the promotions)", async () => {
    await db().update(casinos).set({ name: "Kuzey Yıldızı Casino" }).where(eq(casinos.name, "Yıldız Şans Casino"));
    expect((await search("kuzey yildizi")).titles).toEqual(["Gece Turnuvası"]);
    expect((await search("yildiz sans")).total).toBe(0);
    await db().update(casinos).set({ name: "Yıldız Şans Casino" }).where(eq(casinos.name, "Kuzey Yıldızı Casino"));
  });

  it("lists every listed promotion when no words are given or only spaces", async () => {
    const listed = ["Anadolu Slot Turnuvası", "Boğaziçi Hoş Geldin Bonusu", "Cuma Yatırım Fırsatı", "Gece Turnuvası", "Hafta Sonu Kayıp Bonusu", "Isilti Pazartesi Yatirim Bonusu", "Işıltı Çarkı Bedava Dönüş"];
    for (const query of [undefined, "", "   "]) {
      const found = await searchActivePromotions({ query, page: 1, pageSize: 24 });
      expect({ total: found.total, titles: found.items.map((p) => p.title).sort() }, JSON.stringify(query)).toEqual({ total: 7, titles: listed });
    }
  });

  it("ignores the spaces around the visitor's words", async () => {
    const found = await searchActivePromotions({ query: "  bogazici  ", page: 1, pageSize: 24 });
    expect(found.items.map((p) => p.title).sort()).toEqual(["Boğaziçi Hoş Geldin Bonusu", "Hafta Sonu Kayıp Bonusu"]);
  });

  it("finds nothing for words no promotion has, and keeps % and _ literal", async () => {
    expect(await search("olmayan kelime")).toEqual({ total: 0, titles: [] });
    expect((await search("%")).total).toBe(0);
    expect((await search("_")).total).toBe(0);
  });

  it("folds in SQL (search_fold, the casinos' index) exactly as in TypeScript (the stored text and the query)", async () => {
    const sample = "İIıĞğÜüŞşÖöÇçÂâÎîÛû ABCXYZ abc 0-9 %_";
    const [row] = await rowsOf<{ folded: string }>(db().execute(sql`select search_fold(${sample}) as folded`));
    expect(row!.folded).toBe(foldForSearch(sample));
    expect(foldForSearch(sample)).toBe("iiigguussooccaaiiuu abcxyz abc 0-9 %_");
  });
});

describeEachDriver("/bonuslar search on the demo content", ({ db }) => {
  beforeAll(async () => {
    await truncateAll(db());
    await seedDemoContent();
  });

  it("finds the same promotions for bogazici and Boğaziçi, isilti and Işıltı (issue 10: none before)", async () => {
    const turkish = await search("Boğaziçi");
    expect(turkish.total).toBeGreaterThan(0);
    expect(turkish.titles.every((title) => title.startsWith("Boğaziçi Bet "))).toBe(true);
    expect(await search("bogazici")).toEqual(turkish);
    const dotless = await search("Işıltı");
    expect(dotless.total).toBeGreaterThan(0);
    expect(dotless.titles.every((title) => title.startsWith("Işıltı Bet "))).toBe(true);
    expect(await search("isilti")).toEqual(dotless);
  });
});

// 'An index, not a scan' (issue 10 §1): the plan chosen for a search over many promotions.
describeEachDriver("search plan at 6,000 promotions of 300 casinos", ({ db }) => {
  beforeAll(async () => {
    await truncateAll(db());
    const casinoRows = await db()
      .insert(casinos)
      .values(Array.from({ length: 300 }, (_, i) => ({ name: `Ölçek Casino ${i + 1}`, slug: `olcek-casino-${i + 1}`, url: `https://c${i + 1}.example.com` })))
      .returning({ id: casinos.id });
    const words = ["yatırım", "çevrim", "şans", "kazanç", "canlı", "deneme", "hoş geldin", "kayıp", "slot"];
    for (let start = 0; start < 6000; start += 500) {
      await db()
        .insert(promotions)
        .values(
          Array.from({ length: 500 }, (_, k) => {
            const i = start + k;
            const title = `Ölçek Bonusu ${i + 1} ${words[i % words.length]} ${words[(i * 5) % words.length]}`;
            // As long as a real offer's text (the seed-scale rows: about 1.3 kB each).
            const description = `<p>${words.join(" ")} ${i}</p><p>${Array.from({ length: 12 }, () => words.join(" ")).join(". ")}</p>`;
            return { title, ...derivePromotionFields(title, description), description, url: "https://example.com/b", casinoId: casinoRows[i % casinoRows.length]!.id };
          }),
        );
    }
    await insertPromotion(db(), { title: "Boğaziçi Özel Turnuva" });
    const [bogazici] = await db().insert(casinos).values({ name: "Boğaziçi Bet", slug: "bogazici-bet", url: "https://bogazici.example.com" }).returning();
    for (const title of ["Hafta Sonu Kampanyası", "Cuma Fırsatı"]) await insertPromotion(db(), { title, casinoId: bogazici!.id });
    await db().execute(sql`analyze promotions`);
    await db().execute(sql`analyze casinos`);
  });

  it("reads the trigram index for the text and the casino index for the names, never every promotion", async () => {
    const queries = await promotionSearchQueries({ query: "BOGAZİCİ", page: 1, pageSize: 24 });
    for (const query of [queries.rows, queries.total]) {
      const plan = (await rowsOf<{ "QUERY PLAN": string }>(db().execute(sql`explain ${query}`))).map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toContain("Bitmap Index Scan on promotions_search_text_trgm_idx");
      expect(plan).toContain("Bitmap Index Scan on promotions_casino_idx");
      expect(plan).not.toMatch(/Seq Scan on promotions/);
    }
    expect((await search("BOGAZİCİ")).titles).toEqual(["Boğaziçi Özel Turnuva", "Cuma Fırsatı", "Hafta Sonu Kampanyası"]);
  });
});
