import { describe, expect, it } from "vitest";
import { keepAnswersByText } from "./keep-answers";

/** keepAnswersByText over `compute`, with the texts it computed. */
function counted(compute: (text: string) => string = (text) => text.toUpperCase(), bounds = { maxInputChars: 10, maxChars: 40 }) {
  const inputs: string[] = [];
  const fn = keepAnswersByText((text) => {
    inputs.push(text);
    return compute(text);
  }, bounds);
  return { fn, inputs };
}

describe("keepAnswersByText", () => {
  it("computes each text once and answers it again from what it kept", () => {
    const { fn, inputs } = counted();
    expect(fn("bonus")).toBe("BONUS");
    expect(fn("bonus")).toBe("BONUS");
    expect(fn("kampanya")).toBe("KAMPANYA");
    expect(fn("bonus")).toBe("BONUS");
    expect(inputs).toEqual(["bonus", "kampanya"]);
  });

  it("keeps a text as long as the input bound, and computes a longer one every time", () => {
    const { fn, inputs } = counted();
    fn("on karakte"); // exactly 10
    fn("on karakte");
    fn("on karakter"); // 11
    fn("on karakter");
    expect(inputs).toEqual(["on karakte", "on karakter", "on karakter"]);
  });

  it("stays within its size bound, dropping the least recently used", () => {
    const { fn, inputs } = counted();
    // Each entry is 2 x 5 = 10 characters: four fit in 40.
    for (const text of ["aaaaa", "bbbbb", "ccccc", "ddddd"]) fn(text);
    fn("aaaaa");
    fn("eeeee");
    inputs.length = 0;
    fn("aaaaa");
    fn("bbbbb");
    expect(inputs).toEqual(["bbbbb"]);
  });

  it("keeps an empty text with an empty answer (a promotion without a description) without failing", () => {
    const { fn, inputs } = counted(() => "");
    expect(fn("")).toBe("");
    expect(fn("")).toBe("");
    expect(fn("x")).toBe("");
    expect(fn("x")).toBe("");
    expect(inputs).toEqual(["", "x"]);
  });

  it("counts only the input of an answer that is not a string when no sizeOf is given", () => {
    const inputs: string[] = [];
    const fn = keepAnswersByText(
      (text) => {
        inputs.push(text);
        return { upper: text.toUpperCase() };
      },
      { maxInputChars: 10, maxChars: 10 },
    );
    // Two 5-character inputs fill 10 exactly; a third drops the least recently used.
    expect(fn("aaaaa")).toEqual({ upper: "AAAAA" });
    fn("bbbbb");
    fn("aaaaa");
    fn("bbbbb");
    expect(inputs).toEqual(["aaaaa", "bbbbb"]);
    fn("ccccc");
    fn("bbbbb");
    fn("aaaaa");
    expect(inputs).toEqual(["aaaaa", "bbbbb", "ccccc", "aaaaa"]);
  });

  it("measures an answer that is not a string with sizeOf", () => {
    const inputs: string[] = [];
    const fn = keepAnswersByText(
      (text) => {
        inputs.push(text);
        return { html: `<p>${text}</p>`, short: text.slice(0, 2) };
      },
      { maxInputChars: 100, maxChars: 30, sizeOf: (answer) => answer.html.length + answer.short.length },
    );
    // 'abcd': 4 + 11 + 2 = 17 characters; two do not fit in 30, so the first is dropped.
    expect(fn("abcd")).toEqual({ html: "<p>abcd</p>", short: "ab" });
    fn("abcd");
    fn("efgh");
    fn("abcd");
    expect(inputs).toEqual(["abcd", "efgh", "abcd"]);
  });
});
