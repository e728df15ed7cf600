// npm run bench: throughput, latency, memory and page weight of the production server on
// PostgreSQL at scale, against a bare node:http ceiling; then a mixed run (reads, one request
// in five a comment) and a cache-busting flood (issue 7, finding 14). Prints tables, writes
// bench/results/latest.json and refreshes the table in README.md (BENCH_WRITE=0: neither).
// Checked here, never in tests.
import autocannon from "autocannon";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const WRITE = process.env.BENCH_WRITE !== "0";
// Issue 7: 64 visitors, one request in five a comment; 5,000 unique query strings.
const MIXED_CONNECTIONS = 64;
// The latency target is judged at a steady arrival rate (64 visitors do not click as fast
// as a saturating load generator can): 600 req/s is over five times what the outside probe
// measured this scenario at. The saturated run is reported beside it, for throughput.
const MIXED_RATE = Number(process.env.BENCH_MIXED_RATE ?? 600);
const FLOOD_REQUESTS = Number(process.env.BENCH_FLOOD ?? 5000);
const MIXED_READS = [
  "/",
  "/bonuslar",
  "/bonuslar?sayfa=2",
  "/blog",
  "/guvenilir-siteler",
  "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu",
  "/casino/anadolu-casino",
  "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir",
  "/sitemap.xml",
];
const HOT_PAGES = ["/", "/bonuslar", "/blog"];
const SCALE = { promotions: 5000, casinos: 300, posts: 1000, comments: 20000, clickDays: 60 };
// Issue 8 §5: every admin list and form at 8 concurrent operators, p99 under 100 ms.
const ADMIN_CONNECTIONS = 8;
const ADMIN_P99_MS = 100;
const BENCH_ADMIN = { email: "bench@example.com", password: "bench-sifre-123" };
const PAGES = [
  { name: "home", path: "/" },
  { name: "promotions", path: "/bonuslar" },
  { name: "promotion detail", path: "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu" },
  { name: "casino detail", path: "/casino/anadolu-casino" },
  { name: "blog post", path: "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir" },
  { name: "sitemap.xml", path: "/sitemap.xml" },
];
// Issue 11 §3: the outbound redirect at 32 connections, each request a new visitor (so every
// one is counted), saturated and at a steady rate; then every counted click must be in the
// database. BENCH_ONLY=redirect runs just this part, on the demo content (BENCH_ONLY=admin
// and BENCH_ONLY=cold run theirs, on the scale seed). The p99 target is
// judged at the steady rate (2,000 clicks a second, 170 million a day; the median of three
// runs, beside a bare ceiling server at the same rate): saturated, the
// load generator shares the two cores with the server and its own queue sets the tail (a
// CPU profile of the server during that run: half idle, 25,000 redirects a second).
const REDIRECT_PATH = "/git/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu?yer=card";
const REDIRECT_RATE = Number(process.env.BENCH_REDIRECT_RATE ?? 2000);
const REDIRECT_RUNS = 3;
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !["redirect", "admin", "cold"].includes(ONLY)) {
  console.error(`BENCH_ONLY=${ONLY}: use redirect, admin or cold (or leave it unset for the whole run).`);
  process.exit(2);
}
/** The V8 heap flags of `npm start` (`--max-old-space-size=256 --initial-old-space-size=128`, ADR 017). */
const START_HEAP_FLAGS = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.match(/--[a-z-]+-space-size=\d+/g) ?? [];
if (!START_HEAP_FLAGS.some((flag) => flag.startsWith("--max-old-space-size="))) {
  throw new Error("package.json's start script has no --max-old-space-size=N: the bench would run another server than npm start.");
}
// Issue 4's targets; issue 11's redirect p99.
const TARGETS = { ratio: 0.3, p99Ms: 50, jsKb: 120, promotionsHtmlKb: 60, rssMb: 300, mixedHitRatio: 0.9, redirectP99Ms: 5, coldRendersPerS: 300 };

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

/**
 * The ceiling: a bare node:http server answering stored bytes from memory (and a bare 302 for
 * any /git/ path), as fast as any Node server on this machine can.
 */
async function startCeilingServer(children: ChildProcess[], bodies: Record<string, { body: string; contentType: string }>) {
  const ceilingServer = spawn(process.execPath, ["bench/ceiling-server.js"], { stdio: ["pipe", "pipe", "pipe"] });
  children.push(ceilingServer);
  ceilingServer.stdin!.end(JSON.stringify(bodies));
  return `http://127.0.0.1:${(await waitForLine(ceilingServer, /ready (\d+)/, "ceiling server"))[1]}`;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { "accept-encoding": "gzip", ...headers } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

type PacedRequest = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
type PacedAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; latencyMs: number };

/**
 * An open-loop load at a steady rate: request n is due at start + n / rate, spread evenly
 * (autocannon's rate limit sends each connection's whole second's worth at once, so its
 * "600 req/s" arrives as one burst of 600 a second). At most `connections` are open; a
 * request that waits for one waits on the clock: its latency counts from when it was sent
 * (its due time, or later when this client's own loop was late, which is left out),
 * queueing for a connection included, so a slow server cannot hide behind a client that
 * stopped sending.
 */
async function paced(
  base: string,
  options: { rate: number; durationS: number; connections: number },
  build: (n: number) => PacedRequest,
  onAnswer: (n: number, answer: PacedAnswer) => void,
): Promise<{ rps: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const { hostname, port } = new URL(base);
  const total = Math.round(options.rate * options.durationS);
  const start = performance.now();
  let errors = 0;
  const answers: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const spec = build(n);
    const sentAt = Math.max(due, performance.now());
    answers.push(
      new Promise<void>((resolve) => {
        const request = http.request({ hostname, port, agent, method: spec.method, path: spec.path, headers: spec.headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", () => {
            errors++;
            resolve();
          });
          response.on("end", () => {
            onAnswer(n, { status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString(), latencyMs: performance.now() - sentAt });
            resolve();
          });
        });
        request.on("error", () => {
          errors++;
          resolve();
        });
        request.end(spec.body);
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return { rps: Math.round(total / ((performance.now() - start) / 1000)), errors };
}

/**
 * Reads and comments from 64 connections, one request in five a comment on one of a few
 * promotions (each from its own address: the comment limit is per client, and the server
 * trusts one proxy). Saturated (autocannon) or at a steady rate (paced). Counts cache hits
 * of the reads and checks afterwards that every acknowledged comment is in the database.
 */
async function mixedRun(base: string, databaseUrl: string, commentTargets: string[], overallRate?: number) {
  const run = crypto.randomBytes(4).toString("hex");
  let sent = 0;
  const reads = { hits: 0, misses: 0, other: 0, latencies: [] as number[] };
  const comments = { statuses: {} as Record<string, number>, acknowledged: [] as string[], latencies: [] as number[] };
  const readPath = () => MIXED_READS[Math.floor(Math.random() * MIXED_READS.length)]!;
  const commentRequest = () => {
    const n = sent++;
    const target = commentTargets[n % commentTargets.length]!;
    return {
      path: `/api/promotions/${target}/comments`,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: new URLSearchParams({ userName: "Ölçüm", comment: `Ölçüm yorumu ${run} ${n}`, rating: String(1 + (n % 5)) }).toString(),
    };
  };
  const readAnswered = (status: number, headers: Record<string, unknown>, latencyMs: number) => {
    reads.latencies.push(latencyMs);
    if (status !== 200) reads.other++;
    // Header names may come as sent. A STALE answer (a page whose comments changed, served
    // while one render refreshes it: ADR 010) also came from the cache.
    else if (Object.entries(headers).some(([name, value]) => name.toLowerCase() === "x-cache" && (value === "HIT" || value === "STALE"))) reads.hits++;
    else reads.misses++;
  };
  const commentAnswered = (status: number, body: string, latencyMs: number) => {
    comments.latencies.push(latencyMs);
    comments.statuses[status] = (comments.statuses[status] ?? 0) + 1;
    if (status === 201) comments.acknowledged.push((JSON.parse(body) as { comment: { id: string } }).comment.id);
  };

  let rps: number;
  let errors: number;
  if (overallRate) {
    // One request in five a comment, the reads asking for gzip as browsers do.
    const outcome = await paced(
      base,
      { rate: overallRate, durationS: DURATION_S, connections: MIXED_CONNECTIONS },
      (n) => (n % 5 === 4 ? { method: "POST", ...commentRequest() } : { method: "GET", path: readPath(), headers: { "accept-encoding": "gzip" } }),
      (n, answer) => (n % 5 === 4 ? commentAnswered(answer.status, answer.body, answer.latencyMs) : readAnswered(answer.status, answer.headers, answer.latencyMs)),
    );
    rps = outcome.rps;
    errors = outcome.errors;
  } else {
    const started = new Map<object, number>();
    const read = {
      method: "GET" as const,
      setupRequest: (request: Record<string, unknown>, context: object) => {
        started.set(context, performance.now());
        return { ...request, path: readPath() };
      },
      onResponse: (status: number, _body: string, context: object, headers: Record<string, string>) => readAnswered(status, headers, performance.now() - started.get(context)!),
    };
    const comment = {
      method: "POST" as const,
      setupRequest: (request: Record<string, unknown>, context: object) => {
        started.set(context, performance.now());
        return { ...request, ...commentRequest() };
      },
      onResponse: (status: number, body: string, context: object) => commentAnswered(status, body, performance.now() - started.get(context)!),
    };
    const result = await autocannon({
      url: base,
      connections: MIXED_CONNECTIONS,
      duration: DURATION_S,
      headers: { "accept-encoding": "gzip" },
      requests: [read, read, read, read, comment] as unknown as autocannon.Request[],
    });
    rps = Math.round(result.requests.average);
    errors = result.errors;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from promotion_comments where id = any($1::uuid[])", [comments.acknowledged]);
  await client.end();
  const readCount = reads.hits + reads.misses;
  return {
    rps,
    p99: percentile([...reads.latencies, ...comments.latencies], 99),
    reads: { count: readCount, hitRatio: readCount ? Math.round((reads.hits / readCount) * 1000) / 1000 : 0, non200: reads.other, p50: percentile(reads.latencies, 50), p99: percentile(reads.latencies, 99) },
    comments: { statuses: comments.statuses, acknowledged: comments.acknowledged.length, lost: comments.acknowledged.length - rows[0]!.n, p99: percentile(comments.latencies, 99) },
    errors,
  };
}

/**
 * Issue 10 §3: cold renders of the hot pages, what every page costs after an admin write or
 * for a crawler. The page cache ignores query parameters a page does not read, so unique
 * query strings no longer miss it; the `__fresh` cookie (a visitor who just commented, ADR
 * 010) makes every request render afresh and stores nothing.
 */
async function coldRun(base: string) {
  const rows: { page: string; rps: number; p50: number; p99: number }[] = [];
  for (const page of HOT_PAGES) rows.push({ page, ...(await load(base + page, { cookie: "__fresh=1" })) });
  return rows;
}

/** 5,000 requests with unique query strings; then: are the pages everyone reads still cached? */
async function floodRun(base: string, pid: number) {
  const before = rssOf(pid);
  for (const page of HOT_PAGES) for (let i = 0; i < 2; i++) await (await fetch(base + page)).arrayBuffer();
  let n = 0;
  const shapes = [(i: number) => `/?x=${i}`, (i: number) => `/bonuslar?q=${i}`, (i: number) => `/blog?utm_source=${i}`, (i: number) => `/bonuslar?q=&sayfa=abc${i}`];
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: FLOOD_REQUESTS,
    headers: { "accept-encoding": "gzip" },
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: shapes[n % shapes.length]!(n++) }) }] as unknown as autocannon.Request[],
  });
  const hot: Record<string, string | null> = {};
  for (const page of HOT_PAGES) {
    const response = await fetch(base + page);
    await response.arrayBuffer();
    hot[page] = response.headers.get("x-cache");
  }
  return { requests: FLOOD_REQUESTS, rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx, hot, hotStayed: Object.values(hot).every((v) => v === "HIT"), rssBeforeMb: before.rssMb, ...rssOf(pid) };
}

/** Signs the bench admin in and loads every admin list and form, plus a write, at 8 operators. */
async function adminRun(base: string, databaseUrl: string) {
  const signIn = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(BENCH_ADMIN),
  });
  const cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith("__admin_session=")) ?? "").split(";")[0];
  if (!cookie) throw new Error(`bench admin could not sign in (${signIn.status})`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (query: string) => (await client.query<{ id: string }>(query)).rows[0]!.id;
  const promotionId = await one("select id from promotions where expiry_date is null order by created_at desc limit 1");
  const casinoId = await one("select id from casinos order by created_at desc limit 1");
  const splashId = await one("select id from splash_ads limit 1");
  await client.end();
  const pages = [
    ["dashboard", "/admin/dashboard"],
    ["promotions", "/admin/promotions"],
    ["promotions search", "/admin/promotions?q=bonus&sayfa=3"],
    ["promotion form", `/admin/promotions/edit/${promotionId}`],
    ["new promotion", "/admin/promotions/new"],
    ["casinos", "/admin/casinos?sirala=name&yon=asc"],
    ["casino form", `/admin/casinos/edit/${casinoId}`],
    ["categories", "/admin/categories"],
    ["comments", "/admin/comments"],
    ["comments filtered", "/admin/comments?puan=5&q=bonus"],
    ["splash ads", "/admin/splash-ads"],
    ["splash ad form", `/admin/splash-ads/edit/${splashId}`],
    ["settings", "/admin/settings"],
    ["seo settings", "/admin/seo-settings"],
    ["audit log", "/admin/audit"],
  ] as const;
  type Measured = { rps: number; p50: number; p99: number; errors: number };
  const rows: ({ page: string } & Measured & { navigation?: Measured })[] = [];
  const run = async (options: autocannon.Options): Promise<Measured> => {
    // 8 connections, each sending its next request the moment an answer arrives.
    const result = await autocannon({ connections: ADMIN_CONNECTIONS, duration: Math.max(3, Math.round(DURATION_S / 2)), ...options });
    return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx - (options.method === "POST" ? result["3xx"] ?? 0 : 0) };
  };
  const measure = async (page: string, options: autocannon.Options) => rows.push({ page, ...(await run(options)) });
  for (const [page, path] of pages) {
    // The page as it loads in a new tab, then its data as a click inside the back office
    // fetches it (`.data`: the loaders only; the browser renders). Every loader of the page
    // runs here, as on a reload or a new search; a click between two lists runs fewer.
    const [pathname, search = ""] = path.split("?");
    const dataUrl = `${base}${pathname}.data${search ? `?${search}` : ""}`;
    // A redirect (an ended session) answers 202 to a data request, which counts as success.
    const probe = await fetch(dataUrl, { headers: { cookie }, redirect: "manual" });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${dataUrl} answered ${probe.status}`);
    // Measured warm, as an operator meets a server that has been up for a while: the first
    // requests of each route compile its code (V8's JIT), which a fresh process pays once.
    await autocannon({ connections: ADMIN_CONNECTIONS, duration: 2, url: base + path, headers: { cookie } });
    await autocannon({ connections: ADMIN_CONNECTIONS, duration: 1, url: dataUrl, headers: { cookie } });
    const newTab = await run({ url: base + path, headers: { cookie } });
    const navigation = await run({ url: dataUrl, headers: { cookie } });
    rows.push({ page, ...newTab, navigation });
  }
  // A write: an operator re-activating a promotion (a transaction, an audit row, the cache dropped).
  await measure("write: promotion toggle", {
    url: `${base}/admin/promotions`,
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "toggle", id: promotionId, isActive: "true" }).toString(),
  });
  return rows;
}

/**
 * The /git/ redirect at CONNECTIONS connections: every request from its own address (one
 * trusted proxy) with a browser's User-Agent, so each is a counted click. Every answer must
 * be a 302; afterwards the clicks in outbound_clicks must equal the answers (none lost).
 */
async function redirectRun(base: string, databaseUrl: string, ceilingBase: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sum = async () => (await client.query<{ n: number }>("select coalesce(sum(clicks), 0)::int as n from outbound_clicks")).rows[0]!.n;
  try {
    const before = await sum();
    let sent = 0;
    let answered = 0;
    const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const visitor = () => {
      const n = sent++;
      return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    };
    const saturatedRun = async () => {
      const result = await autocannon({
        url: base + REDIRECT_PATH,
        connections: CONNECTIONS,
        duration: Math.max(3, Math.round(DURATION_S / 2)),
        headers: { "user-agent": userAgent },
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => ({ ...request, headers: { ...(request.headers as object), "x-forwarded-for": visitor() } }),
            onResponse: (status: number) => {
              if (status === 302) answered++;
            },
          },
        ] as unknown as autocannon.Request[],
      });
      const other = result.requests.total - (result["3xx"] ?? 0);
      if (other > 0 || result.errors > 0) throw new Error(`${REDIRECT_PATH}: ${other} answers that were not 302, ${result.errors} errors`);
      return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
    };
    const steadyRun = async (rate: number, target = base) => {
      const latencies: number[] = [];
      let other = 0;
      const outcome = await paced(
        target,
        { rate, durationS: Math.max(3, Math.round(DURATION_S / 2)), connections: CONNECTIONS },
        () => ({ method: "GET", path: REDIRECT_PATH, headers: { "user-agent": userAgent, "x-forwarded-for": visitor() } }),
        (_n, answer) => {
          latencies.push(answer.latencyMs);
          if (answer.status !== 302) other++;
          else if (target === base) answered++;
        },
      );
      if (other > 0 || outcome.errors > 0) throw new Error(`${REDIRECT_PATH}: ${other} answers that were not 302, ${outcome.errors} errors`);
      return { rps: outcome.rps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    };
    // The first request reads the target; every later one is answered from memory.
    await fetch(base + REDIRECT_PATH, { redirect: "manual", headers: { "user-agent": "bench-warmup-bot" } });
    // The steady runs come first, after a short warm-up at their rate: they measure the steady
    // state, not the aftermath of the saturated run (whose hundreds of thousands of visitors
    // and their garbage the collector was still working through; the first steady run after
    // it was the slowest of three in four of five runs on 2026-11-26).
    await steadyRun(REDIRECT_RATE);
    // Sub-5-ms tails on a shared two-core machine move from run to run (the bare ceiling's
    // own p99 ranged from 2.5 to 13 ms in five runs on 2026-11-26): three steady runs of the
    // server, each followed by one of the ceiling, and the target judged on the median p99.
    const steadyRuns: { rps: number; p50: number; p99: number }[] = [];
    const ceilingRuns: { rps: number; p50: number; p99: number }[] = [];
    for (let i = 0; i < REDIRECT_RUNS; i++) {
      steadyRuns.push(await steadyRun(REDIRECT_RATE));
      ceilingRuns.push(await steadyRun(REDIRECT_RATE, ceilingBase));
    }
    const median = <T extends { p99: number }>(runs: T[]) => [...runs].sort((a, b) => a.p99 - b.p99)[Math.floor(runs.length / 2)]!;
    const steady = { ...median(steadyRuns), p99s: steadyRuns.map((run) => run.p99), ceilingP99s: ceilingRuns.map((run) => run.p99), ceilingP99: median(ceilingRuns).p99 };
    const saturated = await saturatedRun();
    // The tally is written every 5 s: wait for the last clicks to arrive.
    let counted = (await sum()) - before;
    for (let i = 0; i < 40 && counted < answered; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counted = (await sum()) - before;
    }
    // Requests still in flight when a run stops are counted by the server but their answers
    // are not read here: `counted` may exceed `answered` by those, never fall short of it.
    return { path: REDIRECT_PATH, saturated, steady: { rate: REDIRECT_RATE, ...steady }, answered, counted, lost: Math.max(0, answered - counted) };
  } finally {
    await client.end();
  }
}

function rssOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: Math.round(field("VmRSS")), peakMb: Math.round(field("VmHWM")) };
}

/**
 * The JavaScript a page makes the browser load: its script and preload tags, the modules
 * its inline module script imports (also when a public page starts it after load: ADR 011,
 * the source then sits in a string), and every module those import statically, followed
 * through the served files. Modules imported on demand (`import()` inside a module, such
 * as the dashboard's chart) are not counted.
 */
async function scriptsOf(base: string, html: string): Promise<string[]> {
  const found = new Set<string>();
  const sources = [html];
  for (const match of html.matchAll(/<script data-hydration="deferred">[^<]*\((".*?")\)<\/script>/g)) sources.push(JSON.parse(match[1]!) as string);
  for (const source of sources) {
    for (const match of source.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) found.add(match[1]!);
    for (const match of source.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(match[1]!);
    for (const match of source.matchAll(/\bfrom\s*"([^"]+\.js)"/g)) found.add(match[1]!);
  }
  const queue = [...found];
  while (queue.length) {
    const src = queue.pop()!;
    const code = await (await fetch(new URL(src, base))).text();
    for (const match of code.matchAll(/\b(?:from|import)\s*"([^"]+\.js)"/g)) {
      const imported = new URL(match[1]!, new URL(src, base)).pathname;
      if (!found.has(imported)) {
        found.add(imported);
        queue.push(imported);
      }
    }
  }
  return [...found];
}

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    console.log("Building ...");
    if (spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } }).status !== 0) process.exit(1);
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
    const seedScale = ONLY !== "redirect";
    console.log(!seedScale ? "BENCH_ONLY: on the demo content, without the scale seed" : `Seeding ${SCALE.promotions} promotions, ${SCALE.casinos} casinos, ${SCALE.posts} posts on PostgreSQL ...`);
    const seed = !seedScale ? { status: 0 } : spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed-scale.ts", "--promotions", String(SCALE.promotions), "--casinos", String(SCALE.casinos), "--posts", String(SCALE.posts), "--comments", String(SCALE.comments), "--click-days", String(SCALE.clickDays)], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: "inherit",
    });
    if (seed.status !== 0) throw new Error("seed:scale failed");

    // The same heap flags `npm start` sets (package.json, read from there so the two never
    // drift): the cache is bounded, V8's lazy collection of the garbage renders leave is not
    // unless told; the old generation starts at 128 MB (ADR 017).
    const server = spawn(process.execPath, [...START_HEAP_FLAGS, "server.js"], {
      // One trusted proxy: the mixed run's comments come from many addresses (X-Forwarded-For).
      env: { ...process.env, BUILD_DIR, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATABASE_URL: databaseUrl, DEMO_CONTENT: "true", TRUST_PROXY: "1", SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0", ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(server);
    const port = (await waitForLine(server, /Site ready on http:\/\/localhost:(\d+)/, "server"))[1];
    const base = `http://127.0.0.1:${port}`;

    if (ONLY === "redirect") {
      const redirect = await redirectRun(base, databaseUrl, await startCeilingServer(children, {}));
      console.log(JSON.stringify(redirect, null, 2));
      return;
    }
    // BENCH_ONLY=admin or cold: that part alone, on the scale seed, printed and not written.
    if (ONLY === "admin" || ONLY === "cold") {
      console.log(JSON.stringify(ONLY === "admin" ? await adminRun(base, databaseUrl) : await coldRun(base), null, 2));
      return;
    }

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
      for (const src of await scriptsOf(base, body.toString())) {
        if (!scriptSizes.has(src)) scriptSizes.set(src, gzipSize(Buffer.from(await (await fetch(base + src)).arrayBuffer())));
        total += scriptSizes.get(src)!;
      }
      jsByPage[page.path] = total;
    }
    const jsBytes = Math.max(...Object.values(jsByPage));

    const ceilingBase = await startCeilingServer(children, bodies);

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

    // Before the mixed run: its comments make the once-a-minute list sweep drop list pages
    // (ADR 010/issue 11), which the flood's check would take for evicted pages.
    process.stdout.write(`Cold renders (every request rendered afresh) ...`);
    const cold = await coldRun(base);
    process.stdout.write(` ${cold.map((row) => `${row.page} ${row.rps} req/s`).join(", ")}\n`);
    process.stdout.write(`Cache-busting flood: ${FLOOD_REQUESTS} unique query strings ...`);
    const flood = await floodRun(base, server.pid!);
    process.stdout.write(` ${flood.rps} req/s\n`);
    process.stdout.write(`Mixed run: ${MIXED_CONNECTIONS} connections, one request in five a comment ...`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows: commentTargets } = await client.query<{ id: string }>(
      "select p.id from promotions p join casinos c on c.id = p.casino_id where p.is_active and c.slug in ('anadolu-casino', 'ege-bet', 'galata-casino') order by p.created_at desc limit 5",
    );
    await client.end();
    const saturated = await mixedRun(base, databaseUrl, commentTargets.map((r) => r.id));
    process.stdout.write(` saturated ${saturated.rps} req/s, ${Math.round(saturated.reads.hitRatio * 100)}% hits;`);
    const mixed = await mixedRun(base, databaseUrl, commentTargets.map((r) => r.id), MIXED_RATE);
    // The same at half the rate: where the latency target holds on this machine.
    const mixedHalf = await mixedRun(base, databaseUrl, commentTargets.map((r) => r.id), MIXED_RATE / 2);
    process.stdout.write(` at ${MIXED_RATE} req/s: read p99 ${mixed.reads.p99} ms\n`);
    process.stdout.write(`Outbound redirect: ${CONNECTIONS} connections, every request a new visitor ...`);
    const redirect = await redirectRun(base, databaseUrl, ceilingBase);
    process.stdout.write(` ${redirect.saturated.rps} req/s, p99 ${redirect.saturated.p99} ms\n`);
    process.stdout.write(`Admin: ${ADMIN_CONNECTIONS} operators on every list and form ...`);
    const adminRows = await adminRun(base, databaseUrl);
    process.stdout.write(` worst p99 ${Math.max(...adminRows.map((r) => r.p99))} ms\n`);
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
        mixedHits: mixed.reads.hitRatio >= TARGETS.mixedHitRatio,
        mixedP99: mixed.reads.p99 < TARGETS.p99Ms,
        noLostComments: mixed.comments.lost === 0 && saturated.comments.lost === 0 && mixedHalf.comments.lost === 0,
        floodHotPages: flood.hotStayed,
        coldRenders: cold.every((row) => row.rps >= TARGETS.coldRendersPerS),
        floodRss: flood.peakMb < TARGETS.rssMb,
        adminP99: adminRows.every((r) => r.p99 < ADMIN_P99_MS && r.errors === 0 && (r.navigation?.errors ?? 0) === 0),
        redirectP99: redirect.steady.p99 < TARGETS.redirectP99Ms,
        noLostClicks: redirect.lost === 0,
      },
      redirect,
      cold,
      admin: adminRows,
      mixed,
      mixedSaturated: saturated,
      mixedHalf,
      flood,
    };

    const table = [
      "| page | req/s | ceiling req/s | ratio | p50 ms | p99 ms | HTML gzip KB | JS gzip KB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.page} | ${r.rps} | ${r.ceilingRps} | ${r.ratio} | ${r.p50} | ${r.p99} | ${r.htmlGzipKb} | ${r.jsGzipKb ?? "-"} |`),
      "",
      `Largest public page JavaScript: ${result.publicJsGzipKb} KB gzip. Server RSS after the run: ${memory.rssMb} MB (peak ${memory.peakMb} MB).`,
      `Mixed run, saturated (${MIXED_CONNECTIONS} connections, ${DURATION_S} s, one request in five a comment): ${saturated.rps} req/s; reads ${Math.round(saturated.reads.hitRatio * 1000) / 10}% cache hits, p99 ${saturated.reads.p99} ms; ${saturated.comments.acknowledged} comments acknowledged, ${saturated.comments.lost} lost.`,
      `Mixed run at ${MIXED_RATE} req/s, evenly paced (at most ${MIXED_CONNECTIONS} connections): ${mixed.rps} req/s; reads ${Math.round(mixed.reads.hitRatio * 1000) / 10}% cache hits, p50 ${mixed.reads.p50} ms, p99 ${mixed.reads.p99} ms; comments p99 ${mixed.comments.p99} ms, ${mixed.comments.acknowledged} acknowledged, ${mixed.comments.lost} lost; all requests p99 ${mixed.p99} ms.`,
      `Mixed run at ${MIXED_RATE / 2} req/s, evenly paced: ${mixedHalf.rps} req/s; reads ${Math.round(mixedHalf.reads.hitRatio * 1000) / 10}% cache hits, p50 ${mixedHalf.reads.p50} ms, p99 ${mixedHalf.reads.p99} ms; comments p99 ${mixedHalf.comments.p99} ms, ${mixedHalf.comments.acknowledged} acknowledged, ${mixedHalf.comments.lost} lost.`,
      `Outbound redirect (${redirect.path}, ${CONNECTIONS} connections, every request a new visitor, counted): saturated ${redirect.saturated.rps} req/s, p50 ${redirect.saturated.p50} ms, p99 ${redirect.saturated.p99} ms; at ${redirect.steady.rate} req/s evenly paced (median of ${REDIRECT_RUNS} runs) p50 ${redirect.steady.p50} ms, p99 ${redirect.steady.p99} ms (runs: ${redirect.steady.p99s.join(", ")}; bare ceiling ${redirect.steady.ceilingP99}, runs ${redirect.steady.ceilingP99s.join(", ")}); ${redirect.answered} clicks answered, ${redirect.counted} stored, ${redirect.lost} lost.`,
      `Cold renders (${CONNECTIONS} connections, every request rendered afresh): ${result.cold.map((row) => `${row.page} ${row.rps} req/s, p99 ${row.p99} ms`).join("; ")}.`,
      `Cache-busting flood (${flood.requests} unique query strings): ${flood.rps} req/s, p99 ${flood.p99} ms; afterwards ${Object.entries(flood.hot).map(([p, c]) => `${p} ${c}`).join(", ")}; server RSS ${flood.rssBeforeMb} MB before, ${flood.rssMb} MB after (peak ${flood.peakMb} MB).`,
      "",
      `| admin page (${ADMIN_CONNECTIONS} operators) | req/s | p50 ms | p99 ms | errors | click inside: req/s | p50 ms | p99 ms | errors |`,
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...adminRows.map(
        (r) =>
          `| ${r.page} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.navigation ? `${r.navigation.rps} | ${r.navigation.p50} | ${r.navigation.p99} | ${r.navigation.errors}` : "- | - | - | -"} |`,
      ),
      "",
      `The p99 target (under ${ADMIN_P99_MS} ms, and no errors in either) is judged on the pages as they load in a new tab; a click inside the back office asks for the loaders' data only (\`.data\`, every loader of the page: an upper bound).`,
      "",
      `${CONNECTIONS} connections, ${DURATION_S} s per page, ${result.machine.cores} cores, Node ${process.version}, PostgreSQL with ${SCALE.promotions} promotions, ${SCALE.casinos} casinos, ${SCALE.posts} posts, ${SCALE.comments} comments, ${SCALE.clickDays} days of outbound clicks; ${result.date.slice(0, 10)}.`,
      `Targets met: ${Object.entries(result.met).map(([k, v]) => `${k} ${v ? "yes" : "NO"}`).join(", ")}.`,
    ].join("\n");
    console.log(`\n${table}\n`);

    if (WRITE) {
      fs.mkdirSync("bench/results", { recursive: true });
      fs.writeFileSync("bench/results/latest.json", `${JSON.stringify(result, null, 2)}\n`);
      const readme = fs.readFileSync("README.md", "utf8");
      const marked = /(<!-- bench:start -->)[\s\S]*?(<!-- bench:end -->)/;
      if (marked.test(readme)) fs.writeFileSync("README.md", readme.replace(marked, `$1\n${table}\n$2`));
      console.log("Wrote bench/results/latest.json and the README table.");
    } else {
      console.log(JSON.stringify({ mixed, flood }, null, 2));
    }
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
