import { LRUCache } from "lru-cache";

/**
 * A pure text-to-text function whose answers are kept by input, bounded by size: the same
 * promotion descriptions are sanitised and shortened for every page that lists them (24
 * cards a page, 5,000 promotions), which cost about a millisecond of each `/bonuslar`
 * render. A changed text is a new key, so nothing is ever invalidated; an input longer
 * than `maxInputChars` (a whole blog post) is computed each time rather than crowd out the
 * short ones. `maxChars` bounds inputs and answers together (two bytes a character at most).
 */
export function keptByText(compute: (text: string) => string, { maxInputChars = 16 * 1024, maxChars = 2 * 1024 * 1024 } = {}): (text: string) => string {
  const kept = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (answer, input) => input.length + answer.length || 1 });
  return (text) => {
    const answer = kept.get(text);
    if (answer !== undefined) return answer;
    const computed = compute(text);
    if (text.length <= maxInputChars) kept.set(text, computed);
    return computed;
  };
}
