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

/** Cuts to `length` characters and adds an ellipsis when something was cut. */
export function previewText(text: string, length: number = CARD_PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}...`;
}
