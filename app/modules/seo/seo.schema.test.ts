import { describe, expect, it, vi } from "vitest";
import { normalizeKeywords, seoCounter } from "./seo.schema";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

/**
 * The form's schema as a newly started server builds it. The schema is built when the module
 * loads: loading it inside the test lets the mutation run (which skips module-level code no
 * test runs) judge its rules by these tests.
 */
async function freshSchema() {
  vi.resetModules();
  return (await import("./seo.schema")).SeoFormSchema;
}

describe("the SEO form", () => {
  it("saves a field left out of the form as empty, which reads as the home page's", async () => {
    const SeoFormSchema = await freshSchema();
    expect(SeoFormSchema.parse({ id, title: "Bonuslar" })).toEqual({ id, title: "Bonuslar", description: "", keywords: "" });
  });

  it("saves each text without the spaces around it, and the keywords tidied", async () => {
    const SeoFormSchema = await freshSchema();
    expect(SeoFormSchema.parse({ id, title: "  Bonuslar  ", description: " Tüm bonuslar. ", keywords: " bonus,, Bonus , deneme  bonusu " })).toEqual({
      id,
      title: "Bonuslar",
      description: "Tüm bonuslar.",
      keywords: "bonus, deneme bonusu",
    });
  });

  it("takes a text up to its limit and refuses one longer, with the field's message", async () => {
    const SeoFormSchema = await freshSchema();
    const limits = [
      ["title", 200, "Başlık en fazla 200 karakter olabilir"],
      ["description", 500, "Açıklama en fazla 500 karakter olabilir"],
      ["keywords", 500, "Anahtar kelimeler en fazla 500 karakter olabilir"],
    ] as const;
    for (const [field, limit, message] of limits) {
      expect(SeoFormSchema.safeParse({ id, [field]: "a".repeat(limit) }).success, field).toBe(true);
      const refused = SeoFormSchema.safeParse({ id, [field]: "a".repeat(limit + 1) });
      expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]), field).toEqual([[field, message]]);
    }
  });

  it("refuses a control character in any text, and takes Turkish letters and punctuation", async () => {
    const SeoFormSchema = await freshSchema();
    for (const field of ["title", "description", "keywords"]) {
      for (const bad of ["Başlık\u0000", "Satır\u001bkaçış", "Sil\u007f"]) {
        const refused = SeoFormSchema.safeParse({ id, [field]: bad });
        expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]), `${field} ${JSON.stringify(bad)}`).toEqual([[field, "Geçersiz karakter içeriyor"]]);
      }
    }
    expect(SeoFormSchema.parse({ id, title: "Çağrı: %100 Hoş Geldin Bonusu – İlk Yatırım!" }).title).toBe("Çağrı: %100 Hoş Geldin Bonusu – İlk Yatırım!");
  });
});

describe("the keywords as saved", () => {
  it("drops empties and repeats, whatever their case, the Turkish way", () => {
    expect(normalizeKeywords("Işık, ışık, İNDİRİM, indirim,  ,casino")).toBe("Işık, İNDİRİM, casino");
  });
});

describe("the counter beside an SEO field", () => {
  it("shows the length against the guidance, and turns red only past it", () => {
    expect(seoCounter("Hoş Geldin Bonusu", 60)).toEqual({ text: "17/60", over: false });
    expect(seoCounter("a".repeat(60), 60)).toEqual({ text: "60/60", over: false });
    expect(seoCounter("a".repeat(61), 60)).toEqual({ text: "61/60", over: true });
    expect(seoCounter("", 160)).toEqual({ text: "0/160", over: false });
  });
});
