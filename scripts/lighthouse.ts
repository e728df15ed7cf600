// npm run lighthouse: Lighthouse (mobile preset) with Debian's Chromium against the
// production server on the embedded database with demo content. Prints the four category
// scores and LCP/TBT/CLS of each page's median run (LIGHTHOUSE_RUNS, 5) and writes bench/results/lighthouse.json.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PAGES = [
  "/",
  "/bonuslar",
  "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu",
  "/casino/anadolu-casino",
  "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir",
];
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
// Issue 10 §3: LCP at most 1.2 s and performance 100 on all five templates, the rest 100.
const TARGETS = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, lcpMs: 1200 };
// Lighthouse's own advice on variability: several runs per page, judged on the median run
// (its computeMedianRun: the run nearest the median first paint and time to interactive).
// On this shared 2-core VM one page's blocking time ranged from 11 to 206 ms between single
// runs. Runs Lighthouse itself reports as broken (a trace it could not record) are retried.
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? "", 10) || 5);
const MAX_ATTEMPTS = RUNS * 2;

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    if (spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } }).status !== 0) process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
  const server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_CONTENT: "true", ADMIN_EMAIL: "lh@example.com", ADMIN_PASSWORD: "lighthouse-only" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let output = "";
    server.stdout!.on("data", (chunk) => {
      output += chunk;
      const match = /Site ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const rows: Record<string, unknown>[] = [];
  try {
    for (const page of PAGES) {
      await fetch(base + page); // a warm cache, as a visitor would usually meet it
      const runs = [];
      for (let attempt = 0; runs.length < RUNS && attempt < MAX_ATTEMPTS; attempt++) {
        const result = await lighthouse(base + page, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
        const run = result!.lhr;
        if (run.runtimeError || filterToValidRuns([run]).length === 0) console.log(`${page}: run discarded (${run.runtimeError?.code ?? "no paint or interactive time"})`);
        else runs.push(run);
      }
      if (runs.length === 0) throw new Error(`${page}: no valid Lighthouse run in ${MAX_ATTEMPTS} attempts`);
      const lhr = computeMedianRun(runs) as (typeof runs)[number];
      const runScores = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => a.id);
      // Name the elements behind accessibility failures, so they can be found and fixed.
      const accessibilityIds = new Set(lhr.categories.accessibility?.auditRefs.map((ref) => ref.id));
      const offenders = failing
        .filter((id) => accessibilityIds.has(id))
        .map((id) => {
          const items = ((lhr.audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? []).slice(0, 6);
          return `${id}:\n${items.map((item) => `    ${item.node?.snippet ?? ""} ${item.node?.explanation?.split("\n")[1] ?? ""}`).join("\n")}`;
        });
      rows.push({
        page,
        offenders,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
        runScores,
        failing,
      });
    }
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
  }

  const table = [
    "| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | performance of each run |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map((r) => `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${(r.runScores as number[]).join(", ")} |`),
  ].join("\n");
  console.log(`\n${table}`);
  for (const r of rows) {
    if ((r.failing as string[]).length) console.log(`${r.page}: audits below full marks: ${(r.failing as string[]).join(", ")}`);
    for (const offender of r.offenders as string[]) console.log(`  ${offender}`);
  }
  const met = rows.every((r) => (r.performance as number) >= TARGETS.performance && (r.lcpMs as number) <= TARGETS.lcpMs && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100);
  console.log(`\nTargets (performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs} ms, the others 100): ${met ? "met" : "NOT met"}`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/lighthouse.json", `${JSON.stringify({ date: new Date().toISOString(), targets: TARGETS, pages: rows, met }, null, 2)}\n`);
  const readme = fs.readFileSync("README.md", "utf8");
  const marked = /(<!-- lighthouse:start -->)[\s\S]*?(<!-- lighthouse:end -->)/;
  const stamp = `Lighthouse 12.8.2, mobile preset, Debian Chromium, demo content; the median of ${RUNS} runs per page (Lighthouse's computeMedianRun); ${new Date().toISOString().slice(0, 10)}.`;
  if (marked.test(readme)) fs.writeFileSync("README.md", readme.replace(marked, `$1\n${table}\n\n${stamp}\n$2`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
