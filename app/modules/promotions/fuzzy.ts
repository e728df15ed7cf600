// public-site.md §5.4 and §9: the fuzzy promotion look-up behind
// /bonuslar/{casinoSlug}/{promotionSlug}. Pure, so its thresholds are unit-tested.
export const WORD_OVERLAP_THRESHOLD = 0.7;
export const SCAN_THRESHOLD = 0.33;
/** Words of 2 characters or fewer are ignored. */
export const MIN_WORD_LENGTH = 3;

export type SlugCandidate = { id: string; slug: string; casinoSlug: string | null };

export function significantWords(slug: string): string[] {
  return slug
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= MIN_WORD_LENGTH);
}

/**
 * Share of words the two slugs have in common, against the longer word list, so a
 * one-word match on a long title scores low. 0 when either has no significant words.
 */
export function wordOverlap(a: string, b: string): number {
  return overlapWith(new Set(significantWords(b)), a);
}

/** wordOverlap against words already split: the requested slug is split once, not once per candidate. */
function overlapWith(right: ReadonlySet<string>, a: string): number {
  const left = new Set(significantWords(a));
  if (left.size === 0 || right.size === 0) return 0;
  let common = 0;
  for (const word of left) if (right.has(word)) common++;
  return common / Math.max(left.size, right.size);
}

/** The title pattern: every significant word of the requested slug, in order. */
export function matchesTitlePattern(candidateSlug: string, requestedSlug: string): boolean {
  return matchesWords(candidateSlug, significantWords(requestedSlug));
}

function matchesWords(candidateSlug: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  let from = 0;
  for (const word of words) {
    const at = candidateSlug.indexOf(word, from);
    if (at < 0) return false;
    from = at + word.length;
  }
  return true;
}

function best(candidates: readonly SlugCandidate[], requested: ReadonlySet<string>, casinoSlug: string): { candidate: SlugCandidate; score: number } | null {
  let winner: { candidate: SlugCandidate; score: number } | null = null;
  for (const candidate of candidates) {
    const score = overlapWith(requested, candidate.slug);
    // Ties go to the promotion of the requested casino.
    const better = !winner || score > winner.score || (score === winner.score && candidate.casinoSlug === casinoSlug && winner.candidate.casinoSlug !== casinoSlug);
    if (better) winner = { candidate, score };
  }
  return winner;
}

/**
 * Resolves in the spec's order:
 * 1. exact slug equality among candidates matching the title pattern;
 * 2. word overlap of at least 0.7 among those candidates;
 * 3. the requested casino's promotions matching the title pattern;
 * 4. a scan of every active promotion, best score accepted from 0.33.
 */
export function resolvePromotionSlug(candidates: readonly SlugCandidate[], casinoSlug: string, promotionSlug: string): string | null {
  const requested = promotionSlug.toLowerCase();
  // Split once: split per candidate, a 14,000-character address among 5,000 promotions held
  // the server for seconds.
  const words = significantWords(requested);
  const wordSet = new Set(words);
  const patterned = candidates.filter((c) => matchesWords(c.slug, words));

  const exact = patterned.filter((c) => c.slug === requested);
  if (exact.length > 0) return (exact.find((c) => c.casinoSlug === casinoSlug) ?? exact[0]!).id;

  const overlapping = best(patterned, wordSet, casinoSlug);
  if (overlapping && overlapping.score >= WORD_OVERLAP_THRESHOLD) return overlapping.candidate.id;

  const ofCasino = patterned.filter((c) => c.casinoSlug === casinoSlug);
  if (ofCasino.length > 0) return best(ofCasino, wordSet, casinoSlug)!.candidate.id;

  const scanned = best(candidates, wordSet, casinoSlug);
  if (scanned && scanned.score >= SCAN_THRESHOLD) return scanned.candidate.id;
  return null;
}
