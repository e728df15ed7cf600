import { describe, expect, it } from "vitest";
import { cutAtWord, cutText, htmlToText, previewText } from "./text";

// Edges the mutation run found unpinned (a text exactly at its limit, trailing spaces,
// elements with attributes, doubled punctuation at a cut).
describe("text cut-offs at their edges", () => {
  it("drops a script with attributes and its content, keeping the words around it apart", () => {
    expect(htmlToText('<p>önce<script type="text/javascript">alert(1)</script>sonra</p>')).toBe("önce sonra");
  });

  it("leaves a text exactly at the limit whole, trailing space included", () => {
    expect(cutText("abc ", 4)).toBe("abc ");
    expect(cutAtWord("abc def", 7)).toBe("abc def");
    expect(previewText("abc def", 7)).toBe("abc def");
  });

  it("drops the spaces a cut leaves at the end, not at the start", () => {
    expect(cutText("  abcd  efgh", 8)).toBe("  abcd");
  });

  // A word cut keeps at least 60% of the room (6 of 10 here), or it cuts inside the word.
  it("ends on a word boundary that keeps exactly 60% of the room, and cuts inside the word below it", () => {
    expect(previewText("aaaaaa bbbbbbbbb", 10)).toBe("aaaaaa...");
    expect(previewText("aaaaa bbbbbbbbbb", 10)).toBe("aaaaa bbbb...");
  });

  it("drops every punctuation mark a word cut leaves at the end", () => {
    expect(previewText("aaaa bbbb!! cccc dddd", 11)).toBe("aaaa bbbb...");
  });
});
