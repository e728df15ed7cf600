// public-site.md §9: text cut-offs.
export const SHORT_DESCRIPTION_LENGTH = 150;
export const CARD_PREVIEW_LENGTH = 120;
export const META_DESCRIPTION_LENGTH = 160;

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/** Plain text of an HTML fragment, for previews and meta descriptions (never rendered as HTML). */
export function htmlToText(html: string): string {
  return html
    // Elements the sanitiser drops together with their content never count as text.
    .replace(/<(script|style|textarea|option|noscript|title|template|iframe|object)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

/** Cuts to at most `length` characters, without an ellipsis. */
export function cutText(text: string, length: number): string {
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}

// A cut never keeps less than this share of the room to end on a word boundary: one very
// long word (a URL, a code) is cut inside instead of leaving almost nothing.
const MIN_WORD_CUT_SHARE = 0.6;

/**
 * The longest start of `text` of at most `room` characters that ends at a word boundary
 * (issue 10 §2: '…Kampany' was cut mid-word), without trailing punctuation or spaces.
 */
function startAtWordBoundary(text: string, room: number): string {
  const head = text.slice(0, room);
  // Unless the character after the cut is a space (the cut already ends a word), go back
  // to the last space.
  const lastSpace = /\s/.test(text.charAt(room)) ? room : head.search(/\s\S*$/);
  const cut = lastSpace >= room * MIN_WORD_CUT_SHARE ? head.slice(0, lastSpace) : head;
  return cut.replace(/[\s.,;:!?\-–—(]+$/u, "");
}

/**
 * Cuts to at most `length` characters in all, at a word boundary, with an ellipsis ('…')
 * when something was cut (meta descriptions: public-site.md §2.8 and §9, 160).
 */
export function cutAtWord(text: string, length: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= length) return clean;
  return `${startAtWordBoundary(clean, length - 1)}…`;
}

/**
 * public-site.md §2.5: the card preview, 120 characters plus an ellipsis ('...') when
 * something was cut; the cut falls between words.
 */
export function previewText(text: string, length: number = CARD_PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${startAtWordBoundary(text, length)}...`;
}

/** The words of an HTML fragment's visible text (admin.md §2 and §9: the editor's live count, the AI's word counts). */
export function countWords(html: string): number {
  const visible = htmlToText(html);
  return visible ? visible.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length : 0;
}
