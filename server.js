// The process entry. Node 20 cannot run TypeScript, so this stays plain JavaScript: in
// production it loads the Express app that Vite built from server/app.ts; in development
// it loads the same file through Vite's dev server.
import express from "express";
import http from "node:http";

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
    fastPath = (req, res) => mod.serveCachedPage(req, res, runtime.env.TRUST_PROXY);
  }

  const { PORT, HOST } = runtime.env;
  const server = http.createServer((req, res) => {
    if (!fastPath(req, res)) host(req, res);
  });
  server.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    console.log(`Site ready on http://localhost:${port} (${runtime.database.driver})`);
  });

  let closing = false;
  const shutdown = (signal) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    server.close();
    server.closeIdleConnections?.();
    // The embedded database must be closed cleanly to keep its files sound.
    runtime.close().then(
      () => process.exit(0),
      (error) => fail(error),
    );
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch(fail);
