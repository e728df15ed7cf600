import type * as isbotModule from "isbot";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Counts the bot checks: isbot runs one large regular expression, and the same browsers
// click again and again, so each User-Agent's answer is kept, but only for User-Agents of
// up to 512 characters (a thousand kept answers of any length could hold megabytes).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("isbot", async (importOriginal) => {
  const actual = (await importOriginal()) as typeof isbotModule;
  return {
    ...actual,
    isbot: (userAgent: string | null | undefined) => {
      checks.count++;
      return actual.isbot(userAgent);
    },
  };
});

const { isAutomated } = await import("./clicks.server");

describe("the bot check of a click", () => {
  beforeEach(() => {
    checks.count = 0;
  });

  // Unique to this run: no answer kept from an earlier run in the process counts here.
  const run = Math.random().toString(36).slice(2, 10);
  /** A browser's User-Agent padded to exactly `length` characters, unique to this test. */
  const browserOf = (length: number, tag: string) => {
    const start = `Mozilla/5.0 (X11; Linux x86_64; ${tag}${run}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 `;
    return start + "x".repeat(length - start.length);
  };

  it("tells crawlers and scripts from browsers, whatever the User-Agent's length", () => {
    expect(isAutomated(null)).toBe(true);
    expect(isAutomated("")).toBe(true);
    expect(isAutomated("curl/8.5.0")).toBe(true);
    expect(isAutomated(browserOf(300, "a"))).toBe(false);
    expect(isAutomated(browserOf(513, "b"))).toBe(false);
    expect(isAutomated(`Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ${"x".repeat(600)}`)).toBe(true);
  });

  it("checks a User-Agent of up to 512 characters once and remembers the answer", () => {
    const short = browserOf(120, "c");
    const edge = browserOf(512, "d");
    expect(edge).toHaveLength(512);
    for (let i = 0; i < 5; i++) {
      expect(isAutomated(short)).toBe(false);
      expect(isAutomated(edge)).toBe(false);
    }
    expect(checks.count).toBe(2);
  });

  it("checks a longer User-Agent every time instead of remembering it", () => {
    const long = browserOf(513, "e");
    expect(long).toHaveLength(513);
    for (let i = 0; i < 5; i++) expect(isAutomated(long)).toBe(false);
    expect(checks.count).toBe(5);
  });
});
