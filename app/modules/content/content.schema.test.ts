import { describe, expect, it } from "vitest";
import { HeroFormSchema } from "./content.schema";

describe("hero form", () => {
  it("refuses a hero button URL a browser would turn into another host", () => {
    const hero = { intent: "hero", upperTitle: "Üst", mainTitle: "Ana", highlightedText: "Vurgu", description: "Açıklama", buttonText: "Git" };
    expect(HeroFormSchema.safeParse({ ...hero, buttonUrl: "/bonuslar" }).success).toBe(true);
    const tabbed = HeroFormSchema.safeParse({ ...hero, buttonUrl: "/\t/evil.example" });
    expect(tabbed.success).toBe(false);
    expect(tabbed.error?.issues[0]?.path).toEqual(["buttonUrl"]);
  });
});
