import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("links the first, the last and two pages around the current one", () => {
    expect(pageWindow(1, 209)).toEqual([1, 2, 3, "gap", 209]);
    expect(pageWindow(100, 209)).toEqual([1, "gap", 98, 99, 100, 101, 102, "gap", 209]);
    expect(pageWindow(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
