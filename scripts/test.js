// `npm test`: the whole suite. Builds the production bundle (end-to-end tests drive it
// in Debian's Chromium), then runs unit, integration and end-to-end tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1;
const projects = ["--project", "unit", "--project", "integration"];

if (existsSync(CHROMIUM)) {
  projects.push("--project", "e2e");
  const status = run(["node_modules/@react-router/dev/bin.js", "build"]);
  if (status !== 0) process.exit(status);
} else {
  const message = `Chromium was not found at ${CHROMIUM}: end-to-end tests cannot run. Install it with: apt-get install chromium`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message}\nRunning unit and integration tests only.`);
}

if (!process.env.TEST_DATABASE_URL) {
  console.warn("TEST_DATABASE_URL is not set: integration tests run on the embedded database only.");
}

// A JSON report beside the usual output gives the plain closing line CI reads.
const report = path.join(mkdtempSync(path.join(os.tmpdir(), "vitest-report-")), "report.json");
const status = run([
  "node_modules/vitest/vitest.mjs",
  "run",
  ...projects,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
process.exit(status);
