import { describe, expect, it } from "vitest";
import { ComplianceFormSchema, HeroFormSchema } from "./content.schema";

describe("hero form", () => {
  const hero = { intent: "hero", upperTitle: "Üst", mainTitle: "Ana", highlightedText: "Vurgu", description: "Açıklama", buttonText: "Git" };

  it("refuses a hero button URL a browser would turn into another host", () => {
    expect(HeroFormSchema.safeParse({ ...hero, buttonUrl: "/bonuslar" }).success).toBe(true);
    const tabbed = HeroFormSchema.safeParse({ ...hero, buttonUrl: "/\t/evil.example" });
    expect(tabbed.success).toBe(false);
    expect(tabbed.error?.issues[0]?.path).toEqual(["buttonUrl"]);
  });

  it("takes a section of the page only as one # and its name", () => {
    expect(HeroFormSchema.safeParse({ ...hero, buttonUrl: "#promotions-section" }).success).toBe(true);
    for (const buttonUrl of ["#kampanyalar#promotions-section", "# #promotions-section"]) {
      const parsed = HeroFormSchema.safeParse({ ...hero, buttonUrl });
      expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["buttonUrl", "Geçerli bir URL giriniz (https://..., /sayfa veya #bolum)"]]);
    }
  });
});

describe("compliance form (issue 11 §5)", () => {
  const valid = { intent: "compliance", helplineLabel: "Destek hattı", helplineUrl: "tel:115", splashFrequencyHours: 24 };
  const messagesOf = (input: Record<string, unknown>) => {
    const parsed = ComplianceFormSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };

  it("asks for the label when only a link is given, and for the link when only a label is", () => {
    expect(messagesOf(valid)).toEqual([]);
    expect(messagesOf({ ...valid, helplineLabel: "" })).toEqual([["helplineLabel", "Bağlantı girildiğinde yardım hattı adı da gereklidir"]]);
    expect(messagesOf({ ...valid, helplineUrl: "" })).toEqual([["helplineUrl", "Yardım hattı adı girildiğinde bağlantısı da gereklidir"]]);
    expect(messagesOf({ ...valid, helplineLabel: "", helplineUrl: "" })).toEqual([]);
  });
});
