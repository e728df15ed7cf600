import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * Captures console.warn in each test of the calling block (refusals log one line each) and
 * gives its calls as lines; the real console.warn is back after each test.
 */
export function captureWarnings(): () => string[] {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());
  return () => warn.mock.calls.map((call) => call.map(String).join(" "));
}
