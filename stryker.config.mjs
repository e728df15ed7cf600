// @ts-check
// Issue 8: mutation testing over the domain rules (app/modules) and the plumbing (app/lib).
// A mutant that survives is a rule no test pins down. Not part of `npm test` (it takes long).
// MUTATION_SCOPE=rules (`npm run test:mutation:rules`): the pure rules only, against the
// unit tests: minutes instead of the hour or more the whole scope takes on two cores.
const RULES = [
  "app/lib/slug.ts",
  "app/lib/text.ts",
  "app/lib/urls.ts",
  "app/lib/dates.ts",
  "app/lib/turkish.ts",
  "app/lib/list-query.ts",
  "app/modules/promotions/fuzzy.ts",
  "app/modules/promotions/promotions.schema.ts",
  "app/modules/comments/comments.rules.ts",
  "app/modules/comments/comments.paging.ts",
  "app/modules/dashboard/dashboard.schema.ts",
  "app/modules/categories/categories.schema.ts",
  "app/modules/audit/audit.schema.ts",
  // Issue 11: bonus terms, the calculator, outbound paths and targets, the splash period.
  "app/modules/promotions/bonus-terms.ts",
  "app/modules/promotions/bonus-details.ts",
  "app/modules/outbound/outbound-paths.ts",
  "app/modules/outbound/outbound-target.ts",
  "app/modules/splash-ads/splash-frequency.ts",
  "app/lib/defer-hydration.server.ts",
  "app/lib/address-block.ts",
  // 2026-11-26: dates and numbers without Intl (ADR 014), answers kept by text.
  "app/lib/numbers.ts",
  "app/lib/keep-answers.ts",
];
const rulesOnly = process.env.MUTATION_SCOPE === "rules";
if (rulesOnly) process.env.MUTATION_UNIT_ONLY = "1";
// `npm run test:mutation` (scripts/mutation.ts) runs the whole scope one shard (a domain, or
// half of app/lib) at a time: MUTATION_SHARD names it, MUTATION_SHARD_FILES lists its globs.
// Each shard keeps its own incremental file, so a later run retests only the mutants whose
// code or covering tests changed, and the script totals the shards' reports.
const shard = process.env.MUTATION_SHARD;
const shardFiles = shard ? JSON.parse(process.env.MUTATION_SHARD_FILES ?? "[]") : undefined;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: shardFiles ?? (rulesOnly ? RULES : ["app/modules/**/*.ts", "app/lib/**/*.ts", "!app/**/*.test.ts", "!app/**/*.test.tsx"]),
  ignorePatterns: ["build", "build-*", "data", "bench/results", ".react-router", "coverage", "reports"],
  coverageAnalysis: "perTest",
  // Module-level constants would re-run every related test for each mutant; too slow for
  // two cores. Their values are pinned by the spec-text tests instead.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 60_000,
  // The whole scope's first run (every test, once, with coverage per test) takes longer than
  // StrykerJS's default 5 minutes on two cores: it was cut there, so no whole run ever started.
  dryRunTimeoutMinutes: 40,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: shard ? `reports/mutation/shards/${shard}.json` : "reports/mutation/mutation.json" },
  ...(shard ? { incremental: true, incrementalFile: `reports/mutation/shards/${shard}.incremental.json` } : {}),
  // A shard is judged with the others (scripts/mutation.ts breaks the run below 80% overall).
  thresholds: { high: 90, low: 80, break: shard ? null : 80 },
  tempDirName: ".stryker-tmp",
};
export default config;
