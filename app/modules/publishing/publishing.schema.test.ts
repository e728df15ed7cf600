import { describe, expect, it } from "vitest";
import { publishNowText } from "./publishing.schema";

// An operator walk-through read 'En eski 2 taslak şimdi yayınlanır' with one draft left.
describe("publishNowText", () => {
  it("names as many drafts as will be published: the day's count, never more than there are", () => {
    expect(publishNowText(2, 5)).toBe("En eski 2 taslak şimdi yayınlanır.");
    expect(publishNowText(4, 5)).toBe("En eski 4 taslak şimdi yayınlanır.");
    expect(publishNowText(5, 5)).toBe("Kalan 5 taslağın hepsi şimdi yayınlanır.");
    expect(publishNowText(3, 2)).toBe("Kalan 2 taslağın hepsi şimdi yayınlanır.");
    expect(publishNowText(2, 1)).toBe("Kalan tek taslak şimdi yayınlanır.");
    expect(publishNowText(1, 1)).toBe("Kalan tek taslak şimdi yayınlanır.");
    expect(publishNowText(2, 0)).toBe("Yayınlanacak taslak yok.");
  });
});
