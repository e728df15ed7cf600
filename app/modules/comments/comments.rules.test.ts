import { describe, expect, it } from "vitest";
import { firstCommentProblem } from "./comments.rules";
import { CommentSchema } from "./comments.schema";

// The browser's check and the server's schema must agree on every case the browser sees.
const cases: [string, Record<string, string>][] = [
  ["fine", { userName: "Ali", comment: "metin", rating: "4" }],
  ["blank name", { userName: "  ", comment: "metin", rating: "5" }],
  ["blank comment", { userName: "Ali", comment: " ", rating: "5" }],
  ["both blank", { userName: "", comment: "", rating: "5" }],
  ["long name", { userName: "a".repeat(61), comment: "metin", rating: "5" }],
  ["the longest name", { userName: "a".repeat(60), comment: "metin", rating: "5" }],
  ["the longest name between spaces", { userName: `  ${"a".repeat(60)}  `, comment: "metin", rating: "5" }],
  ["long comment", { userName: "Ali", comment: "b".repeat(2001), rating: "5" }],
  ["the longest comment", { userName: "Ali", comment: "b".repeat(2000), rating: "5" }],
  ["no name field", { comment: "metin", rating: "5" }],
  ["no comment field", { userName: "Ali", rating: "5" }],
  ["no rating field (5 stars)", { userName: "Ali", comment: "metin" }],
  ["rating 1", { userName: "Ali", comment: "metin", rating: "1" }],
  ["rating 5", { userName: "Ali", comment: "metin", rating: "5" }],
  ["rating 6", { userName: "Ali", comment: "metin", rating: "6" }],
  ["rating 2.5", { userName: "Ali", comment: "metin", rating: "2.5" }],
  ["rating 0", { userName: "Ali", comment: "metin", rating: "0" }],
  ["rating abc", { userName: "Ali", comment: "metin", rating: "abc" }],
  ["rating ''", { userName: "Ali", comment: "metin", rating: "" }],
  // Number() reads each of these as a star count; no star sends them.
  ["rating 0x5", { userName: "Ali", comment: "metin", rating: "0x5" }],
  ["rating 5.0", { userName: "Ali", comment: "metin", rating: "5.0" }],
  ["rating 5e0", { userName: "Ali", comment: "metin", rating: "5e0" }],
  ["rating +3", { userName: "Ali", comment: "metin", rating: "+3" }],
  ["rating ' 3'", { userName: "Ali", comment: "metin", rating: " 3" }],
  ["NUL in the name", { userName: "A\u0000li", comment: "metin", rating: "5" }],
  ["a line break in the name", { userName: "A\nli", comment: "metin", rating: "5" }],
  ["an escape code in the comment", { userName: "Ali", comment: "me\u001B[2Jtin", rating: "5" }],
  ["NUL in the comment", { userName: "Ali", comment: "me\u0000tin", rating: "5" }],
  ["line breaks and a tab in the comment", { userName: "Ali", comment: "bir\r\niki\tüç", rating: "5" }],
  ["a zero-width space in the name", { userName: "Ali\u200B", comment: "metin", rating: "5" }],
  ["a right-to-left override in the comment", { userName: "Ali", comment: "harika \u202Etxe.exe", rating: "5" }],
  ["an emoji family (zero-width joiners) in the comment", { userName: "Ali", comment: "süper 👨\u200D👩\u200D👧", rating: "5" }],
  ["a name of Hangul fillers", { userName: "\u3164\u3164", comment: "metin", rating: "5" }],
  ["a comment of blank braille cells", { userName: "Ali", comment: "\u2800\u2800\u2800", rating: "5" }],
  ["a name of garbled bytes (U+FFFD)", { userName: "\uFFFD\uFFFD", comment: "metin", rating: "5" }],
  ["a letter with its accent as a combining mark", { userName: "Sere\u0301n", comment: "gu\u0308zel", rating: "5" }],
];

describe("comment rules in the browser and on the server", () => {
  it.each(cases)("agree on %s", (_, values) => {
    const parsed = CommentSchema.safeParse(values);
    const problem = firstCommentProblem(values);
    expect(problem === null).toBe(parsed.success);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toContain(problem);
  });

  it("gives five stars to a comment whose rating is missing or empty (null), as the form's preselected star does", () => {
    for (const rating of [undefined, null]) {
      expect(CommentSchema.parse({ userName: "Ali", comment: "metin", rating }).rating).toBe(5);
      expect(firstCommentProblem({ userName: "Ali", comment: "metin", rating })).toBeNull();
    }
  });

  it("refuses a rating no star sends, even one Number() reads as stars, and takes each of the five stars", () => {
    for (const rating of ["0x5", "5.0", "5e0", "+3", " 3", "3 ", "0b1", ""]) {
      expect(firstCommentProblem({ userName: "Ali", comment: "metin", rating })).toBe("Lütfen 1 ile 5 arasında bir puan seçin");
      expect(CommentSchema.safeParse({ userName: "Ali", comment: "metin", rating }).error?.issues.map((issue) => issue.message)).toEqual(["Lütfen 1 ile 5 arasında bir puan seçin"]);
    }
    for (const rating of ["1", "2", "3", "4", "5"]) {
      expect(firstCommentProblem({ userName: "Ali", comment: "metin", rating })).toBeNull();
      expect(CommentSchema.parse({ userName: "Ali", comment: "metin", rating }).rating).toBe(Number(rating));
    }
  });

  it("reports the name first when both are blank, as the spec's toasts do", () => {
    expect(firstCommentProblem({ userName: "", comment: "" })).toBe("Lütfen kullanıcı adınızı girin");
  });

  it("refuses control characters with a Turkish message, keeping line breaks in a comment", () => {
    expect(firstCommentProblem({ userName: "A\u0000li", comment: "metin" })).toBe("Kullanıcı adı geçersiz karakterler içeriyor");
    expect(firstCommentProblem({ userName: "Ali", comment: "me\u0007tin" })).toBe("Yorum geçersiz karakterler içeriyor");
    expect(CommentSchema.safeParse({ userName: "Ali", comment: "bir\nsatır daha" }).success).toBe(true);
  });

  // A hostile run published comments that look blank: trim() keeps these characters.
  it("reads a name or comment that draws nothing as missing, and garbled bytes as invalid", () => {
    for (const blank of ["\u3164", "\u115F\u1160", "\uFFA0", "\u2800", "\u034F", " \u3164 \u2800 ", "\u200B\u200C\u200D", "\u00AD\u2060\u180E", "\u{E0001}\u{E0020}", "\u2800\u200B\u3164"]) {
      expect(firstCommentProblem({ userName: blank, comment: "metin" })).toBe("Lütfen kullanıcı adınızı girin");
      expect(firstCommentProblem({ userName: "Ali", comment: blank })).toBe("Lütfen yorumunuzu yazın");
      expect(CommentSchema.safeParse({ userName: "Ali", comment: blank }).error?.issues.map((issue) => issue.message)).toEqual(["Lütfen yorumunuzu yazın"]);
    }
    expect(firstCommentProblem({ userName: "Ali\uFFFD", comment: "metin" })).toBe("Kullanıcı adı geçersiz karakterler içeriyor");
    expect(firstCommentProblem({ userName: "Ali", comment: "harika \uFFFD yorum" })).toBe("Yorum geçersiz karakterler içeriyor");
    // Letters among the fillers make a name.
    expect(CommentSchema.safeParse({ userName: "\u3164Ali\u3164", comment: "\u2800metin" }).success).toBe(true);
  });

  it("refuses invisible characters that make a name pass for another or reverse a comment", () => {
    for (const invisible of ["\u200B", "\u200E", "\u2060", "\uFEFF", "\u202E"]) {
      expect(firstCommentProblem({ userName: `Al${invisible}i`, comment: "metin" })).toBe("Kullanıcı adı geçersiz karakterler içeriyor");
    }
    for (const bidi of ["\u202A", "\u202B", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(firstCommentProblem({ userName: "Ali", comment: `harika ${bidi}yorum` })).toBe("Yorum geçersiz karakterler içeriyor");
      expect(CommentSchema.safeParse({ userName: "Ali", comment: `harika ${bidi}yorum` }).success).toBe(false);
    }
    expect(CommentSchema.safeParse({ userName: "Ali", comment: "süper 👨\u200D👩\u200D👧" }).success).toBe(true);
  });
});
