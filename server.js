// The process entry. Node 20 cannot run TypeScript, so this stays plain JavaScript: in
// production it loads the Express app that Vite built from server/app.ts; in development
// it loads the same file through Vite's dev server.
import express from "express";
import http from "node:http";
import { URL } from "node:url";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

// Start-up problems an operator can fix print one line, without a stack (issue 10 §4).
const KNOWN_FAILURES = ["ConfigError", "DataDirLockedError", "DatabaseUnreachableError"];

function fail(error) {
  const known = KNOWN_FAILURES.includes(error?.name);
  console.error(known ? error.message : error);
  process.exit(1);
}

/** One line naming why the server cannot listen on HOST:PORT, and what to do. */
function listenFailure(error, port, host) {
  const where = `HOST ${JSON.stringify(host)}`;
  switch (error?.code) {
    case "EADDRINUSE":
      return `Cannot start: port ${port} is already in use (${where}). Stop the program using it or set PORT to a free port.`;
    case "EACCES":
      return `Cannot start: port ${port} needs privileges this process does not have (EACCES). Set PORT above 1023 and put a reverse proxy in front.`;
    case "EADDRNOTAVAIL":
      return `Cannot start: ${where} is not an address of this machine (EADDRNOTAVAIL). Use 0.0.0.0 (every address), 127.0.0.1 or one of this machine's addresses.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return `Cannot start: ${where} is neither an IP address nor a known host name (${error.code}). Use 0.0.0.0 (every address), 127.0.0.1 or one of this machine's addresses.`;
    default:
      return `Cannot start: listening on port ${port} (${where}) failed: ${String(error?.message ?? error).split("\n")[0]}`;
  }
}

async function main() {
  const host = express();
  host.disable("x-powered-by");
  let runtime;
  let fastPath = () => false;
  let limitPipelining;
  let answerClientError;

  if (DEVELOPMENT) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const first = await vite.ssrLoadModule("./server/app.ts");
    runtime = await first.startRuntime();
    limitPipelining = first.limitPipelining;
    answerClientError = first.answerClientError;
    host.use(vite.middlewares);
    // One Express app per loaded module: a code change reloads the module, and the app with it.
    const apps = new WeakMap();
    host.use(async (req, res, next) => {
      try {
        const mod = await vite.ssrLoadModule("./server/app.ts");
        if (!apps.has(mod)) apps.set(mod, mod.createApp());
        return apps.get(mod)(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const mod = await import(new URL(`./${BUILD_DIR}/server/index.js`, import.meta.url).href);
    runtime = await mod.startRuntime();
    limitPipelining = mod.limitPipelining;
    answerClientError = mod.answerClientError;
    host.use(mod.createApp({ staticDir: `${BUILD_DIR}/client` }));
    // Cached public pages, and /git/ redirects whose target is known (issue 11 §3), are
    // answered before Express runs.
    // TRUST_PROXY is a number of proxy hops (0 when none), as Express's `trust proxy` takes it.
    const hops = runtime.env.TRUST_PROXY;
    fastPath = (req, res) => mod.serveKnownOutbound(req, res, hops) || mod.serveCachedPage(req, res, hops);
  }

  const { PORT, HOST, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS } = runtime.env;
  // At most 16 answers under way per connection, and none kept once it closes (server/pipelining.ts).
  const admitPipelined = limitPipelining();
  let closing = false;
  const inFlight = new Set();
  // Slow or idle clients must not hold sockets for ever: headers and whole requests are
  // timed out, idle keep-alive connections closed, connections capped
  // (docs/decisions/004-request-limits-and-proxies.md).
  // Node checks the timeouts on an interval: every 5 s (or the headers timeout, if shorter),
  // so a slow body is cut within 5 s of its limit, not up to 20 s late.
  const server = http.createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(HEADERS_TIMEOUT_MS, 5_000) },
    (req, res) => {
      if (!admitPipelined(req.socket, res)) return;
      inFlight.add(res);
      res.once("close", () => {
        inFlight.delete(res);
        // Draining: a connection whose answer is done is not kept for another request.
        if (closing) server.closeIdleConnections();
      });
      if (closing) res.setHeader("Connection", "close");
      if (!fastPath(req, res)) host(req, res);
    },
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // What Node's parser refuses before a request exists (headers over 16 KB, no HTTP, too
  // slow): a Turkish answer and one log line, as every other refusal (server/client-errors.ts).
  server.on("clientError", answerClientError);
  server.maxConnections = MAX_CONNECTIONS;
  // A port in use or a bad HOST: one line, the database closed cleanly, exit 1. Nothing was
  // created: the first admin comes only once the server listens.
  const stopStarting = (message) => {
    console.error(message);
    setTimeout(() => process.exit(1), 5_000).unref();
    runtime.close().then(
      () => process.exit(1),
      () => process.exit(1),
    );
  };
  const onListenError = (error) => stopStarting(listenFailure(error, PORT, HOST));
  server.once("error", onListenError);
  server.listen(PORT, HOST, () => {
    server.off("error", onListenError);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    // DESIGN.md "First run": the admin account, and its one-time password, after 'Site ready'.
    runtime.createFirstAdmin().then(
      (announcement) => {
        console.log(`Site ready on http://localhost:${port} (${runtime.database.driver})`);
        if (announcement) console.log(announcement);
      },
      (error) => stopStarting(KNOWN_FAILURES.includes(error?.name) ? error.message : error),
    );
  });

  // Stop accepting, let every request already received finish, and only then close the
  // database: closing it first answered those requests with 500.
  const shutdown = (signal) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    const closeDatabase = () =>
      // The embedded database must be closed cleanly to keep its files sound.
      runtime.close().then(
        () => process.exit(0),
        (error) => fail(error),
      );
    server.close(closeDatabase);
    server.closeIdleConnections();
    // A request still running after 10 s is cut off; the database is closed regardless.
    setTimeout(() => {
      console.log(`${inFlight.size} request(s) still running after 10 s: closing their connections`);
      server.closeAllConnections();
    }, 10_000).unref();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch(fail);
