import { describe, expect, it } from "vitest";
import {
  composePromotionDescription,
  dateToIstanbulLocal,
  derivePromotionFields,
  firstTabWithErrors,
  freePromotionSlug,
  istanbulLocalToDate,
  promotionFailure,
  promotionPublicPath,
  promotionStatusOf,
  PromotionFormSchema,
  shortDescriptionOf,
  splitPromotionDescription,
  splitTerms,
} from "./promotions.schema";

// 200 characters with no spaces, so a cut anywhere shows exactly where it was made.
const TWO_HUNDRED = "abcdefghij".repeat(20);

describe("promotion derived fields", () => {
  it("takes the first 150 characters of the description's text as the short description", () => {
    expect(shortDescriptionOf(`<p>${TWO_HUNDRED}</p>`)).toBe(TWO_HUNDRED.slice(0, 150));
    expect(shortDescriptionOf("<p>Kısa <strong>metin</strong></p>")).toBe("Kısa metin");
  });

  it("derives the slug by the spec's rule and a search text without Turkish letters or capitals", () => {
    expect(derivePromotionFields("İzmir %50 Yatırım Bonusu", "<p>Her gün</p>")).toEqual({
      slug: "izmir-50-yatirim-bonusu",
      searchText: "izmir %50 yatirim bonusu\nher gun",
    });
    expect(derivePromotionFields("BOĞAZİÇİ Işıltı Şölen", "<p>Çarşı ÖDÜL</p>").searchText).toBe("bogazici isilti solen\ncarsi odul");
  });
});

describe("a promotion's slug within its casino (ADR 023)", () => {
  const taken = (...slugs: string[]) => new Set(slugs);

  it("is the title's slug while no other promotion of the casino has it, else the first free number from 2", () => {
    expect(freePromotionSlug("super-bonus", taken())).toBe("super-bonus");
    expect(freePromotionSlug("super-bonus", taken("super-bonus"))).toBe("super-bonus-2");
    expect(freePromotionSlug("super-bonus", taken("super-bonus", "super-bonus-2", "super-bonus-4"))).toBe("super-bonus-3");
  });

  it("keeps the numbered slug a promotion has while its title gives the same slug and the number is its own", () => {
    expect(freePromotionSlug("super-bonus", taken(), "super-bonus-3")).toBe("super-bonus-3");
    expect(freePromotionSlug("super-bonus", taken("super-bonus"), "super-bonus-2")).toBe("super-bonus-2");
    // Numbers of two digits, and a title with a number of its own: the number at the end is the one kept.
    expect(freePromotionSlug("super-bonus", taken("super-bonus"), "super-bonus-12")).toBe("super-bonus-12");
    expect(freePromotionSlug("yaz-2-bonusu", taken("yaz-2-bonusu"), "yaz-2-bonusu-3")).toBe("yaz-2-bonusu-3");
    // Taken meanwhile (a hand-made duplicate): the next free one.
    expect(freePromotionSlug("super-bonus", taken("super-bonus", "super-bonus-2"), "super-bonus-2")).toBe("super-bonus-3");
  });

  it("drops a slug the title no longer gives, and numbers the spec's rule never makes (-0, -1)", () => {
    expect(freePromotionSlug("kis-bonusu", taken(), "super-bonus-2")).toBe("kis-bonusu");
    expect(freePromotionSlug("super-bonus", taken(), "super-bonus-1")).toBe("super-bonus");
    expect(freePromotionSlug("super-bonus", taken(), "super-bonus-0")).toBe("super-bonus");
    expect(freePromotionSlug("super-bonus", taken(), "super-bonusx-2")).toBe("super-bonus");
  });

  it("cuts the title's slug so that the number fits in the rule's 80 characters, without a double hyphen", () => {
    const long = `${"a".repeat(77)}-bc`;
    expect(freePromotionSlug(long, taken(long))).toBe(`${"a".repeat(77)}-2`);
    expect(freePromotionSlug(long, taken(long), `${"a".repeat(77)}-2`)).toBe(`${"a".repeat(77)}-2`);
  });
});

describe("the stored description (admin.md §3)", () => {
  it("stores the short description as a leading paragraph before the full HTML", () => {
    expect(composePromotionDescription("  İlk yatırıma %100 bonus ", "<h2>Detaylar</h2><ul><li>10x çevrim</li></ul>")).toBe(
      "<p>İlk yatırıma %100 bonus</p><h2>Detaylar</h2><ul><li>10x çevrim</li></ul>",
    );
  });

  it("escapes the short description, which is plain text, not HTML", () => {
    expect(composePromotionDescription(`<b>Kalın</b> & "tırnak" 'tek'`, "")).toBe("<p>&lt;b&gt;Kalın&lt;/b&gt; &amp; &quot;tırnak&quot; &#39;tek&#39;</p>");
  });

  it("drops the whitespace around the full HTML, as the editor's text area often leaves it", () => {
    expect(composePromotionDescription("Kısa açıklama", "\n  <h2>Detaylar</h2>\n ")).toBe("<p>Kısa açıklama</p><h2>Detaylar</h2>");
  });

  it("reads back the full HTML without the whitespace around it, with or without a leading paragraph", () => {
    expect(splitPromotionDescription("<p>Kısa açıklama</p>\n  <h2>Detaylar</h2>\n")).toEqual({ shortDescription: "Kısa açıklama", fullDescription: "<h2>Detaylar</h2>" });
    expect(splitPromotionDescription("\n<h2>Başlık</h2><ul><li>Şart</li></ul>\n ")).toEqual({ shortDescription: "Başlık Şart", fullDescription: "<h2>Başlık</h2><ul><li>Şart</li></ul>" });
  });

  it("splits what it stored back into the same two fields", () => {
    const short = `Yatırım <bonusu> & "çevrimsiz"`;
    const full = "<p>İkinci paragraf.</p><ul><li>Şart</li></ul>";
    expect(splitPromotionDescription(composePromotionDescription(short, full))).toEqual({ shortDescription: short, fullDescription: full });
    expect(splitPromotionDescription(composePromotionDescription("Yalnızca kısa açıklama", ""))).toEqual({ shortDescription: "Yalnızca kısa açıklama", fullDescription: "" });
  });

  it("reads the first paragraph's text, whatever its attributes and marks", () => {
    expect(splitPromotionDescription('<p style="text-align: center">Kısa <strong>metin</strong> burada</p><h2>Detay</h2>')).toEqual({
      shortDescription: "Kısa metin burada",
      fullDescription: "<h2>Detay</h2>",
    });
  });

  it("without a leading paragraph, takes exactly the first 150 characters of the text, tags stripped", () => {
    const description = `<h2>${TWO_HUNDRED.slice(0, 100)}</h2><ul><li>${TWO_HUNDRED.slice(100)}</li></ul>`;
    const { shortDescription, fullDescription } = splitPromotionDescription(description);
    // The heading closes with a space between the two parts of the text.
    const text = `${TWO_HUNDRED.slice(0, 100)} ${TWO_HUNDRED.slice(100)}`;
    expect(shortDescription).toBe(text.slice(0, 150));
    expect(shortDescription).toHaveLength(150);
    expect(fullDescription).toBe(description);
  });

  it("without a leading paragraph, keeps a text shorter than 150 characters whole", () => {
    expect(splitPromotionDescription("Düz metin, <em>etiketsiz</em> başlangıç")).toEqual({
      shortDescription: "Düz metin, etiketsiz başlangıç",
      fullDescription: "Düz metin, <em>etiketsiz</em> başlangıç",
    });
  });

  it("does not take a later paragraph for a leading one", () => {
    expect(splitPromotionDescription("<h2>Başlık</h2><p>Paragraf</p>").shortDescription).toBe("Başlık Paragraf");
  });
});

describe("terms", () => {
  it("are one per line, trimmed, blank lines dropped, whatever the line ending", () => {
    expect(splitTerms("18 yaş üstü\n\n   10x çevrim  \r\n\r\nMaks. 1000 TL\r  \n")).toEqual(["18 yaş üstü", "10x çevrim", "Maks. 1000 TL"]);
    expect(splitTerms("  \n \n")).toEqual([]);
  });
});

describe("expiry dates in Istanbul time", () => {
  it("reads a datetime-local value as Istanbul wall-clock time", () => {
    expect(istanbulLocalToDate("2026-12-31T23:59")?.toISOString()).toBe("2026-12-31T20:59:00.000Z");
    // Before 2016 Turkey kept winter time (UTC+2) and summer time (UTC+3).
    expect(istanbulLocalToDate("2015-01-15T12:00")?.toISOString()).toBe("2015-01-15T10:00:00.000Z");
    expect(istanbulLocalToDate("2015-07-15T12:00")?.toISOString()).toBe("2015-07-15T09:00:00.000Z");
  });

  it("refuses what is no real date and time", () => {
    for (const value of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01T10:60", "2026-01-01", "yarın", ""]) {
      expect(istanbulLocalToDate(value), value).toBeNull();
    }
  });

  it("refuses a year before 100 (JavaScript would read 0050 as 1950) and a 60th second, and keeps the 59th", () => {
    expect(istanbulLocalToDate("0050-06-01T10:00")).toBeNull();
    expect(istanbulLocalToDate("2026-01-01T10:00:60")).toBeNull();
    expect(istanbulLocalToDate("2026-01-01T10:00:59")?.toISOString()).toBe("2026-01-01T07:00:59.000Z");
  });

  it("reads a time just before and just after a change of offset with the offset then in force", () => {
    // Turkey's last switch to summer time: 29 March 2015, 03:00 (UTC+2) became 04:00 (UTC+3).
    expect(istanbulLocalToDate("2015-03-29T02:30")?.toISOString()).toBe("2015-03-29T00:30:00.000Z");
    expect(istanbulLocalToDate("2015-03-29T05:30")?.toISOString()).toBe("2015-03-29T02:30:00.000Z");
    // And back: 8 November 2015, 04:00 (UTC+3) became 03:00 (UTC+2).
    expect(istanbulLocalToDate("2015-11-08T02:30")?.toISOString()).toBe("2015-11-07T23:30:00.000Z");
    expect(istanbulLocalToDate("2015-11-08T05:30")?.toISOString()).toBe("2015-11-08T03:30:00.000Z");
  });

  it("shows a stored instant as the operator's Istanbul datetime-local value", () => {
    expect(dateToIstanbulLocal(new Date("2026-12-31T21:30:00Z"))).toBe("2027-01-01T00:30");
    expect(dateToIstanbulLocal("2015-01-15T10:00:00Z")).toBe("2015-01-15T12:00");
    expect(istanbulLocalToDate(dateToIstanbulLocal("2026-06-01T09:05:00Z"))?.toISOString()).toBe("2026-06-01T09:05:00.000Z");
  });
});

describe("the promotion form schema", () => {
  const VALID = {
    title: "Hoş Geldin Bonusu",
    shortDescription: "İlk yatırıma yüzde yüz bonus",
    url: "https://site.example/bonus",
  };

  it("saves empty optional fields as null and an unchecked box as inactive", () => {
    const parsed = PromotionFormSchema.parse({ ...VALID, casinoId: "", categoryId: " ", imageUrl: "", promotionCode: "   ", expiryDate: "", terms: "\n \n", fullDescription: "" });
    expect(parsed).toMatchObject({ casinoId: null, categoryId: null, imageUrl: null, promotionCode: null, expiryDate: null, terms: [], fullDescription: "", isActive: false });
  });

  it("reads the expiry in Istanbul time and the terms one per line", () => {
    const parsed = PromotionFormSchema.parse({ ...VALID, expiryDate: "2026-12-31T23:59", terms: "a\n\nb", isActive: "on" });
    expect(parsed.expiryDate?.toISOString()).toBe("2026-12-31T20:59:00.000Z");
    expect(parsed.terms).toEqual(["a", "b"]);
    expect(parsed.isActive).toBe(true);
  });

  it.each([
    ["title", { title: "B" }, "Promosyon başlığı en az 2 karakter olmalıdır"],
    ["shortDescription", { shortDescription: "  dokuz ka  " }, "Kısa açıklama en az 10 karakter olmalıdır"],
    ["url", { url: "site.example" }, "Geçerli bir URL giriniz"],
    ["expiryDate", { expiryDate: "2026-02-30T10:00" }, "Geçerli bir tarih ve saat giriniz"],
    ["casinoId", { casinoId: "1" }, "Seçilen casino bulunamadı"],
  ])("refuses a bad %s with its message", (field, change, message) => {
    const result = PromotionFormSchema.safeParse({ ...VALID, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("accepts a title of exactly 2 and a short description of exactly 10 characters", () => {
    expect(PromotionFormSchema.safeParse({ ...VALID, title: "AB", shortDescription: "0123456789" }).success).toBe(true);
  });
});

describe("the structured terms' limits (issue 11 §1)", () => {
  const VALID = { title: "Hoş Geldin Bonusu", shortDescription: "İlk yatırıma yüzde yüz bonus", url: "https://site.example/bonus" };
  const parse = (change: Record<string, string>) => PromotionFormSchema.safeParse({ ...VALID, ...change });
  const messageOf = (change: Record<string, string>, field: string) => parse(change).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it("takes each whole-number field at both ends of its range, thousands dots or not", () => {
    expect(parse({ bonusAmount: "1", minDeposit: "0", maxBet: "1.000.000", maxCashout: "10000000" }).data).toMatchObject({ bonusAmount: 1, minDeposit: 0, maxBet: 1_000_000, maxCashout: 10_000_000 });
    expect(parse({ bonusAmount: "10.000.000", freeSpins: "1" }).data).toMatchObject({ bonusAmount: 10_000_000, freeSpins: 1 });
    expect(parse({ bonusPercent: "1", bonusCap: "1" }).data).toMatchObject({ bonusPercent: 1, bonusCap: 1 });
    expect(parse({ bonusPercent: "1.000", freeSpins: "100.000" }).data).toMatchObject({ bonusPercent: 1000, freeSpins: 100_000 });
  });

  it("takes a wagering multiple from 0 to 200 and refuses one beyond, with its message", () => {
    expect(parse({ wageringMultiplier: "200" }).data?.wageringMultiplier).toBe(200);
    expect(parse({ wageringMultiplier: "0" }).data?.wageringMultiplier).toBe(0);
    expect(messageOf({ wageringMultiplier: "999" }, "wageringMultiplier")).toBe("Çevrim katı 0 ile 200 arasında, en fazla bir ondalıklı olmalıdır (örn. 35 veya 12,5)");
  });

  it("takes a verification dated today in Istanbul, and refuses tomorrow", () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    expect(parse({ lastVerifiedAt: today }).data?.lastVerifiedAt).toBe(today);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 3_600_000).toISOString().slice(0, 10);
    expect(messageOf({ lastVerifiedAt: tomorrow }, "lastVerifiedAt")).toBe("Doğrulama tarihi bugünden ileri olamaz");
  });

  it("says beside the field which of a TL amount, a percentage and a cap cannot go together", () => {
    expect(messageOf({ bonusAmount: "500", bonusPercent: "100" }, "bonusAmount")).toBe("Bonus TL tutarı veya yüzde olarak girilir, ikisi birden girilemez");
    expect(messageOf({ bonusAmount: "500", bonusCap: "1000" }, "bonusCap")).toBe("Üst limit yalnızca yüzde olarak verilen bonusa girilebilir");
  });
});

describe("a failed save's words (admin.md §8)", () => {
  it("name what was being done and why", () => {
    expect(promotionFailure.create("Bilinmeyen hata")).toBe("Promosyon eklenirken hata: Bilinmeyen hata");
    expect(promotionFailure.update("Promosyon bulunamadı")).toBe("Promosyon güncellenirken hata: Promosyon bulunamadı");
  });
});

describe("the editor's tabs", () => {
  it("opens the first tab, in the editor's order, that has a field with an error", () => {
    expect(firstTabWithErrors(["url"])).toBe("settings");
    expect(firstTabWithErrors(["expiryDate", "shortDescription"])).toBe("details");
    expect(firstTabWithErrors([])).toBeNull();
  });
});

describe("status and address", () => {
  const now = new Date("2026-05-10T12:00:00Z");

  it("is expired once the expiry has come, whatever the switch says; otherwise the switch decides (admin.md §4)", () => {
    expect(promotionStatusOf({ isActive: true, expiryDate: new Date("2026-05-10T11:59:59Z") }, now)).toBe("expired");
    expect(promotionStatusOf({ isActive: false, expiryDate: "2026-05-10T12:00:00Z" }, now)).toBe("expired");
    expect(promotionStatusOf({ isActive: true, expiryDate: new Date("2026-05-10T12:00:01Z") }, now)).toBe("active");
    expect(promotionStatusOf({ isActive: false, expiryDate: null }, now)).toBe("inactive");
    expect(promotionStatusOf({ isActive: true, expiryDate: null }, now)).toBe("active");
  });

  it("is under its casino and slug, or by id without a casino", () => {
    expect(promotionPublicPath({ id: "p1", slug: "hos-geldin", casinoSlug: "yildiz-casino" })).toBe("/bonuslar/yildiz-casino/hos-geldin");
    expect(promotionPublicPath({ id: "p1", slug: "hos-geldin", casinoSlug: null })).toBe("/promotion/p1");
  });
});
