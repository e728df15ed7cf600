import { describe, expect, it } from "vitest";
import { detailPath, PLACEHOLDER_IMAGE, promotionImage, promotionImageFit } from "./promotion-card";

const casino = { id: "c1", name: "Ege Bet", slug: "ege-bet", logoUrl: "/demo/logo-ege.svg" };

describe("promotion card (public-site.md §2.5)", () => {
  it("falls back from the image to the casino logo, then to a placeholder", () => {
    expect(promotionImage({ imageUrl: "/x.png", casino })).toBe("/x.png");
    expect(promotionImage({ imageUrl: null, casino })).toBe("/demo/logo-ege.svg");
    expect(promotionImage({ imageUrl: "", casino: { ...casino, logoUrl: null } })).toBe(PLACEHOLDER_IMAGE);
    expect(promotionImage({ imageUrl: null, casino: null })).toBe(PLACEHOLDER_IMAGE);
  });

  it("shows a logo standing in for a banner whole, not cropped", () => {
    expect(promotionImageFit({ imageUrl: null, casino })).toBe("object-contain p-6");
    expect(promotionImageFit({ imageUrl: "/x.png", casino })).toBe("object-cover");
  });

  it("links to /bonuslar/{casino}/{promotion}, or /promotion/{id} without a casino", () => {
    expect(detailPath({ id: "p1", slug: "ege-bonus", casino })).toBe("/bonuslar/ege-bet/ege-bonus");
    expect(detailPath({ id: "p1", slug: "ege-bonus", casino: null })).toBe("/promotion/p1");
  });
});
