import { describe, expect, it, vi } from "vitest";
import { cutAtWord, cutText, htmlToText, previewText } from "./text";

describe("text helpers", () => {
  it("turns HTML into plain text, dropping scripts and decoding entities", () => {
    expect(htmlToText("<p>Merhaba&nbsp;<strong>dünya</strong></p><script>alert(1)</script><p>A &amp; B</p>")).toBe("Merhaba dünya A & B");
  });

  it("cuts to a length without an ellipsis (short description, 150)", () => {
    expect(cutText("x".repeat(200), 150)).toHaveLength(150);
    expect(cutText("kısa", 150)).toBe("kısa");
  });

  it("adds an ellipsis only when it cut (card preview, 120)", () => {
    expect(previewText("y".repeat(130))).toBe(`${"y".repeat(120)}...`);
    expect(previewText("tam")).toBe("tam");
  });

  // Issue 10 §2: descriptions ended '…Kampany'.
  it("cuts the card preview between words", () => {
    // 108 characters, then a word over the 120th.
    const text = `${"Hoş geldin bonusu ".repeat(6)}Kampanyalarımız geçerlidir.`;
    const preview = previewText(text);
    expect(preview).toBe(`${"Hoş geldin bonusu ".repeat(6).trimEnd()}...`);
    expect(preview).not.toContain("Kampany");
  });
});

describe("meta description cut (issue 10 §2: at a word boundary, with an ellipsis)", () => {
  const sentence = "Yeni üyelere özel bu kampanyada ilk yatırımınız iki katına çıkar. Bonus tutarı slot oyunlarında kullanılabilir ve canlı destek üzerinden Kampanya talep edilir.";

  it("keeps whole words, ends with '…' and stays within the limit", () => {
    const cut = cutAtWord(sentence, 140);
    expect(cut.length).toBeLessThanOrEqual(140);
    expect(cut).toBe("Yeni üyelere özel bu kampanyada ilk yatırımınız iki katına çıkar. Bonus tutarı slot oyunlarında kullanılabilir ve canlı destek üzerinden…");
    // Every word before the ellipsis is a word of the text, whole.
    const words = sentence.split(" ");
    for (const word of cut.slice(0, -1).split(" ")) expect(words).toContain(word);
  });

  it("drops the punctuation a cut leaves behind and leaves short texts alone", () => {
    expect(cutAtWord("Birinci cümle bitti. İkinci cümle burada devam ediyor", 22)).toBe("Birinci cümle bitti…");
    expect(cutAtWord("Kısa açıklama.", 160)).toBe("Kısa açıklama.");
    expect(cutAtWord("  boşluklar   tek\nboşluk  olur ", 160)).toBe("boşluklar tek boşluk olur");
  });

  it("cuts inside a word only when one word fills most of the room", () => {
    expect(cutAtWord(`kısa ${"x".repeat(200)}`, 160)).toBe(`kısa ${"x".repeat(154)}…`);
    expect(cutAtWord(`kısa ${"x".repeat(200)}`, 160)).toHaveLength(160);
  });
});

describe("visible text of HTML", () => {
  it("does not count what the sanitiser drops with its content", () => {
    expect(htmlToText("<textarea>long enough text here</textarea>")).toBe("");
    expect(htmlToText("<p>görünen</p><noscript>gizli metin</noscript><select><option>seçenek</option></select>")).toBe("görünen");
  });
});

describe("entities in a preview", () => {
  // The entity table is built as the module loads: a module loaded afresh shows the one previews use.
  it("writes each entity the editor stores as the character a reader sees", async () => {
    vi.resetModules();
    const { htmlToText: fresh } = await import("./text");
    expect(fresh("<p>&lt;b&gt; &quot;Çarkıfelek&quot; &#39;VIP&#39; Ege &amp; Bet&nbsp;100</p>")).toBe("<b> \"Çarkıfelek\" 'VIP' Ege & Bet 100");
  });
});
