import { describe, expect, it, vi } from "vitest";
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

  it("2: takes exactly 0.7 and picks the highest overlap, ties going to the requested casino", () => {
    // 7 of 10 words = 0.7 exactly: accepted at the threshold.
    const seven = [c("seven", "aaa-bbb-ccc-ddd-eee-fff-ggg-hhh-iii-jjj", "z")];
    expect(resolvePromotionSlug(seven, "x", "aaa-bbb-ccc-ddd-eee-fff-ggg")).toBe("seven");
    // Both match the pattern; the one with more shared words wins wherever it stands.
    const ranked = [c("weak", "super-hafta-sonu-bonusu-ekstra", "z"), c("strong", "super-hafta-sonu-bonusu", "y")];
    expect(resolvePromotionSlug(ranked, "x", "super-hafta-sonu")).toBe("strong");
    expect(resolvePromotionSlug([...ranked].reverse(), "x", "super-hafta-sonu")).toBe("strong");
    // Equal overlap: the requested casino's promotion, in either order.
    const tied = [c("theirs", "super-hafta-bonusu", "ege-bet"), c("ours", "super-hafta-bonusu-x", "anadolu-casino")];
    const tiedSame = [c("theirs", "super-hafta-sonu-bonusu", "ege-bet"), c("ours", "super-hafta-sonu-bonusu", "anadolu-casino")];
    expect(resolvePromotionSlug(tiedSame, "anadolu-casino", "super-hafta-sonu")).toBe("ours");
    expect(resolvePromotionSlug([...tiedSame].reverse(), "anadolu-casino", "super-hafta-sonu")).toBe("ours");
    // Without a pattern match, the scan still prefers the better overlap (3 of 5 over 3 of 6).
    expect(resolvePromotionSlug(tied, "galata-casino", "super-hafta-bonusu-yok-gibi")).toBe("theirs");
  });

  it("3: among the casino's pattern matches takes the best one", () => {
    const list = [
      // 2 of 7 words, then 2 of 3 (0.67: below the 0.7 of step 2).
      c("mine-weak", "alpha-beta-gamma-delta-eps-zeta-eta", "anadolu-casino"),
      c("mine-strong", "alpha-beta-gamma", "anadolu-casino"),
      c("other", "alpha-gamma-omega", "ege"),
    ];
    expect(resolvePromotionSlug(list, "anadolu-casino", "alpha-gamma")).toBe("mine-strong");
  });

  it("4: accepts a score of exactly 0.33 but not a pattern-less candidate of another word order below it", () => {
    // 1 of 3 words: 0.333... ≥ 0.33; the scan does not need the title pattern.
    expect(resolvePromotionSlug([c("a", "xxx-yyy-zzz", "q")], "q", "zzz-kkk-lll")).toBe("a");
    expect(resolvePromotionSlug([c("a", "xxx-yyy-zzz-www", "q")], "q", "zzz-kkk-lll")).toBeNull();
  });

  it("4: accepts a best score of exactly 0.33, to the last digit (mutation run)", () => {
    // 33 shared words against the requested slug's 100: the only way to land on 0.33 itself
    // (1 of 3 is 0.333...). No candidate carries every requested word, so only the scan can find it.
    const words = Array.from({ length: 100 }, (_, i) => `kelime${i + 100}`);
    const requested = words.join("-");
    const shared = words.filter((_, i) => i % 3 === 0).slice(0, 33);
    expect(shared).toHaveLength(33);
    expect(wordOverlap(shared.join("-"), requested)).toBe(0.33);
    expect(resolvePromotionSlug([c("thirty-three", shared.join("-"), "ege-bet")], "anadolu-casino", requested)).toBe("thirty-three");
    // One shared word fewer is below the threshold: nothing is found.
    expect(resolvePromotionSlug([c("thirty-two", shared.slice(1).join("-"), "ege-bet")], "anadolu-casino", requested)).toBeNull();
  });

  it("matches the requested slug whatever its case, and never by a slug that is only a prefix", () => {
    expect(resolvePromotionSlug(all, "ege-bet", "EGE-BET-100-Bedava-Donus")).toBe("spins-e");
    expect(matchesTitlePattern("bonus", "bonuslar")).toBe(false);
    expect(wordOverlap("", "bonus-dunyasi")).toBe(0);
    expect(wordOverlap("bonus-dunyasi", "a-b")).toBe(0);
  });
});

// Cases where each step's answer differs from what the next step would give, so that a step
// that is skipped, or a threshold that moves, changes the promotion a visitor lands on.
describe("resolvePromotionSlug: each step decides before the next", () => {
  it("1: the exact slug wins over an equally overlapping title of the requested casino, whatever the letter case", () => {
    const list = [c("near", "bonus-ab-hafta", "istenen"), c("exact", "bonus-hafta", "baska")];
    expect(resolvePromotionSlug(list, "istenen", "bonus-hafta")).toBe("exact");
    expect(resolvePromotionSlug(list, "istenen", "BONUS-Hafta")).toBe("exact");
  });

  it("2: a title pattern below 0.7 is not taken when the scan finds a better slug", () => {
    // 'alpha-beta-gamma-delta' keeps the order (2 of 4 words); 'gamma-alpha' has both words, reversed.
    const list = [c("patterned", "alpha-beta-gamma-delta", "z"), c("reversed", "gamma-alpha", "z")];
    expect(resolvePromotionSlug(list, "x", "alpha-gamma")).toBe("reversed");
  });

  it("2: exactly 0.7 is taken at once, before a scan that would find a better slug", () => {
    const list = [c("seven", "aaa-bbb-ccc-ddd-eee-fff-ggg-hhh-iii-jjj", "z"), c("reversed", "ggg-fff-eee-ddd-ccc-bbb-aaa-xxx", "z")];
    expect(resolvePromotionSlug(list, "x", "aaa-bbb-ccc-ddd-eee-fff-ggg")).toBe("seven");
  });

  it("3: below 0.7, the requested casino's title beats another casino's closer one", () => {
    // Theirs: 2 of 3 words (0.67); ours: 2 of 4 (0.5).
    const list = [c("theirs", "alpha-gamma-delta", "ege"), c("ours", "alpha-beta-gamma-delta", "anadolu-casino")];
    expect(resolvePromotionSlug(list, "anadolu-casino", "alpha-gamma")).toBe("ours");
  });

  it("3: a slug of only short words finds nothing, even among the requested casino's promotions", () => {
    expect(resolvePromotionSlug([c("a", "tl-bonus-ve-de", "anadolu-casino")], "anadolu-casino", "tl-ve-de")).toBeNull();
  });

  it("ties go to the requested casino, but never over a better score, and otherwise to the first", () => {
    const better = [c("best", "super-hafta-sonu", "ege"), c("ours", "super-hafta-sonu-bonusu", "anadolu-casino")];
    expect(resolvePromotionSlug(better, "anadolu-casino", "super-hafta-sonu-x")).toBe("best");
    const twins = [c("first", "super-hafta-sonu-a", "anadolu-casino"), c("second", "super-hafta-sonu-b", "anadolu-casino")];
    expect(resolvePromotionSlug(twins, "anadolu-casino", "super-hafta-sonu")).toBe("first");
  });

  it("finds a title pattern whose first word starts the slug", () => {
    expect(matchesTitlePattern("bonus-hafta", "bonus")).toBe(true);
  });

  it("reads a 14,000-character address once among 5,000 promotions, not once for each", () => {
    // The look-up runs on the server's only thread: while it works, no page is served. The
    // requested slug was split into words again for each candidate: 2.6 s for one address.
    // Counted, not timed (a test's clock measures the machine's load): the characters split
    // into words, about 14,000 for the address and 30 for each candidate's slug, each scan.
    const many = Array.from({ length: 5000 }, (_, i) => c(`p${i}`, `casino-${i % 100}-hos-geldin-bonusu-${i}`, `casino-${i % 100}`));
    const addresses: [string, string | null][] = [
      ["a-".repeat(7000), null],
      [Array.from({ length: 1900 }, (_, i) => `w${i}x`).join("-").slice(0, 14000), null],
      [`${"casino-1-hos-geldin-bonusu-".repeat(500)}4901`, "p4901"],
    ];
    for (const [address, found] of addresses) {
      const split = vi.spyOn(String.prototype, "split");
      try {
        expect(resolvePromotionSlug(many, "casino-1", address)).toBe(found);
        const charactersSplit = split.mock.contexts.reduce<number>((sum, text) => sum + String(text).length, 0);
        // Once for each candidate would be 5,000 x 14,000 = 70 million.
        expect(charactersSplit).toBeLessThan(2_000_000);
      } finally {
        split.mockRestore();
      }
    }
  });
});
