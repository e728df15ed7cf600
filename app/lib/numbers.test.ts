import { describe, expect, it } from "vitest";
import { formatNumberTr } from "./numbers";

describe("Turkish numbers", () => {
  it("groups thousands with dots and marks decimals with a comma", () => {
    expect(formatNumberTr(5000)).toBe("5.000");
    expect(formatNumberTr(1234567.5)).toBe("1.234.567,5");
    expect(formatNumberTr(999)).toBe("999");
  });
});
