import { describe, expect, it } from "vitest";
import { keptByText } from "./kept-by-text.server";

function counted() {
  const inputs: string[] = [];
  const fn = keptByText(
    (text) => {
      inputs.push(text);
      return text.toUpperCase();
    },
    { maxInputChars: 10, maxChars: 40 },
  );
  return { fn, inputs };
}

describe("keptByText", () => {
  it("computes each text once and answers it again from what it kept", () => {
    const { fn, inputs } = counted();
    expect(fn("bonus")).toBe("BONUS");
    expect(fn("bonus")).toBe("BONUS");
    expect(fn("kampanya")).toBe("KAMPANYA");
    expect(fn("bonus")).toBe("BONUS");
    expect(inputs).toEqual(["bonus", "kampanya"]);
  });

  it("computes a text longer than the input bound every time", () => {
    const { fn, inputs } = counted();
    fn("on karakter");
    fn("on karakter");
    fn("dokuz kar");
    fn("dokuz kar");
    expect(inputs).toEqual(["on karakter", "on karakter", "dokuz kar"]);
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

  it("keeps an empty answer too", () => {
    const inputs: string[] = [];
    const fn = keptByText((text) => {
      inputs.push(text);
      return "";
    });
    expect(fn("x")).toBe("");
    expect(fn("x")).toBe("");
    expect(inputs).toEqual(["x"]);
  });
});
