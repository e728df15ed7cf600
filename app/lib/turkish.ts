// Turkish alphabetical order (C < Ç < D, I < İ, S < Ş). PGlite has no ICU collations,
// so ordering by name happens here, identically on both database drivers.
// Built on first use (ADR 014: no public page pays for Intl as it starts).
let collator: Intl.Collator | undefined;

export function compareTurkish(a: string, b: string): number {
  return (collator ??= new Intl.Collator("tr-TR", { sensitivity: "base", numeric: true })).compare(a, b);
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

// Turkish letters and the circumflex vowels to their plain Latin letter, both cases. The
// migration drizzle/0006_turkish-search.sql defines the SQL function search_fold() with
// exactly these pairs (translate(), then lower()), so a query folded here matches text
// folded there; app/modules/promotions/promotion-search.server.test.ts checks they agree.
const SEARCH_FOLD_FROM = "İIıĞğÜüŞşÖöÇçÂâÎîÛû";
const SEARCH_FOLD_TO = "iiigguussooccaaiiuu";
const SEARCH_FOLD = new Map([...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i]!]));
const SEARCH_FOLD_PATTERN = new RegExp(`[${SEARCH_FOLD_FROM}]`, "g");

/**
 * Folds text for search as visitors type it: without Turkish letters and case-blind, so
 * 'bogazici', 'BOĞAZİÇİ' and 'Boğaziçi' all become 'bogazici', and 'isilti' finds 'Işıltı'
 * and the reverse (issue 10 §1). Promotions store their text folded this way (search_text).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFC")
    .replace(SEARCH_FOLD_PATTERN, (letter) => SEARCH_FOLD.get(letter)!)
    .toLowerCase();
}
