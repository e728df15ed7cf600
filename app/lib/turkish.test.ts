import { describe, expect, it, vi } from "vitest";
import { compareTurkish, foldForSearch, foldTurkish, sortByTurkishName } from "./turkish";

describe("Turkish ordering and matching", () => {
  it("sorts C < Ç < D, I < İ, S < Ş", () => {
    const names = ["Şahin", "Dora", "İzmir", "Çınar", "Sema", "Ilgaz", "Cem"].map((name) => ({ name }));
    expect(sortByTurkishName(names).map((n) => n.name)).toEqual(["Cem", "Çınar", "Dora", "Ilgaz", "İzmir", "Sema", "Şahin"]);
  });

  it("orders names as a reader expects: case aside, and 'Casino 9' before 'Casino 10'", () => {
    const names = ["casino 10", "Casino 9", "bonus", "Bonus 2", "BONUS 1"].map((name) => ({ name }));
    expect(sortByTurkishName(names).map((n) => n.name)).toEqual(["bonus", "BONUS 1", "Bonus 2", "Casino 9", "casino 10"]);
    expect(compareTurkish("Şans", "şans")).toBe(0);
  });

  // The collator is built on the first comparison and kept: a module loaded afresh shows how it is built.
  it("compares from the first call on with case and circumflexes aside, Turkish letters apart and numbers by value", async () => {
    vi.resetModules();
    const { compareTurkish: fresh } = await import("./turkish");
    expect(fresh("a", "A")).toBe(0);
    expect(fresh("Kâr", "kar")).toBe(0);
    expect(fresh("ç", "c")).toBeGreaterThan(0);
    expect(fresh("i2", "i10")).toBeLessThan(0);
  });

  it("folds dotted and dotless i so either spelling finds the other", () => {
    expect(foldTurkish("İSTANBUL")).toBe(foldTurkish("istanbul"));
    expect(foldTurkish("IŞIK")).toBe(foldTurkish("ışık"));
    expect(foldTurkish("Şans ÇARKI")).toBe("şans çarki");
  });

  it("folds for search without Turkish letters, so ASCII typing and Turkish spelling meet", () => {
    for (const spelling of ["Boğaziçi", "BOĞAZİÇİ", "boğaziçi", "bogazici", "BOGAZICI"]) expect(foldForSearch(spelling)).toBe("bogazici");
    for (const spelling of ["Işıltı", "IŞILTI", "ışıltı", "isilti", "ISILTI", "İşiltı"]) expect(foldForSearch(spelling)).toBe("isilti");
    expect(foldForSearch("ÇĞİÖŞÜ çğıöşü")).toBe("cgiosu cgiosu");
    expect(foldForSearch("Hâlâ Kâr Îkaz Ûmit")).toBe("hala kar ikaz umit");
    // Decomposed input (s + combining cedilla) folds like the composed letter.
    expect(foldForSearch("s\u0327ans")).toBe("sans");
    expect(foldForSearch("%50_Bonus")).toBe("%50_bonus");
  });

  // The letter table is built as the module loads: a module loaded afresh shows the one searches use.
  it("folds every Turkish letter and circumflex vowel for search from the module's first load on", async () => {
    vi.resetModules();
    const { foldForSearch: fresh } = await import("./turkish");
    expect(fresh("İIıĞğÜüŞşÖöÇçÂâÎîÛû")).toBe("iiigguussooccaaiiuu");
    expect(fresh("Boğaziçi Işıltı")).toBe("bogazici isilti");
  });
});
