import { describe, expect, it } from "vitest";
import { foldTurkish, sortByTurkishName } from "./turkish";

describe("Turkish ordering and matching", () => {
  it("sorts C < Ç < D, I < İ, S < Ş", () => {
    const names = ["Şahin", "Dora", "İzmir", "Çınar", "Sema", "Ilgaz", "Cem"].map((name) => ({ name }));
    expect(sortByTurkishName(names).map((n) => n.name)).toEqual(["Cem", "Çınar", "Dora", "Ilgaz", "İzmir", "Sema", "Şahin"]);
  });

  it("folds dotted and dotless i so either spelling finds the other", () => {
    expect(foldTurkish("İSTANBUL")).toBe(foldTurkish("istanbul"));
    expect(foldTurkish("IŞIK")).toBe(foldTurkish("ışık"));
    expect(foldTurkish("Şans ÇARKI")).toBe("şans çarki");
  });
});
