import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

/**
 * The same HTML written two ways: the editor writes `<br>` and `text-align: center;`, the
 * sanitiser `<br />` and `text-align:center`.
 */
const same = (html: string) => html.replace(/\s*\/>/g, ">").replace(/style="text-align: ?(\w+);?"/g, 'style="text-align:$1"');

// What each toolbar button of components/rich-text-editor.tsx makes, as TipTap writes it
// (tests/e2e/admin-editor.test.ts checks the same in Chromium against the real editor).
const TOOLBAR_OUTPUT: Array<[string, string]> = [
  ["bold", "<p><strong>kalın</strong> metin</p>"],
  ["italic", "<p><em>eğik</em></p>"],
  ["underline", "<p><u>altı çizili</u></p>"],
  ["marks together", "<p><strong><em><u>üçü birden</u></em></strong></p>"],
  ["bullet list", "<ul><li><p>bir</p></li><li><p>iki</p></li></ul>"],
  ["numbered list", "<ol><li><p>bir</p></li><li><p>iki</p></li></ol>"],
  ["numbered list from 3 (typing '3. ')", '<ol start="3"><li><p>üç</p></li></ol>'],
  ["numbered list pasted with letters", '<ol type="a"><li><p>a şıkkı</p></li></ol>'],
  ["nested list", "<ul><li><p>dış</p><ol><li><p>iç</p></li></ol></li></ul>"],
  ["left alignment (the default: no style)", "<p>sol</p>"],
  ["center alignment", '<p style="text-align: center;">orta</p>'],
  ["right alignment", '<p style="text-align: right;">sağ</p>'],
  ["heading 1", "<h1>Başlık</h1>"],
  ["heading 1 right-aligned", '<h1 style="text-align: right;">Başlık</h1>'],
  ["heading 2 centred", '<h2 style="text-align: center;">Alt başlık</h2>'],
  ["link", '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://ornek.com/bonus?x=1&amp;y=2">bağlantı</a></p>'],
  ["link to a plain http address", '<p><a target="_blank" rel="noopener noreferrer nofollow" href="http://ornek.com/">bağlantı</a></p>'],
  ["mail link", '<p><a target="_blank" rel="noopener noreferrer nofollow" href="mailto:destek@ornek.com">yazın</a></p>'],
  ["image by URL with alt text", '<img src="https://cdn.ornek.com/a.png" alt="Kampanya afişi" loading="lazy">'],
  ["image from a plain http address", '<img src="http://cdn.ornek.com/a.png" alt="afiş" loading="lazy">'],
  ["one of our uploads", '<img src="/media/blog-images/blog_1700000000000_abcdefghijkl.png" loading="lazy">'],
  ["code block", "<pre><code>const bonus = 100;\nif (bonus) yatir();</code></pre>"],
  ["code block typed as ```js", '<pre><code class="language-js">let x = 1;</code></pre>'],
  ["quote", "<blockquote><p>alıntı</p></blockquote>"],
  ["line break (shift+enter)", "<p>bir<br>iki</p>"],
  ["empty paragraph", "<p></p>"],
  ["escaped text", "<p>5 &lt; 6 &amp; 7 &gt; 2</p>"],
];

describe("sanitizeRichText", () => {
  it.each(TOOLBAR_OUTPUT)("keeps the editor's %s as it is", (_button, html) => {
    expect(same(sanitizeRichText(html))).toBe(same(html));
  });

  it("keeps a whole document made with every button", () => {
    const html = TOOLBAR_OUTPUT.map(([, part]) => part).join("");
    expect(same(sanitizeRichText(html))).toBe(same(html));
  });

  // Each: what arrives (pasted, posted by hand, or stored before this list) → what stays.
  it.each([
    ["heading 3 to 6", "<h3>üç</h3><h6>altı</h6>", "üçaltı"],
    ["strike", "<p><s>çizik</s><del>silik</del><strike>eski</strike></p>", "<p>çiziksilikeski</p>"],
    ["inline code outside a code block", "<p>yazın <code>npm</code> diye</p>", "<p>yazın npm diye</p>"],
    ["b and i (the editor writes strong and em)", "<p><b>kalın</b><i>eğik</i></p>", "<p>kalıneğik</p>"],
    ["horizontal rule", "<p>a</p><hr><p>b</p>", "<p>a</p><p>b</p>"],
    ["span, div, font", '<div><span style="color:red">kırmızı</span><font color="red">eski</font></div>', "kırmızıeski"],
    ["tables", "<table><tr><td>hücre</td></tr></table>", "hücre"],
    ["script and style with their content", "<p>a</p><script>alert(1)</script><style>p{color:red}</style>", "<p>a</p>"],
    ["iframe, object, embed, form", '<iframe src="https://x"></iframe><object data="x"></object><embed src="x"><form><input name="a"></form>', ""],
    ["svg and math", "<svg><script>alert(1)</script></svg><math><mi>x</mi></math>", "x"],
    ["event handlers", '<p onclick="x()" onmouseover="y()">a</p><img src="https://ornek.com/a.png" onerror="z()">', '<p>a</p><img src="https://ornek.com/a.png" loading="lazy" />'],
    ["classes, ids and data attributes", '<p class="x" id="y" data-z="1">a</p><h1 class="baslik">b</h1>', "<p>a</p><h1>b</h1>"],
    ["styles other than text-align", '<p style="position:fixed;top:0;text-align:right;color:red">x</p>', '<p style="text-align:right">x</p>'],
    ["justify (the editor has left, center, right only)", '<p style="text-align:justify">x</p>', "<p>x</p>"],
    ["alignment on other elements", '<li style="text-align:center">x</li><blockquote style="text-align:right">y</blockquote>', "<li>x</li><blockquote>y</blockquote>"],
    ["link extras (title, class, download, other targets)", '<a href="https://ornek.com" title="t" class="c" download target="_self" rel="opener">x</a>', '<a href="https://ornek.com" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ["javascript:, data: and vbscript: links", '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="vbscript:x">c</a>', '<a target="_blank" rel="noopener noreferrer nofollow">a</a><a target="_blank" rel="noopener noreferrer nofollow">b</a><a target="_blank" rel="noopener noreferrer nofollow">c</a>'],
    ["protocol-relative and ftp links", '<a href="//kotu.example/x">a</a><a href="ftp://x/y">b</a>', '<a target="_blank" rel="noopener noreferrer nofollow">a</a><a target="_blank" rel="noopener noreferrer nofollow">b</a>'],
    ["image extras (title, size, srcset, style)", '<img src="https://ornek.com/a.png" alt="a" title="t" width="10" height="10" srcset="https://kotu.example/b.png 2x" style="width:9999px">', '<img src="https://ornek.com/a.png" alt="a" loading="lazy" />'],
    ["images with a javascript:, data: or protocol-relative address", '<img src="javascript:alert(1)" alt="a"><img src="data:image/png;base64,AAA" alt="b"><img src="//kotu.example/c.png">', ""],
    ["list types the editor cannot make", '<ol type="disc" reversed start="2"><li>x</li></ol>', '<ol start="2"><li>x</li></ol>'],
    ["list types that only end or start like one it makes", '<ol type="lower-alpha"><li>x</li></ol><ol type="i."><li>y</li></ol>', "<ol><li>x</li></ol><ol><li>y</li></ol>"],
    ["images with a mailto: address", '<img src="mailto:destek@ornek.com" alt="a">', ""],
    ["code classes other than a language", '<pre><code class="hljs language-js evil">x</code></pre>', '<pre><code class="language-js">x</code></pre>'],
  ])("drops %s", (_case, dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it("answers an empty string for nothing", () => {
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText(undefined)).toBe("");
    expect(sanitizeRichText("")).toBe("");
  });

  it("drops inline code after a code block has closed in the same document", () => {
    expect(sanitizeRichText("<pre><code>a</code></pre><p>yazın <code>npm</code> diye</p>")).toBe("<pre><code>a</code></pre><p>yazın npm diye</p>");
  });

  // Pasted from pages that split a code block into several code elements, or nest blocks.
  it.each([
    ["several code elements in one block", "<pre><code>bir</code><code>iki</code></pre>"],
    ["a block inside a block, with code after the inner one", '<pre><pre><code>a</code></pre><code class="language-js">b</code></pre>'],
  ])("keeps %s", (_case, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("does not let one document's open code block leak into the next", () => {
    expect(sanitizeRichText("<pre><code>a")).toBe("<pre><code>a</code></pre>");
    expect(sanitizeRichText("<p><code>b</code></p>")).toBe("<p>b</p>");
  });
});
