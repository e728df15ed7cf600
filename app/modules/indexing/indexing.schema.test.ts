import { describe, expect, it } from "vitest";
import { INDEXING_REASONS, queueReasonLabel } from "./indexing.schema";

// The IndexNow queue under 'Arama Motoru Bildirimleri' says why each address was queued.
describe("the reason a queued address shows", () => {
  it("names each reason in Turkish, a live item's update among them", () => {
    expect(Object.fromEntries(INDEXING_REASONS.map((reason) => [reason, queueReasonLabel(reason)]))).toEqual({
      "promotion.activate": "Promosyon yayına alındı",
      "promotion.update": "Yayındaki promosyon güncellendi",
      "promotion.slug-change": "Promosyonun adresi değişti",
      "promotion.delete": "Promosyon silindi",
      "blog-post.publish": "Blog yazısı yayınlandı",
      "blog-post.update": "Yayındaki blog yazısı güncellendi",
      "blog-post.unpublish": "Blog yazısı taslağa alındı",
      "blog-post.slug-change": "Blog yazısının adresi değişti",
      "blog-post.delete": "Blog yazısı silindi",
    });
  });

  it("shows a stored reason it does not know as stored, including an object's own keys", () => {
    expect(queueReasonLabel("casino.rename")).toBe("casino.rename");
    expect(queueReasonLabel("constructor")).toBe("constructor");
  });
});
