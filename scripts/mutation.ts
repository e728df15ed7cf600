// `npm run test:mutation [-- <shard>...]`: StrykerJS over app/modules and app/lib (issue 8),
// one shard at a time (a domain of app/modules, app/lib's rules, app/lib's server files).
//
// The whole scope is thousands of mutants, many of them covered by integration tests that
// open a database per file: more than one sitting of a two-core machine. Shards make it
// resumable: each keeps StrykerJS's incremental file, so a run retests only the mutants whose
// code or covering tests changed since that shard's last run, and a run cut short loses only
// the shard it was in. Each shard's counts are kept in bench/results/mutation.json (committed);
// the score is the total over every shard's latest counts (marked "so far" while a shard has
// none); the run fails below 80% and rewrites the README's table.
//
//   npm run test:mutation                 every shard
//   npm run test:mutation -- seo media    those shards, then the total over all reports
//   npm run test:mutation -- --report     no run: the total over the counts there are
import { spawnSync, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BREAK = 80;
const root = path.resolve(import.meta.dirname, "..");
const shardsDir = path.join(root, "reports/mutation/shards");

/** `tests`: the test files that judge the shard's mutants, when not every test that covers them. */
type Shard = { name: string; files: string[]; tests?: string[] };

/**
 * The plumbing every write and every page goes through (the command helper, the form action,
 * the page cache, the shared reads): nearly every integration test covers each of their
 * mutants, so they take hours on two cores and run as a shard of their own.
 */
const LIB_SERVER_CORE = ["app/lib/command.server.ts", "app/lib/form-action.server.ts", "app/lib/page-cache.server.ts", "app/lib/shared-reads.server.ts"];

/**
 * The core is judged by its own tests only. With every integration test that covers it, the
 * first run over all of app/lib's server files (959 mutants, the core's 627 among them) had
 * tested 133 after 7 minutes: four hours in all. Its own tests must then pin every rule of
 * it, which is what this shard checks; a mutant only a route's test would catch counts as a
 * survivor here.
 */
const LIB_SERVER_CORE_TESTS = LIB_SERVER_CORE.map((file) => file.replace(/\.server\.ts$/, "*.test.ts"));

/** Every domain of app/modules, then app/lib split into its pure rules, its server files and their core. */
export function shards(): Shard[] {
  const domains = fs
    .readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const notTests = ["!app/**/*.test.ts", "!app/**/*.test.tsx"];
  return [
    ...domains.map((domain) => ({ name: domain, files: [`app/modules/${domain}/**/*.ts`, ...notTests] })),
    { name: "lib", files: ["app/lib/**/*.ts", "!app/lib/**/*.server.ts", ...notTests] },
    { name: "lib-server", files: ["app/lib/**/*.server.ts", ...LIB_SERVER_CORE.map((file) => `!${file}`), ...notTests] },
    { name: "lib-server-core", files: [...LIB_SERVER_CORE, ...notTests], tests: LIB_SERVER_CORE_TESTS },
  ];
}

type Counts = { killed: number; timeout: number; survived: number; noCoverage: number; errors: number };

/** Mutants with a verdict: errors and ignored ones left out. */
const withVerdict = (counts: Counts): number => counts.killed + counts.timeout + counts.survived + counts.noCoverage;

/** StrykerJS's mutation score: mutants detected over mutants with a verdict. */
export function score(counts: Counts): number | undefined {
  const valid = withVerdict(counts);
  return valid === 0 ? undefined : ((counts.killed + counts.timeout) / valid) * 100;
}

export function countReport(report: { files: Record<string, { mutants: { status: string }[] }> }): Counts {
  const counts: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status === "Killed") counts.killed++;
      else if (mutant.status === "Timeout") counts.timeout++;
      else if (mutant.status === "Survived") counts.survived++;
      else if (mutant.status === "NoCoverage") counts.noCoverage++;
      else if (mutant.status === "CompileError" || mutant.status === "RuntimeError") counts.errors++;
    }
  }
  return counts;
}

/**
 * StrykerJS's incremental files (whole sources, about 1 MB a shard) stay out of git in reports/,
 * so a fresh checkout used to run every shard in full: hours. A gzipped copy of each (about
 * 160 kB) is committed here instead and put back before a shard runs, so a checkout retests only
 * the mutants whose code or covering tests changed since the copy (ADR 020 addendum).
 */
const INCREMENTAL_DIR = path.join(root, "bench/results/mutation-incremental");

/** Puts a shard's committed incremental file back, unless this checkout already has one of its own. */
export function restoreIncremental(name: string, from = INCREMENTAL_DIR, to = shardsDir): boolean {
  const kept = path.join(from, `${name}.json.gz`);
  const local = path.join(to, `${name}.incremental.json`);
  if (fs.existsSync(local) || !fs.existsSync(kept)) return false;
  fs.mkdirSync(to, { recursive: true });
  fs.writeFileSync(local, zlib.gunzipSync(fs.readFileSync(kept)));
  return true;
}

/** Keeps a gzipped copy of a shard's incremental file for the next checkout. */
export function keepIncremental(name: string, from = shardsDir, to = INCREMENTAL_DIR): void {
  const local = path.join(from, `${name}.incremental.json`);
  if (!fs.existsSync(local)) return;
  fs.mkdirSync(to, { recursive: true });
  fs.writeFileSync(path.join(to, `${name}.json.gz`), zlib.gzipSync(fs.readFileSync(local), { level: 9 }));
}

function run(shard: Shard): boolean {
  console.log(`\n=== mutation shard ${shard.name} ===`);
  fs.mkdirSync(shardsDir, { recursive: true });
  // The code StrykerJS copies as it starts is what the counts are of.
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "app", "tests"], { cwd: root, encoding: "utf8" }).trim() !== "";
  if (restoreIncremental(shard.name)) console.log(`Incremental: starting from the committed results of ${shard.name}.`);
  const result = spawnSync("npx", ["stryker", "run"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, MUTATION_SHARD: shard.name, MUTATION_SHARD_FILES: JSON.stringify(shard.files), ...(shard.tests ? { MUTATION_SHARD_TESTS: JSON.stringify(shard.tests) } : {}) },
  });
  if (result.status !== 0) return false;
  const report = JSON.parse(fs.readFileSync(path.join(shardsDir, `${shard.name}.json`), "utf8"));
  const results = readResults();
  results[shard.name] = { date: new Date().toISOString().slice(0, 10), commit: dirty ? `${commit}+changes` : commit, counts: countReport(report) };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  keepIncremental(shard.name);
  return true;
}

type Result = { date: string; commit: string; counts: Counts };

/**
 * Each shard's latest counts, committed (StrykerJS's own reports stay in reports/, which is
 * not): a checkout on another machine totals the shards run elsewhere, each with its date and
 * commit, and reruns only what it must.
 */
const RESULTS_FILE = path.join(root, "bench/results/mutation.json");

function readResults(): Record<string, Result> {
  return fs.existsSync(RESULTS_FILE) ? JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) : {};
}

type Row = { name: string; counts?: Counts; date?: string; commit?: string };

function readRows(all: Shard[]): Row[] {
  const results = readResults();
  return all.map(({ name }) => ({ name, ...results[name] }));
}

function percent(value: number | undefined): string {
  return value === undefined ? "-" : `${value.toFixed(1)}%`;
}

export function table(rows: Row[]): { markdown: string; total?: number; complete: boolean } {
  const total: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0 };
  const lines = [
    "| shard | mutants | killed | timed out | survived | no coverage | score | run |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    if (!row.counts) {
      lines.push(`| ${row.name} | - | - | - | - | - | not run | - |`);
      continue;
    }
    const c = row.counts;
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += c[key];
    lines.push(`| ${row.name} | ${withVerdict(c)} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${percent(score(c))} | ${row.date} (${row.commit}) |`);
  }
  const complete = rows.every((row) => row.counts);
  lines.push(
    `| **total${complete ? "" : " so far"}** | ${withVerdict(total)} | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | **${percent(score(total))}** | |`,
  );
  return { markdown: lines.join("\n"), total: score(total), complete };
}

function writeReadme(markdown: string): void {
  const readme = path.join(root, "README.md");
  const text = fs.readFileSync(readme, "utf8");
  const start = "<!-- mutation:start -->";
  const end = "<!-- mutation:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  fs.writeFileSync(readme, `${text.slice(0, from + start.length)}\n${markdown}\n${text.slice(to)}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const all = shards();
  const reportOnly = args.includes("--report");
  const asked = args.filter((arg) => !arg.startsWith("--"));
  const unknown = asked.filter((name) => !all.some((shard) => shard.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown shard: ${unknown.join(", ")}. Shards: ${all.map((shard) => shard.name).join(", ")}`);
    process.exit(2);
  }
  const failed: string[] = [];
  if (!reportOnly) {
    // In the order asked (every shard, in order, when none is named).
    const chosen = asked.length === 0 ? all : asked.map((name) => all.find((shard) => shard.name === name)!);
    for (const shard of chosen) {
      if (!run(shard)) failed.push(shard.name);
    }
  }
  const { markdown, total } = table(readRows(all));
  console.log(`\n${markdown}\n`);
  writeReadme(markdown);
  if (failed.length > 0) {
    console.error(`StrykerJS failed in: ${failed.join(", ")}`);
    process.exit(1);
  }
  if (total !== undefined && total < BREAK) {
    console.error(`Mutation score ${percent(total)} is under ${BREAK}%.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
