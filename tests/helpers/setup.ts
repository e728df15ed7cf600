import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect } from "vitest";

// Every test process gets its own DATA_DIR and a fixed secret; nothing touches ./data.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "bonus-test-"));
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.DEMO_CONTENT ??= "false";

// STYLE.md: a test that logs an unexpected console.error fails.
let errors: unknown[][] = [];
let allowed = false;
const original = console.error;

/** Lets the current test log errors (for tests of failure paths). */
export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  errors = [];
  allowed = false;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    if (allowed) return;
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (!allowed) expect(errors, "unexpected console.error").toEqual([]);
});
