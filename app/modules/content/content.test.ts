import { describe, expect, it } from "vitest";
import { complianceOf, splitHighlightedTitle } from "./content";

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

describe("highlighted title: where the match is", () => {
  it("prefers the title's exact spelling over an earlier match in another case", () => {
    expect(splitHighlightedTitle("EN İYİ fırsatlar: en iyi bonuslar", "en iyi")).toEqual({ before: "EN İYİ fırsatlar: ", highlight: "en iyi", after: " bonuslar" });
  });

  it("emphasises a highlighted text the title starts with, in place", () => {
    expect(splitHighlightedTitle("En iyi bonuslar", "En iyi")).toEqual({ before: "", highlight: "En iyi", after: " bonuslar" });
  });
});

describe("the compliance line shown on public pages (issue 11 §5)", () => {
  const stored = { helplineLabel: "Destek hattı", helplineUrl: "tel:+90-850-000", splashFrequencyHours: 6 };

  it("shows the stored label, link and period", () => {
    expect(complianceOf(stored)).toEqual({ helplineLabel: "Destek hattı", helplineUrl: "tel:+90-850-000", splashFrequencyHours: 6 });
  });

  it("shows the label without the spaces around it, and the default for a blank one", () => {
    expect(complianceOf({ ...stored, helplineLabel: "  Destek hattı  " }).helplineLabel).toBe("Destek hattı");
    expect(complianceOf({ ...stored, helplineLabel: "   " }).helplineLabel).toBe("Yardım hattı: YEDAM 115");
    expect(complianceOf({ ...stored, helplineLabel: null }).helplineLabel).toBe("Yardım hattı: YEDAM 115");
  });

  it("keeps a splash period from 1 hour to a year, and shows the ad daily otherwise", () => {
    expect(complianceOf({ ...stored, splashFrequencyHours: 1 }).splashFrequencyHours).toBe(1);
    expect(complianceOf({ ...stored, splashFrequencyHours: 8760 }).splashFrequencyHours).toBe(8760);
    for (const hours of [0, -5, 8761, 1.5, Number.NaN]) expect(complianceOf({ ...stored, splashFrequencyHours: hours }).splashFrequencyHours).toBe(24);
  });

  it("falls back to the YEDAM line when there is no settings row or an unusable link", () => {
    expect(complianceOf(undefined)).toEqual({ helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 });
    expect(complianceOf({ ...stored, helplineUrl: "javascript:alert(1)" }).helplineUrl).toBe("tel:115");
  });
});
