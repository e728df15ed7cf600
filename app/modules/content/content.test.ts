import { describe, expect, it } from "vitest";
import { splitHighlightedTitle } from "./content";

describe("highlighted title (public-site.md §2.3)", () => {
  it("emphasises the highlighted text where it occurs in the title", () => {
    expect(splitHighlightedTitle("Güvenilir sitelerin en iyi bonusları", "en iyi")).toEqual({ before: "Güvenilir sitelerin ", highlight: "en iyi", after: " bonusları" });
  });

  it("matches regardless of Turkish case, keeping the title's own spelling", () => {
    expect(splitHighlightedTitle("İSTANBUL'un En İyi Bonusları", "en iyi")).toEqual({ before: "İSTANBUL'un ", highlight: "En İyi", after: " Bonusları" });
  });

  it("puts the highlighted text in front when the title lacks it", () => {
    expect(splitHighlightedTitle("Güncel kampanyalar", "2026")).toEqual({ before: "", highlight: "2026", after: " Güncel kampanyalar" });
  });

  it("leaves the title alone when nothing is highlighted", () => {
    expect(splitHighlightedTitle("Başlık", "  ")).toEqual({ before: "Başlık", highlight: "", after: "" });
  });
});
