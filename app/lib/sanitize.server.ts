import sanitizeHtml from "sanitize-html";
import { keepAnswersByText } from "./keep-answers";

// DESIGN.md: the allowlist is exactly what the rich-text editor (admin.md §2
// "Rich-text editor", components/rich-text-editor.tsx) can produce:
//   paragraphs and line breaks; bold, italic, underline; bullet and numbered lists;
//   left/center/right alignment on paragraphs and headings 1-2; links (new tab); images
//   (address and alt text); code blocks (pre > code, a language class from ```lang);
//   quotes.
// The editor has no strike, inline code, rule or heading 3, so neither has this list.
// Everything else is dropped on the server (tags are removed, their text kept).

const ALIGNMENT = { "text-align": [/^(left|right|center)$/] };

function options(): sanitizeHtml.IOptions {
  // Inline <code> is not something the editor makes: only the one inside a <pre> stays.
  let openPre = 0;
  return {
    allowedTags: ["p", "br", "strong", "em", "u", "ul", "ol", "li", "h1", "h2", "blockquote", "pre", "code", "a", "img"],
    allowedAttributes: {
      p: ["style"],
      h1: ["style"],
      h2: ["style"],
      ol: ["start", "type"],
      a: ["href", "target", "rel"],
      img: ["src", "alt", "loading"],
      code: ["class"],
    },
    allowedClasses: { code: ["language-*"] },
    allowedStyles: { p: ALIGNMENT, h1: ALIGNMENT, h2: ALIGNMENT },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    onOpenTag: (name) => {
      if (name === "pre") openPre++;
    },
    onCloseTag: (name) => {
      if (name === "pre") openPre = Math.max(0, openPre - 1);
    },
    // An image whose address was refused (javascript:, data:) is no image at all.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
    transformTags: {
      // Links open in a new tab and pass no ranking or opener to the target.
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
      // A list pasted with a numbering style keeps it (TipTap reads type="a"); nothing else.
      ol: (tagName, { type, ...attribs }) => ({ tagName, attribs: type && /^[1aAiI]$/.test(type) ? { ...attribs, type } : attribs }),
      // A name not on the list: the tag goes, its text stays.
      code: (tagName, attribs) => (openPre > 0 ? { tagName, attribs } : { tagName: "inline-code", attribs: {} }),
    },
  };
}

/** Editor HTML made safe to render. */
export function sanitizeRichTextUncached(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, options());
}

/**
 * The same, kept by input (keepAnswersByText) for the short texts every page shows again
 * (casino descriptions, the home page's text); a blog post (longer than 4,000 characters)
 * is sanitised each time. Promotion descriptions have their own store (promotions.server.ts).
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeShortText(html);
}

const sanitizeShortText = keepAnswersByText(sanitizeRichTextUncached, { maxInputChars: 4_000, maxChars: 2 * 1024 * 1024 });
