import type sanitizeHtml from "sanitize-html";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Counts the parses: the point of keeping answers is that a description read for every
// page is parsed once, not once per render.
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock("sanitize-html", async (importOriginal) => {
  const actual = ((await importOriginal()) as { default: typeof sanitizeHtml }).default;
  const counted = Object.assign((html: string, options?: sanitizeHtml.IOptions) => {
    parses.count++;
    return actual(html, options);
  }, actual);
  return { default: counted };
});

const { sanitizeRichText } = await import("./sanitize.server");

describe("sanitizeRichText keeps its answers", () => {
  beforeEach(() => {
    parses.count = 0;
  });

  it("parses a description once however many pages show it, and gives the same safe HTML each time", () => {
    const description = '<p>Hoş geldin <strong>bonusu</strong></p><script>alert(1)</script><img src="javascript:alert(1)">';
    const first = sanitizeRichText(description);
    for (let page = 0; page < 24; page++) expect(sanitizeRichText(description)).toBe(first);
    expect(first).toBe("<p>Hoş geldin <strong>bonusu</strong></p>");
    expect(parses.count).toBe(1);
  });

  it("sanitises a changed text afresh: the answer follows the input, never a neighbour's", () => {
    expect(sanitizeRichText("<p>birinci</p>")).toBe("<p>birinci</p>");
    expect(sanitizeRichText("<p>ikinci</p><iframe></iframe>")).toBe("<p>ikinci</p>");
    expect(sanitizeRichText("<p>birinci</p>")).toBe("<p>birinci</p>");
    expect(parses.count).toBe(2);
  });

  it("keeps no state from one text to the next: an unclosed code block does not let a later inline code through", () => {
    expect(sanitizeRichText("<pre><code>a")).toBe("<pre><code>a</code></pre>");
    expect(sanitizeRichText("<p><code>x</code></p>")).toBe("<p>x</p>");
  });

  it("does not keep a long text (a whole blog post), which would crowd the short ones out", () => {
    const post = `<p>${"uzun yazı ".repeat(2000)}</p>`;
    sanitizeRichText(post);
    sanitizeRichText(post);
    expect(parses.count).toBe(2);
    const card = `<p>${"kısa ".repeat(100)}</p>`;
    sanitizeRichText(card);
    sanitizeRichText(card);
    expect(parses.count).toBe(3);
  });
});
