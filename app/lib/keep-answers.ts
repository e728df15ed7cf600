import { LRUCache } from "lru-cache";

/**
 * A pure function of a text whose answers are kept by input, bounded by size: the same
 * promotion descriptions are sanitised and shortened for every page that lists them (24
 * cards a page), which cost about a millisecond of each `/bonuslar` render. A changed text
 * is a new key, so nothing is ever invalidated. An input longer than `maxInputChars` is
 * computed each time rather than crowd out the short ones; `maxChars` bounds the inputs
 * and answers kept together (`sizeOf` measures an answer that is not a string), at most two
 * bytes a character.
 */
export function keepAnswersByText<Answer extends NonNullable<unknown>>(
  compute: (text: string) => Answer,
  { maxInputChars, maxChars, sizeOf = (answer: Answer) => (typeof answer === "string" ? answer.length : 0) }: { maxInputChars: number; maxChars: number; sizeOf?: (answer: Answer) => number },
): (text: string) => Answer {
  // lru-cache refuses a size of 0 (an empty text with an empty answer): each entry counts at least 1.
  const kept = new LRUCache<string, Answer>({ maxSize: maxChars, sizeCalculation: (answer, input) => Math.max(1, input.length + sizeOf(answer)) });
  return (text) => {
    const answer = kept.get(text);
    if (answer !== undefined) return answer;
    const computed = compute(text);
    if (text.length <= maxInputChars) kept.set(text, computed);
    return computed;
  };
}
