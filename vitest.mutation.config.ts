import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:mutation`: the unit and integration tests of app/ (embedded database only),
// which are what StrykerJS runs against each mutant of app/modules and app/lib.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // MUTATION_SHARD_TESTS (scripts/mutation.ts): a shard judged by its own tests only.
    include: process.env.MUTATION_SHARD_TESTS ? JSON.parse(process.env.MUTATION_SHARD_TESTS) : ["app/**/*.test.{ts,tsx}"],
    // MUTATION_UNIT_ONLY=1: unit tests only, for a quick run over the pure rules.
    exclude: process.env.MUTATION_UNIT_ONLY ? ["**/*.server.test.ts", "node_modules/**"] : ["node_modules/**"],
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DATABASE_URL: "" },
  },
});
