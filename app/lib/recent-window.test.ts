import { describe, expect, it } from "vitest";
import { RecentWindow } from "./recent-window";

const WINDOW = 30_000;
const T0 = Date.parse("2026-11-26T12:00:00Z");

describe("RecentWindow", () => {
  it("remembers a key's time and count for at least a window after it was set, whenever in a generation it was set", () => {
    for (const offset of [0, 1, 15_000, WINDOW - 1]) {
      const window = new RecentWindow(WINDOW, 1_000);
      window.advance(T0);
      window.advance(T0 + offset);
      window.set(7, T0 + offset, 2);
      for (const later of [0, 1, WINDOW - 1]) {
        window.advance(T0 + offset + later);
        expect(window.timeOf(7)).toBe(T0 + offset);
        expect(window.countOf(7)).toBe(2);
      }
    }
  });

  it("forgets a key at the latest two windows after its generation began", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(1, T0, 1);
    window.advance(T0 + WINDOW); // the key's generation becomes the previous one
    expect(window.timeOf(1)).toBe(T0);
    window.advance(T0 + 2 * WINDOW); // and is dropped
    expect(window.timeOf(1)).toBeUndefined();
    expect(window.countOf(1)).toBe(0);
    expect(window.size).toBe(0);
  });

  it("keeps a time from the previous generation when the key is set again in the current one", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(5, T0 + 10, 1);
    window.advance(T0 + WINDOW + 20);
    // The address's window began in the previous generation; its count rises in the current one.
    window.set(5, window.timeOf(5)!, window.countOf(5) + 1);
    expect(window.timeOf(5)).toBe(T0 + 10);
    expect(window.countOf(5)).toBe(2);
    window.advance(T0 + 2 * WINDOW + 30);
    expect(window.timeOf(5)).toBe(T0 + 10);
    expect(window.countOf(5)).toBe(2);
  });

  it("tells keys apart and reads the newest setting of each", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(1, T0, 1);
    window.set(2, T0 + 5, 7);
    window.advance(T0 + 6);
    window.set(1, T0 + 6, 3);
    expect([window.timeOf(1), window.countOf(1)]).toEqual([T0 + 6, 3]);
    expect([window.timeOf(2), window.countOf(2)]).toEqual([T0 + 5, 7]);
    expect(window.timeOf(3)).toBeUndefined();
    expect(window.size).toBe(2);
  });

  it("starts a new generation early when the current one is full, forgetting the oldest entries first", () => {
    const window = new RecentWindow(WINDOW, 3);
    window.advance(T0);
    for (const key of [1, 2, 3]) window.set(key, T0);
    window.advance(T0 + 1); // full: a new generation, the three are now the previous one
    for (const key of [4, 5, 6]) window.set(key, T0 + 1);
    expect(window.size).toBe(6);
    window.advance(T0 + 2); // full again: the first three are dropped
    expect([1, 2, 3].map((key) => window.timeOf(key))).toEqual([undefined, undefined, undefined]);
    expect([4, 5, 6].map((key) => window.timeOf(key))).toEqual([T0 + 1, T0 + 1, T0 + 1]);
  });

  it("keeps its entries when the clock is set back by up to a window (they read as just set), forgets them past that", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(1, T0, 1);
    window.advance(T0 - WINDOW);
    expect(window.timeOf(1)).toBe(T0);
    window.set(2, T0 - WINDOW, 2);
    expect([window.timeOf(2), window.countOf(2)]).toEqual([T0 - WINDOW, 2]);
    window.advance(T0 - WINDOW - 1);
    expect(window.timeOf(1)).toBeUndefined();
    expect(window.size).toBe(0);
  });

  it("turns a generation over exactly a window after it began, and starts afresh exactly two windows after", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(1, T0);
    window.advance(T0 + WINDOW); // a new generation begins now
    window.set(2, T0 + WINDOW);
    window.advance(T0 + 2 * WINDOW); // two windows after the first: only the first is dropped
    expect(window.timeOf(1)).toBeUndefined();
    expect(window.timeOf(2)).toBe(T0 + WINDOW);

    const silent = new RecentWindow(WINDOW, 1_000);
    silent.advance(T0);
    silent.set(1, T0);
    silent.advance(T0 + 2 * WINDOW - 1);
    expect(silent.timeOf(1)).toBe(T0);
    const later = new RecentWindow(WINDOW, 1_000);
    later.advance(T0);
    later.set(1, T0);
    later.advance(T0 + 2 * WINDOW); // in one step: nothing of two windows ago is kept
    expect(later.timeOf(1)).toBeUndefined();
  });

  it("forgets everything on clear", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    window.set(2, T0, 1);
    window.clear();
    window.advance(T0);
    expect(window.timeOf(2)).toBeUndefined();
    expect(window.size).toBe(0);
  });

  it("refuses a count that does not fit beside the time", () => {
    const window = new RecentWindow(WINDOW, 1_000);
    window.advance(T0);
    expect(() => window.set(1, T0, 8)).toThrow(RangeError);
    expect(() => window.set(1, T0, -1)).toThrow(RangeError);
    expect(() => window.set(1, T0, 1.5)).toThrow(RangeError);
    // Nor a time its offset could not hold (or that no advance came near).
    expect(() => window.set(1, T0 + 2 * WINDOW + 1)).toThrow(RangeError);
    expect(() => window.set(1, T0 - 2 * WINDOW - 1)).toThrow(RangeError);
    expect(() => new RecentWindow(WINDOW, 10).set(1, T0)).toThrow(RangeError);
    expect(window.timeOf(1)).toBeUndefined();
    window.set(1, T0 + 2 * WINDOW, RecentWindow.MAX_COUNT);
    expect([window.timeOf(1), window.countOf(1)]).toEqual([T0 + 2 * WINDOW, 7]);
  });
});
