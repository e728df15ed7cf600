import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "./react-router-handler";
import { canonicalPublicPaths } from "./canonical-path";
import { clientAddressOf, logRefusal, requestGuards } from "./request-guards";
import { createRequestHandler as createFetchHandler } from "react-router";
import compression from "compression";
import express, { type Express } from "express";
import helmet from "helmet";
import "react-router";
import { getDb } from "~/db/index.server";
import { pingDatabase } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";
import { pageCache, privateAreas } from "./page-cache";
import { learnOutboundHeaders } from "./outbound-fast-path";

export { startRuntime } from "./runtime";
export { serveCachedPage } from "./page-cache";
export { serveKnownOutbound } from "./outbound-fast-path";
export { limitPipelining } from "./pipelining";
export { answerClientError } from "./client-errors";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's address (behind TRUST_PROXY, from X-Forwarded-For), for rate limits. */
    clientAddress: string;
    /**
     * The method the visitor sent. A loader's Request may say GET for a HEAD: React Router
     * loads `.data` requests, and the page cache renders every page, as GET.
     */
    requestMethod: string;
  }
}

// Content is sanitised on the server before it is rendered; React Router's hydration
// data is inline, and pages are cached and shared (a per-request nonce cannot be), so
// inline scripts are allowed but nothing from another origin is.
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * express.static for the files of a folder, asked only for names the folder holds at its
 * top level, read once at start-up (its files come with the build: a deploy restarts).
 * Mounted before the pages, express.static looked on disk for every page request first
 * (and for an index.html under `/`): a failed stat per render, 1.5% of a cold render's CPU.
 */
function serveStaticFiles(dir: string, options: Parameters<typeof express.static>[1]): express.RequestHandler {
  const serve = express.static(dir, options);
  // Hashed build assets spelled otherwise than `/assets/…` (`/%61ssets/…`, `//assets/…`):
  // the same files, so the same year-long caching as the `/assets` mount gives them.
  const serveAssets = express.static(dir, ASSET_CACHING);
  const names = new Set(fs.readdirSync(dir));
  return (req, res, next) => {
    // As express.static reads the path: decoded, dot segments and doubled slashes resolved.
    // (A malformed escape never gets here: the request guards answer it 400.)
    let name: string;
    try {
      name = path.posix.normalize(decodeURIComponent(req.path)).split("/").find(Boolean) ?? "";
    } catch {
      return next();
    }
    if (!names.has(name)) return next();
    return (name === "assets" ? serveAssets : serve)(req, res, next);
  };
}

const ASSET_CACHING = { immutable: true, maxAge: "1y" } as const;

/** The Express app: security headers, compression, static files and React Router. */
export function createApp(options: { staticDir?: string } = {}): Express {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  // A number of hops: the client is the address the outermost trusted proxy saw
  // (docs/decisions/004-request-limits-and-proxies.md).
  if (env.TRUST_PROXY > 0) app.set("trust proxy", env.TRUST_PROXY);

  // Referrer-Policy: helmet's no-referrer makes browsers send `Origin: null` with a form
  // posted before the page's scripts run (or without them), which React Router refuses as
  // cross-site: same-origin requests keep their origin, other sites get the origin only.
  app.use(helmet({ contentSecurityPolicy, crossOriginEmbedderPolicy: false, referrerPolicy: { policy: "strict-origin-when-cross-origin" } }));
  app.use(compression());
  // NUL in the URL, cross-site writes, oversize bodies: refused before anything else runs.
  app.use(requestGuards(env));
  // /BONUSLAR and /bonuslar/ answer 301 to /bonuslar before any page is rendered or cached.
  app.use(canonicalPublicPaths());

  app.get("/healthz", async (_req, res) => {
    try {
      await pingDatabase(getDb());
      res.type("text/plain").send("ok");
    } catch {
      res.status(503).type("text/plain").send("database unavailable");
    }
  });

  if (options.staticDir) {
    // Hashed build assets never change; everything else in public/ may, from one deploy to the next.
    app.use("/assets", express.static(`${options.staticDir}/assets`, ASSET_CACHING));
    app.use(serveStaticFiles(options.staticDir, { maxAge: "1h" }));
  }

  // Admin pages and the API depend on a session or change state: never stored anywhere,
  // however the path is spelled (React Router serves /ADMIN and /%61dmin as /admin).
  app.use(privateAreas());
  // Issue 11 §3: the headers a /git/ redirect carries, for server.js's fast answers.
  app.use(learnOutboundHeaders());

  const build = () => import("virtual:react-router/server-build");
  const getLoadContext = (req: express.Request) => ({ clientAddress: clientAddressOf(req), requestMethod: req.method });
  // Development renders every request afresh, so code changes show at once.
  if (env.NODE_ENV !== "development") {
    // Handed the build itself: given a function, React Router rebuilds its route table per request.
    const render = build().then((serverBuild) => createFetchHandler(serverBuild, "production"));
    app.use(pageCache(async (request, req) => (await render)(request, getLoadContext(req))));
  }
  // In production the build is loaded once (a function makes React Router rebuild its route
  // table on every request); development keeps the function so code changes show at once.
  app.use(createRequestHandler({ build: env.NODE_ENV === "development" ? build : build(), getLoadContext, publicSiteUrl: env.PUBLIC_SITE_URL }));
  app.use(answerVisitorErrors);
  return app;
}

const VISITOR_ERROR_TEXTS: Readonly<Record<number, string>> = {
  412: REQUEST_MESSAGES.preconditionFailed,
  416: REQUEST_MESSAGES.rangeNotSatisfiable,
};

/**
 * A visitor's mistake that a middleware passed on as an error (a Range past a file's end:
 * 416; a failed If-Match: 412) is one log line and a short answer that no cache keeps, never
 * Express's stack trace: strangers must not be able to fill the log (a hostile pass found both).
 */
function answerVisitorErrors(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction): void {
  // http-errors, which express.static and Express's own parsers throw, carries `status`.
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof status !== "number" || status < 400 || status >= 500 || res.headersSent) return next(error);
  logRefusal(req, status, String(message ?? "visitor error").slice(0, 200));
  res.setHeader("Cache-Control", "no-store");
  res.status(status).type("text/plain; charset=utf-8").send(VISITOR_ERROR_TEXTS[status] ?? REQUEST_MESSAGES.notServed);
}
