import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

describe("sanitizeRichText", () => {
  it("keeps what the editor produces", () => {
    const html = '<h2 style="text-align:center">Başlık</h2><p><strong>kalın</strong> <em>eğik</em> <u>alt</u></p><ul><li>bir</li></ul><blockquote>alıntı</blockquote><pre><code>kod</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("drops scripts, event handlers, javascript: links and data: images", () => {
    const dirty = '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="data:image/png;base64,AAA" alt="c"><iframe src="https://x"></iframe>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|javascript:|data:|iframe/);
    expect(clean).toContain("<p>a</p>");
  });

  it("opens links in a new tab with a safe rel, and lazy-loads images", () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<img src="https://example.com/a.png" alt="a">')).toContain('loading="lazy"');
  });

  it("drops styles other than text alignment", () => {
    expect(sanitizeRichText('<p style="position:fixed;text-align:right">x</p>')).toBe('<p style="text-align:right">x</p>');
  });
});
