import { describe, expect, it } from "vitest";
import { cutText, htmlToText, previewText } from "./text";

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
});

describe("visible text of HTML", () => {
  it("does not count what the sanitiser drops with its content", () => {
    expect(htmlToText("<textarea>long enough text here</textarea>")).toBe("");
    expect(htmlToText("<p>görünen</p><noscript>gizli metin</noscript><select><option>seçenek</option></select>")).toBe("görünen");
  });
});
