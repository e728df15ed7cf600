// Turkish alphabetical order (C < Ç < D, I < İ, S < Ş). PGlite has no ICU collations,
// so ordering by name happens here, identically on both database drivers.
const collator = new Intl.Collator("tr-TR", { sensitivity: "base", numeric: true });

export function compareTurkish(a: string, b: string): number {
  return collator.compare(a, b);
}

export function sortByTurkishName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareTurkish(a.name, b.name));
}

/**
 * Folds text for case-insensitive Turkish matching: İ/i/I/ı all become "i", and the
 * other Turkish letters their own lowercase, so 'ISTANBUL', 'İstanbul' and 'ıstanbul'
 * find each other whatever the visitor's keyboard produced.
 */
export function foldTurkish(text: string): string {
  return text
    .replace(/[İIı]/g, "i")
    .toLocaleLowerCase("tr-TR")
    .normalize("NFC");
}
