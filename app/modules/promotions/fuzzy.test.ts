import { describe, expect, it } from "vitest";
import { matchesTitlePattern, resolvePromotionSlug, significantWords, wordOverlap } from "./fuzzy";

const c = (id: string, slug: string, casinoSlug: string | null = "anadolu-casino") => ({ id, slug, casinoSlug });

describe("significant words", () => {
  it("ignores words of 2 characters or fewer", () => {
    expect(significantWords("ab-cd-100-tl-bonus-x")).toEqual(["100", "bonus"]);
  });
});

describe("word overlap", () => {
  it("counts shared words against the longer list", () => {
    expect(wordOverlap("hos-geldin-bonusu", "hos-geldin-bonusu")).toBe(1);
    expect(wordOverlap("kayip-bonusu-haftalik", "kayip-bonusu")).toBeCloseTo(2 / 3);
    expect(wordOverlap("aa-bb", "aa-bb")).toBe(0); // nothing significant
  });
});

describe("title pattern", () => {
  it("wants every significant word, in order", () => {
    expect(matchesTitlePattern("anadolu-casino-100-hos-geldin-bonusu", "100-hos-geldin")).toBe(true);
    expect(matchesTitlePattern("anadolu-casino-100-hos-geldin-bonusu", "geldin-hos")).toBe(false);
  });
});

describe("resolvePromotionSlug (public-site.md §5.4)", () => {
  const all = [
    c("welcome-a", "anadolu-casino-100-hos-geldin-bonusu"),
    c("welcome-b", "ege-bet-100-hos-geldin-bonusu", "ege-bet"),
    c("loss-a", "anadolu-casino-haftalik-20-kayip-bonusu"),
    c("spins-e", "ege-bet-100-bedava-donus", "ege-bet"),
  ];

  it("1: takes the exact slug, preferring the requested casino", () => {
    expect(resolvePromotionSlug(all, "anadolu-casino", "ege-bet-100-hos-geldin-bonusu")).toBe("welcome-b");
    const twins = [c("x1", "bonus-dunyasi", "other"), c("x2", "bonus-dunyasi", "anadolu-casino")];
    expect(resolvePromotionSlug(twins, "anadolu-casino", "bonus-dunyasi")).toBe("x2");
  });

  it("2: accepts a pattern match whose word overlap is at least 0.7", () => {
    // 3 of 4 words shared: 0.75 ≥ 0.7
    const list = [c("p", "super-hafta-sonu-bonusu", "z")];
    expect(resolvePromotionSlug(list, "nope", "super-hafta-bonusu")).toBe("p");
  });

  it("3: falls back to the requested casino's pattern matches below 0.7", () => {
    // 2 of 4 words: 0.5 < 0.7, but the casino matches.
    const list = [c("mine", "alpha-beta-gamma-delta", "anadolu-casino"), c("other", "alpha-beta-gamma-delta-eps", "ege")];
    expect(resolvePromotionSlug(list, "anadolu-casino", "alpha-gamma")).toBe("mine");
  });

  it("4: scans everything and accepts the best score of at least 0.33", () => {
    // No pattern match (word order differs); 1 of 3 words shared = 0.333...
    const list = [c("scan", "bonus-cark-sans", "z")];
    expect(resolvePromotionSlug(list, "x", "sans-yok-gel")).toBe("scan");
  });

  it("4: rejects a best score under 0.33", () => {
    // 1 of 4 words = 0.25
    const list = [c("low", "bonus-cark-sans-kulubu", "z")];
    expect(resolvePromotionSlug(list, "x", "kulubu-bir-iki-uc")).toBeNull();
  });

  it("ignores short words entirely: a slug of only short words finds nothing", () => {
    expect(resolvePromotionSlug(all, "ab", "tl-ve-de")).toBeNull();
  });
});
