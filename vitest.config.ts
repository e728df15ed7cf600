import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on this
    // project's two-core machines, leaving a core idle through the integration tests (their
    // PGlite is single-threaded). Two workers halve that part of CI. End-to-end files, each
    // with its own production server and browser, stay at two as well (three gained nothing).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.server.test.ts", "node_modules/**"],
          setupFiles: ["tests/helpers/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["app/**/*.server.test.ts", "server/**/*.server.test.ts"],
          setupFiles: ["tests/helpers/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          setupFiles: ["tests/helpers/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
