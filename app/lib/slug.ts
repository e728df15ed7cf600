// public-site.md §5.2 and §9: the slug rule for names and titles.
export const SLUG_MAX_LENGTH = 80;
export const SLUG_MIN_LENGTH = 3;

const TURKISH_TO_LATIN: Record<string, string> = { ı: "i", ğ: "g", ü: "u", ş: "s", ö: "o", ç: "c" };

/** Applies steps 1-4 of the rule: lowercase, transliterate, strip, hyphenate. */
function normalise(input: string): string {
  return input
    .toLocaleLowerCase("tr-TR")
    .replace(/[ıığüşöç]/g, (letter) => TURKISH_TO_LATIN[letter] ?? letter)
    .replace(/[^\w\s-]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function slugify(input: unknown, now: number = Date.now()): string {
  if (typeof input !== "string" || input.trim() === "") {
    return `blog-${String(now).slice(-8)}`;
  }
  let slug = normalise(input);
  if (slug.length < SLUG_MIN_LENGTH) {
    const suffix = String(now).slice(-6);
    slug = slug ? `${slug}-${suffix}` : suffix;
  }
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/g, "");
}
