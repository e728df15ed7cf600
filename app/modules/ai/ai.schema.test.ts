import { describe, expect, it } from "vitest";
import {
  bulkSavePlan,
  AiBlogFormSchema,
  AiBulkFormSchema,
  AiContentFormSchema,
  BlogAnswerSchema,
  BulkJobIntentSchema,
  ExpandAnswerSchema,
  fitExcerpt,
  fitKeywords,
  fitTitle,
  IdeasAnswerSchema,
  isRunningBulkJob,
  overSeoLimit,
  PageSeoAnswerSchema,
  pageSeoErrorMessage,
  SeoAnswerSchema,
  shownKeywords,
} from "./ai.schema";

describe("AI form rules and helpers", () => {
  it("takes admin.md §9's defaults for the bulk form: 3 posts, 1 a day", () => {
    expect(AiBulkFormSchema.parse({ topic: " bonus " })).toEqual({ topic: "bonus", count: 3, perDay: 1 });
    expect(AiBulkFormSchema.parse({ topic: "bonus", count: "10", perDay: "0" })).toEqual({ topic: "bonus", count: 10, perDay: 0 });
    expect(AiBulkFormSchema.parse({ topic: "bonus", count: "1", perDay: "5" })).toEqual({ topic: "bonus", count: 1, perDay: 5 });
  });

  it.each([
    [{ topic: "bonus", count: "abc" }, "En az 1 içerik oluşturmalısınız"],
    [{ topic: "bonus", perDay: "1.5" }, "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
    // A bulk run's topic is its posts' category: it fits the blog editor's category (100).
    [{ topic: "x".repeat(101) }, "Konu en fazla 100 karakter olabilir"],
  ])("refuses %j", (input, message) => {
    const result = AiBulkFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it("takes a single post's topic up to 200 characters", () => {
    expect(AiBlogFormSchema.safeParse({ topic: "x".repeat(200) }).success).toBe(true);
    expect(AiBlogFormSchema.safeParse({ topic: "x".repeat(201) }).error?.issues.map((i) => i.message)).toEqual(["Konu en fazla 200 karakter olabilir"]);
  });

  it("shows up to 5 keywords, without empties or repeats", () => {
    expect(shownKeywords("a, b,, A, c, d, e, f")).toEqual(["a", "b", "c", "d", "e"]);
    expect(shownKeywords("")).toEqual([]);
  });

  it("marks a title past 60 and a description past 160 characters, not at them", () => {
    expect(overSeoLimit({ title: "t".repeat(60), description: "d".repeat(160) })).toEqual({ title: false, description: false });
    expect(overSeoLimit({ title: "t".repeat(61), description: "d".repeat(161) })).toEqual({ title: true, description: true });
  });

  it("wants content with visible text for SEO and expansion", () => {
    expect(AiContentFormSchema.safeParse({ content: "<p><br></p>" }).error?.issues[0]?.message).toBe("İçerik alanı boş olamaz");
    expect(AiContentFormSchema.parse({ content: "<p>x</p>" })).toEqual({ title: "", content: "<p>x</p>" });
  });

  it("tells save and discard apart, and refuses a negative publish count", () => {
    expect(BulkJobIntentSchema.parse({ intent: "save", publishCount: "2" })).toEqual({ intent: "save", publishCount: 2 });
    expect(BulkJobIntentSchema.parse({ intent: "discard" })).toEqual({ intent: "discard" });
    expect(BulkJobIntentSchema.safeParse({ intent: "save", publishCount: "-1" }).success).toBe(false);
    expect(BulkJobIntentSchema.safeParse({ intent: "save" }).success).toBe(false);
  });

  it("strips NUL and the other control characters from every model answer, keeping tabs and line breaks", () => {
    expect(BlogAnswerSchema.parse({ title: "Başlık\u0000NUL", excerpt: "a\u0001b\u007fc\u0085d", content: "<p>x\ty\nz\u0000</p>", suggested_keywords: "k\u0000, l\u009f" })).toEqual({
      title: "BaşlıkNUL",
      excerpt: "abcd",
      content: "<p>x\ty\nz</p>",
      suggested_keywords: "k, l",
    });
    expect(SeoAnswerSchema.parse({ title: "t\u0000", description: "d\u001f", keywords: ["a\u0000", "b"] })).toEqual({ title: "t", description: "d", keywords: "a, b" });
    expect(ExpandAnswerSchema.parse({ content: "<p>\u0000x</p>" })).toEqual({ content: "<p>x</p>" });
    expect(IdeasAnswerSchema.parse({ ideas: [{ title: "Fikir\u0000", brief: "kısa\u0002" }] })).toEqual([{ title: "Fikir", brief: "kısa" }]);
    expect(PageSeoAnswerSchema.parse({ suggestions: [{ title: "\u0000t", description: "d", keywords: "k" }] })).toEqual({ suggestions: [{ title: "t", description: "d", keywords: "k" }] });
    // An answer that is nothing but control characters is empty.
    expect(ExpandAnswerSchema.safeParse({ content: "\u0000\u0001" }).success).toBe(false);
  });

  it("takes whole numbers of plain digits only, with the range message past the range", () => {
    for (const count of ["1e1", "0x3", "3.0", "+3", " 3a", "١"]) {
      expect(AiBulkFormSchema.safeParse({ topic: "bonus", count }).error?.issues.map((i) => i.message), count).toEqual(["En az 1 içerik oluşturmalısınız"]);
    }
    expect(AiBulkFormSchema.safeParse({ topic: "bonus", count: "999999999999999999999" }).error?.issues.map((i) => i.message)).toEqual(["En fazla 10 içerik oluşturabilirsiniz"]);
    expect(AiBulkFormSchema.safeParse({ topic: "bonus", count: "007" }).error?.issues.map((i) => i.message)).toBeUndefined();
    // Only leading zeros go: 100 is a hundred, past the range, not 10.
    expect(AiBulkFormSchema.safeParse({ topic: "bonus", count: "100" }).error?.issues.map((i) => i.message)).toEqual(["En fazla 10 içerik oluşturabilirsiniz"]);
    expect(BulkJobIntentSchema.safeParse({ intent: "save", publishCount: "1e0" }).success).toBe(false);
    expect(BulkJobIntentSchema.safeParse({ intent: "save", publishCount: "99999999999999999999" }).success).toBe(false);
  });
  it("reads a count or per-day written with spaces or leading zeros, and takes the default for blanks", () => {
    expect(AiBulkFormSchema.parse({ topic: "bonus", count: " 4 ", perDay: "   " })).toEqual({ topic: "bonus", count: 4, perDay: 1 });
    expect(AiBulkFormSchema.parse({ topic: "bonus", count: "00000000000000000004", perDay: "0000000000000000000002" })).toEqual({ topic: "bonus", count: 4, perDay: 2 });
  });

  it("shows keywords with their inner spaces made single", () => {
    expect(shownKeywords("çevrim   şartı,  hoş\tgeldin bonusu ")).toEqual(["çevrim şartı", "hoş geldin bonusu"]);
  });

  it("trims the model's texts and marks a lone UTF-16 half with the replacement character", () => {
    expect(BlogAnswerSchema.parse({ title: "  Başlık \n", excerpt: " Özet. ", content: " <p>x</p> " })).toEqual({ title: "Başlık", excerpt: "Özet.", content: "<p>x</p>" });
    expect(SeoAnswerSchema.parse({ title: "Bonus \ud800 rehberi", description: "d", keywords: "k" }).title).toBe("Bonus \ufffd rehberi");
  });

  it("keeps whole keywords while they fit the field, up to its last character", () => {
    expect(fitKeywords("bonus, casino, oyun", 13)).toBe("bonus, casino");
    expect(fitKeywords("bonus, casino, oyun", 12)).toBe("bonus");
    // None fits: the first is cut between words; none at all: nothing.
    expect(fitKeywords("hoş geldin bonusu, casino", 12)).toBe("hoş geldin…");
    expect(fitKeywords(" , ,", 50)).toBe("");
  });

  it("takes the first title at least 2 characters long, else the last one given, else nothing", () => {
    expect(fitTitle(["Ab", "Yedek başlık"])).toBe("Ab");
    expect(fitTitle(["A", "Yedek başlık"])).toBe("Yedek başlık");
    expect(fitTitle(["A", "", " "])).toBe("A");
    expect(fitTitle(["A", "B", "C"])).toBe("C");
    expect(fitTitle(["", " "])).toBe("");
  });

  it("keeps an excerpt of exactly 10 characters, and gives a shorter one way to the fallback", () => {
    expect(fitExcerpt("Kısa özet.", "Yedek özet metni burada.")).toBe("Kısa özet.");
    expect(fitExcerpt("Kısa özet", "Yedek özet metni burada.")).toBe("Yedek özet metni burada.");
  });

  it("counts a queued or running job as still being written, and no other", () => {
    expect((["queued", "running", "done", "failed", "saved", "discarded"] as const).filter(isRunningBulkJob)).toEqual(["queued", "running"]);
  });

  it("words a page SEO failure as admin.md §8 does, 'Bilinmeyen hata' when there is no message", () => {
    expect(pageSeoErrorMessage("API istek limiti aşıldı.")).toBe("SEO önerileri oluşturulurken bir hata oluştu: API istek limiti aşıldı.");
    expect(pageSeoErrorMessage(null)).toBe("SEO önerileri oluşturulurken bir hata oluştu: Bilinmeyen hata");
    expect(pageSeoErrorMessage("")).toBe("SEO önerileri oluşturulurken bir hata oluştu: Bilinmeyen hata");
  });
});

// An operator walk-through read 'İlk 0 yazı yayınlanacak' when nothing was to be published.
describe("bulkSavePlan", () => {
  it("says what 'Tümünü Kaydet' does with the generated posts, in words at the ends", () => {
    expect(bulkSavePlan(3, 0)).toBe("Hepsi taslak olarak kaydedilecek.");
    expect(bulkSavePlan(3, 1)).toBe("İlk 1 yazı yayınlanacak, diğerleri taslak olarak kaydedilecek.");
    expect(bulkSavePlan(3, 2)).toBe("İlk 2 yazı yayınlanacak, diğerleri taslak olarak kaydedilecek.");
    expect(bulkSavePlan(3, 3)).toBe("3 yazının hepsi yayınlanacak.");
    expect(bulkSavePlan(1, 1)).toBe("Yazı yayınlanacak.");
  });
});
