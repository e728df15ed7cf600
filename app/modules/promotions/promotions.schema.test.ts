import { describe, expect, it } from "vitest";
import { derivePromotionFields, shortDescriptionOf } from "./promotions.schema";

describe("promotion derived fields", () => {
  it("takes the first 150 characters of the description's text as the short description", () => {
    const html = `<p>${"kelime ".repeat(40)}</p>`;
    const short = shortDescriptionOf(html);
    expect(short.length).toBeLessThanOrEqual(150);
    expect(html).toContain(short.trim());
    expect(shortDescriptionOf("<p>Kısa <strong>metin</strong></p>")).toBe("Kısa metin");
  });

  it("derives the slug by the spec's rule and a Turkish-folded search text", () => {
    expect(derivePromotionFields("İzmir %50 Yatırım Bonusu", "<p>Her gün</p>")).toEqual({
      slug: "izmir-50-yatirim-bonusu",
      searchText: "izmir %50 yatirim bonusu\nher gün",
    });
  });
});
