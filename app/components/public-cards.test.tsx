import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { NO_BONUS_TERMS } from "~/modules/promotions/bonus-terms";
import { CasinoCard } from "./casino-card";
import { PromotionCard } from "./offer-card";
import { RelatedSlider, wrapPage } from "./related-slider";

// Server-rendered as a visitor's first HTML; React's <!-- --> text separators removed.
const html = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>).replaceAll("<!-- -->", "");

const NOW = "2026-06-01T09:00:00.000Z";
const promotion = (n: number, expiryDate: string | null = null): PublicPromotion => ({
  id: `p${n}`,
  title: `Bonus ${n}`,
  slug: `bonus-${n}`,
  description: "<p>Açıklama</p>",
  shortDescription: "Açıklama",
  terms: ["Şart bir"],
  claimLink: "https://example.com",
  expiryDate,
  imageUrl: null,
  promotionCode: null,
  category: "Deneme Bonusu",
  categoryId: null,
  createdAt: NOW,
  casino: { id: "c1", name: "Ege Bet", slug: "ege-bet", logoUrl: null },
  bonus: NO_BONUS_TERMS,
  ratingCount: 0,
  ratingTotal: 0,
});

describe("related promotions slider (public-site.md §2.9)", () => {
  it("shows 3 at a time, with 'Süreli' only on offers whose expiry is in the future", () => {
    const items = [promotion(1, "2026-07-01T00:00:00.000Z"), promotion(2, "2026-05-01T00:00:00.000Z"), promotion(3), promotion(4, "2026-08-01T00:00:00.000Z")];
    const out = html(<RelatedSlider promotions={items} now={NOW} />);
    expect(out.match(/<li /g)).toHaveLength(3);
    expect(out).toContain("Bonus 3");
    expect(out).not.toContain("Bonus 4");
    expect(out.match(/Süreli/g)).toHaveLength(1); // Bonus 1 only: 2 has expired, 3 has no date
    expect(out).toContain('aria-label="Sonraki promosyonlar"');
  });

  it("wraps around at both ends", () => {
    expect(wrapPage(0, -1, 4)).toBe(3);
    expect(wrapPage(3, 1, 4)).toBe(0);
    expect(wrapPage(1, 1, 4)).toBe(2);
  });

  it("has no buttons when everything fits on one page, and nothing when empty", () => {
    expect(html(<RelatedSlider promotions={[promotion(1)]} now={NOW} />)).not.toContain("Sonraki promosyonlar");
    expect(html(<RelatedSlider promotions={[]} now={NOW} />)).toBe("");
  });
});

describe("casino card (public-site.md §2.6)", () => {
  const casino = { id: "c1", name: "Ege Bet", slug: "ege-bet", logoUrl: null, activePromotionCount: 4 };
  it("links to /casino/{slug} with the count, 'İncele', and 'Öne Çıkan' only when featured", () => {
    const featured = html(<CasinoCard casino={{ ...casino, featured: true }} />);
    // The link's text is the casino's name (issue 10 §2), stretched over the card.
    expect(featured).toMatch(/<a[^>]*href="\/casino\/ege-bet"[^>]*>Ege Bet<\/a>/);
    expect(featured).toContain("4 Promosyon");
    expect(featured).toContain("İncele");
    expect(featured).toContain("Öne Çıkan");
    expect(html(<CasinoCard casino={{ ...casino, featured: false }} />)).not.toContain("Öne Çıkan");
  });
});

describe("promotion card (public-site.md §2.5)", () => {
  it("shows the 120-character preview collapsed, and description, terms and 'Son tarih' in tr-TR expanded", () => {
    const long = { ...promotion(1, "2026-12-31T21:30:00.000Z"), shortDescription: "x".repeat(150) };
    const collapsed = html(<PromotionCard promotion={long} expanded={false} onToggle={() => {}} />);
    expect(collapsed).toContain(`${"x".repeat(120)}...`);
    expect(collapsed).not.toContain("Şartlar ve Koşullar");
    const expanded = html(<PromotionCard promotion={long} expanded onToggle={() => {}} />);
    expect(expanded).toContain("Şartlar ve Koşullar");
    expect(expanded).toContain("Şart bir");
    expect(expanded).toContain("Son tarih:</span> 1 Ocak 2027"); // Istanbul time
    expect(expanded).toContain('aria-expanded="true"');
  });

  // Issue 10 §2: only 'Detayları Gör' linked the detail page (24 identical anchor texts).
  it("links its title to the detail page, and expands with a button of its own", () => {
    const out = html(<PromotionCard promotion={promotion(7)} expanded={false} onToggle={() => {}} />);
    expect(out).toMatch(/<h3[^>]*><a[^>]*href="\/bonuslar\/ege-bet\/bonus-7"[^>]*>Bonus 7<\/a><\/h3>/);
    expect(out).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Devamını oku<\/button>/);
  });

  it("names the casino, or 'Diğer' without one", () => {
    expect(html(<PromotionCard promotion={{ ...promotion(1), casino: null }} expanded={false} onToggle={() => {}} />)).toContain("Diğer");
  });

  // Issue 11 §2: what a visitor scans is text on the card, not paint in the banner.
  describe("an offer a visitor can scan (issue 11 §2)", () => {
    const offer: PublicPromotion = {
      ...promotion(3, "2026-12-31T20:59:00.000Z"),
      promotionCode: "HOSGELDIN100",
      bonus: { ...NO_BONUS_TERMS, bonusType: "deposit", bonusPercent: 100, bonusCap: 5000, minDeposit: 100, wageringMultiplier: 35, wageringBasis: "bonus" },
      ratingCount: 12,
      ratingTotal: 52,
    };
    const out = html(<PromotionCard promotion={offer} expanded={false} onToggle={() => {}} />);
    const text = out.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

    it("shows the headline value, the three chips and the rating as text", () => {
      expect(text).toContain("Bonus: %100 · 5.000 TL&#x27;ye kadar");
      expect(out).toMatch(/<li[^>]*>Çevrim 35x<\/li><li[^>]*>Min. yatırım 100 TL<\/li><li[^>]*>Son tarih 31.12.2026<\/li>/);
      expect(text).toContain("4,3 / 5 · 12 yorum");
    });

    it("shows the code as selectable text with a 'Kopyala' button", () => {
      expect(out).toMatch(/<code[^>]*select-all[^>]*>HOSGELDIN100<\/code>/);
      expect(out).toMatch(/<button type="button"[^>]*>Kopyala<span class="sr-only"> \(HOSGELDIN100\)<\/span><\/button>/);
    });

    it("ends with 'Şartlar ve koşullar geçerlidir' linking to the detail page's terms", () => {
      expect(out).toMatch(/<a[^>]*href="\/bonuslar\/ege-bet\/bonus-3#sartlar"[^>]*>Şartlar ve koşullar geçerlidir<span class="sr-only">: Bonus 3<\/span><\/a>/);
    });

    it("leaves out what the offer does not state: no code, no rating, no chips", () => {
      const plain = html(<PromotionCard promotion={promotion(4)} expanded={false} onToggle={() => {}} />);
      expect(plain).not.toContain("Kopyala");
      expect(plain).not.toContain("yorum");
      expect(plain).not.toContain("Öne çıkan şartlar");
      expect(plain).toContain("Şartlar ve koşullar geçerlidir");
    });
  });
});
