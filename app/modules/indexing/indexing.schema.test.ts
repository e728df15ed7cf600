import { describe, expect, it } from "vitest";
import { INDEXING_REASONS, queueReasonLabel } from "./indexing.schema";

// The IndexNow queue under 'Arama Motoru Bildirimleri' says why each address was queued.
describe("the reason a queued address shows", () => {
  it("names every reason in words, never the stored key", () => {
    expect(INDEXING_REASONS.length).toBeGreaterThan(0);
    // A capitalised Turkish word and more words after it, not the stored `entity.verb` key.
    for (const reason of INDEXING_REASONS) expect(queueReasonLabel(reason), reason).toMatch(/^\p{Lu}\p{Ll}+ \p{L}.*\p{Ll}$/u);
  });

  it("says when a live promotion or post was saved at the same address", () => {
    expect(queueReasonLabel("promotion.update")).toBe("Yayındaki promosyon güncellendi");
    expect(queueReasonLabel("blog-post.update")).toBe("Yayındaki blog yazısı güncellendi");
    expect(queueReasonLabel("promotion.activate")).toBe("Promosyon yayına alındı");
  });

  it("shows a stored reason it does not know as stored, including an object's own keys", () => {
    expect(queueReasonLabel("casino.rename")).toBe("casino.rename");
    expect(queueReasonLabel("constructor")).toBe("constructor");
  });
});
