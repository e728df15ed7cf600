import { describe, expect, it } from "vitest";
import { flushOncePerTick } from "./react-router-handler";

describe("flushOncePerTick", () => {
  it("flushes the compressor once for all the pieces written in one tick, and again in the next", async () => {
    let flushes = 0;
    const res: { flush?: () => void } = { flush: () => flushes++ };
    flushOncePerTick(res);
    for (let piece = 0; piece < 30; piece++) res.flush!();
    expect(flushes).toBe(0);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(flushes).toBe(1);
    res.flush!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toBe(2);
  });

  it("leaves an answer without a compressor as it is", () => {
    const res: { flush?: () => void } = {};
    flushOncePerTick(res);
    expect(res.flush).toBeUndefined();
  });
});
