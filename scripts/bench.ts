// npm run bench: throughput, latency, memory and page weight of the production server on
// PostgreSQL at scale, against a bare node:http ceiling. Prints a table, writes
// bench/results/latest.json and refreshes the table in README.md. Checked here, never in tests.
import autocannon from "autocannon";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import zlib from "node:zlib";
import pg from "pg";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SCALE = { promotions: 5000, casinos: 300, posts: 1000 };
const PAGES = [
  { name: "home", path: "/" },
  { name: "promotions", path: "/bonuslar" },
  { name: "promotion detail", path: "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu" },
  { name: "casino detail", path: "/casino/anadolu-casino" },
  { name: "blog post", path: "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir" },
  { name: "sitemap.xml", path: "/sitemap.xml" },
];
// Issue 4's targets.
const TARGETS = { ratio: 0.3, p99Ms: 50, jsKb: 120, promotionsHtmlKb: 60, rssMb: 300 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}:\n${output}`)));
  });
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip" } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

function rssOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: Math.round(field("VmRSS")), peakMb: Math.round(field("VmHWM")) };
}

/** The JavaScript a page makes the browser load: its module scripts and preloads. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(match[1]!);
  return [...found];
}

async function main() {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("Building ...");
    if (spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const dbName = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];

  try {
    console.log(`Seeding ${SCALE.promotions} promotions, ${SCALE.casinos} casinos, ${SCALE.posts} posts on PostgreSQL ...`);
    const seed = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed-scale.ts", "--promotions", String(SCALE.promotions), "--casinos", String(SCALE.casinos), "--posts", String(SCALE.posts)], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: "inherit",
    });
    if (seed.status !== 0) throw new Error("seed:scale failed");

    const server = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATABASE_URL: databaseUrl, DEMO_CONTENT: "true", SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(server);
    const port = (await waitForLine(server, /Site ready on http:\/\/localhost:(\d+)/, "server"))[1];
    const base = `http://127.0.0.1:${port}`;

    // Page weight, and the same bytes for the ceiling server.
    const bodies: Record<string, { body: string; contentType: string }> = {};
    const weights: Record<string, number> = {};
    // The JavaScript each page makes the browser load; the largest page is reported.
    const jsByPage: Record<string, number> = {};
    const scriptSizes = new Map<string, number>();
    for (const page of PAGES) {
      const response = await fetch(base + page.path);
      if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      weights[page.path] = gzipSize(body);
      bodies[page.path] = { body: zlib.gzipSync(body, { level: 9 }).toString("base64"), contentType: response.headers.get("content-type") ?? "text/html" };
      if (page.path === "/sitemap.xml") continue;
      let total = 0;
      for (const src of scriptsOf(body.toString())) {
        if (!scriptSizes.has(src)) scriptSizes.set(src, gzipSize(Buffer.from(await (await fetch(base + src)).arrayBuffer())));
        total += scriptSizes.get(src)!;
      }
      jsByPage[page.path] = total;
    }
    const jsBytes = Math.max(...Object.values(jsByPage));

    const ceilingServer = spawn(process.execPath, ["bench/ceiling-server.js"], { stdio: ["pipe", "pipe", "pipe"] });
    children.push(ceilingServer);
    ceilingServer.stdin!.end(JSON.stringify(bodies));
    const ceilingBase = `http://127.0.0.1:${(await waitForLine(ceilingServer, /ready (\d+)/, "ceiling server"))[1]}`;

    const rows = [];
    for (const page of PAGES) {
      process.stdout.write(`Measuring ${page.name} ...`);
      await fetch(base + page.path); // fills the cache
      const app = await load(base + page.path);
      const ceiling = await load(ceilingBase + page.path);
      const jsGzipKb = jsByPage[page.path] === undefined ? null : kb(jsByPage[page.path]!);
      rows.push({ page: page.name, path: page.path, ...app, ceilingRps: ceiling.rps, ratio: Math.round((app.rps / ceiling.rps) * 100) / 100, htmlGzipKb: kb(weights[page.path]!), jsGzipKb });
      process.stdout.write(` ${app.rps} req/s\n`);
    }
    const memory = rssOf(server.pid!);
    const result = {
      date: new Date().toISOString(),
      machine: { cores: (await import("node:os")).cpus().length, node: process.version },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, scale: SCALE, database: "postgresql" },
      pages: rows,
      publicJsGzipKb: kb(jsBytes),
      server: memory,
      targets: TARGETS,
      met: {
        ratio: rows.every((r) => r.ratio >= TARGETS.ratio),
        p99: rows.every((r) => r.p99 < TARGETS.p99Ms),
        js: kb(jsBytes) < TARGETS.jsKb,
        promotionsHtml: rows.find((r) => r.path === "/bonuslar")!.htmlGzipKb < TARGETS.promotionsHtmlKb,
        rss: memory.peakMb < TARGETS.rssMb,
      },
    };

    const table = [
      "| page | req/s | ceiling req/s | ratio | p50 ms | p99 ms | HTML gzip KB | JS gzip KB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.page} | ${r.rps} | ${r.ceilingRps} | ${r.ratio} | ${r.p50} | ${r.p99} | ${r.htmlGzipKb} | ${r.jsGzipKb ?? "-"} |`),
      "",
      `Largest public page JavaScript: ${result.publicJsGzipKb} KB gzip. Server RSS after the run: ${memory.rssMb} MB (peak ${memory.peakMb} MB).`,
      `${CONNECTIONS} connections, ${DURATION_S} s per page, ${result.machine.cores} cores, Node ${process.version}, PostgreSQL with ${SCALE.promotions} promotions, ${SCALE.casinos} casinos, ${SCALE.posts} posts; ${result.date.slice(0, 10)}.`,
      `Targets met: ${Object.entries(result.met).map(([k, v]) => `${k} ${v ? "yes" : "NO"}`).join(", ")}.`,
    ].join("\n");
    console.log(`\n${table}\n`);

    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync("bench/results/latest.json", `${JSON.stringify(result, null, 2)}\n`);
    const readme = fs.readFileSync("README.md", "utf8");
    const marked = /(<!-- bench:start -->)[\s\S]*?(<!-- bench:end -->)/;
    if (marked.test(readme)) fs.writeFileSync("README.md", readme.replace(marked, `$1\n${table}\n$2`));
    console.log("Wrote bench/results/latest.json and the README table.");
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
