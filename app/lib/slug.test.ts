import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

// public-site.md §5.2, step by step. `now` fixes the time-based suffixes.
const NOW = 1_765_432_109_876;

describe("slugify", () => {
  it("lowercases and maps Turkish letters to plain Latin (steps 1-2)", () => {
    expect(slugify("Çılgın Şans Ödülü Ğğ Üü", NOW)).toBe("cilgin-sans-odulu-gg-uu");
    expect(slugify("İSTANBUL IŞIK", NOW)).toBe("istanbul-isik");
  });

  it("removes everything but word characters, spaces and hyphens (step 3)", () => {
    expect(slugify("%100 Bonus! (Yeni) — 5.000 TL?", NOW)).toBe("100-bonus-yeni-5000-tl");
  });

  it("turns spaces into hyphens, collapses repeats and trims the edges (step 4)", () => {
    expect(slugify("  --Hoş   geldin -- bonusu--  ", NOW)).toBe("hos-geldin-bonusu");
  });

  it("appends a 6-digit time suffix when shorter than 3 characters (step 5)", () => {
    expect(slugify("Aş", NOW)).toBe("as-109876");
    expect(slugify("!!", NOW)).toBe("109876");
    // Three characters is long enough: no suffix.
    expect(slugify("Şaş", NOW)).toBe("sas");
  });

  it("cuts to 80 characters without a trailing hyphen (step 6)", () => {
    const long = slugify("kelime ".repeat(30), NOW);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("-")).toBe(false);
    expect(slugify("a".repeat(120), NOW)).toHaveLength(80);
    // Nine-letter words and a hyphen: the 80th character is a hyphen, dropped, nothing added.
    expect(slugify("Çevrimsiz ".repeat(10), NOW)).toBe(`${"cevrimsiz-".repeat(7)}cevrimsiz`);
  });

  it("falls back to 'blog-' plus 8 digits of the time for empty or non-text input (step 7)", () => {
    expect(slugify("", NOW)).toBe("blog-32109876");
    expect(slugify("   ", NOW)).toBe("blog-32109876");
    expect(slugify(undefined, NOW)).toBe("blog-32109876");
    expect(slugify(42, NOW)).toBe("blog-32109876");
  });
});
