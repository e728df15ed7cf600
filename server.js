// The process entry. Node 20 cannot run TypeScript, so this stays plain JavaScript: in
// production it loads the Express app that Vite built from server/app.ts; in development
// it loads the same file through Vite's dev server.
import express from "express";
import http from "node:http";
import { URL } from "node:url";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

function fail(error) {
  const known = ["ConfigError", "DataDirLockedError"].includes(error?.name);
  console.error(known ? error.message : error);
  process.exit(1);
}

async function main() {
  const host = express();
  host.disable("x-powered-by");
  let runtime;
  let fastPath = () => false;

  if (DEVELOPMENT) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const first = await vite.ssrLoadModule("./server/app.ts");
    runtime = await first.startRuntime();
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
    host.use(mod.createApp({ staticDir: `${BUILD_DIR}/client` }));
    // Cached public pages are answered before Express runs.
    fastPath = (req, res) => mod.serveCachedPage(req, res, runtime.env.TRUST_PROXY > 0);
  }

  const { PORT, HOST, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS } = runtime.env;
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
  server.maxConnections = MAX_CONNECTIONS;
  server.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    console.log(`Site ready on http://localhost:${port} (${runtime.database.driver})`);
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
