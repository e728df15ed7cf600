import net from "node:net";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Env } from "~/env.server";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";
import { MAX_UPLOAD_BODY_BYTES } from "~/modules/media/media.schema";
import { routedPath } from "./routed-path";

// Checks every request passes before routing (docs/decisions/004-request-limits-and-proxies.md).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The request's path as React Router will match it (routed-path.ts). */
const pathOf = (req: IncomingMessage) => routedPath((req.url ?? "/").split("?")[0]!);

const isApiPath = (req: IncomingMessage) => pathOf(req).startsWith("/api/");

/** One log line per refused request: status, method, a bounded and escaped URL, reason. */
export function logRefusal(req: IncomingMessage, status: number, reason: string): void {
  const url = req.url ?? "/";
  const shown = JSON.stringify(url.length > 200 ? `${url.slice(0, 200)}…` : url);
  console.warn(`${status} ${req.method} ${shown}: ${reason}`);
}

/** A refusal in the endpoint's own format: JSON for the API and for clients asking for JSON (uploads), else text. */
export function refuse(req: Request, res: Response, status: number, message: string, reason: string): void {
  logRefusal(req, status, reason);
  res.status(status);
  res.setHeader("Cache-Control", "private, no-store");
  if (isApiPath(req) || /\bapplication\/json\b/i.test(req.get("Accept") ?? "")) res.json({ ok: false, message });
  else res.type("text/plain; charset=utf-8").send(message);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * A request whose method, target, host or forwarded headers make no URL (a Host of "a b",
 * an absolute-form target, TRACE) is refused here with one log line, instead of failing
 * with a stack where the Fetch request is built for React Router.
 */
export function rejectMalformedRequest(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) return refuse(req, res, 405, REQUEST_MESSAGES.badRequest, `method ${req.method.slice(0, 20)}`);
    const target = req.originalUrl ?? "";
    if (!target.startsWith("/")) return refuse(req, res, 400, REQUEST_MESSAGES.badRequest, "request target is not a path");
    // A fragment is never part of a request target (RFC 9112 §3.2); a browser never sends
    // one. Sent raw ('/bonuslar?x=#&q=a'), the page cache's key read 'q=a' while the page
    // rendered from a URL that ends at '#' (no q): the unfiltered list was then served to
    // everyone who searched (helper-68's probe).
    if (target.includes("#")) return refuse(req, res, 400, REQUEST_MESSAGES.badRequest, "request target holds a fragment (#)");
    try {
      // The same parts the React Router request and the page cache's origin are built from.
      const host = req.get("host") ?? "localhost";
      new URL(`${req.protocol}://${host}${target}`);
      if (req.app.enabled("trust proxy") && req.get("X-Forwarded-Host")) new URL(`${req.protocol}://${req.get("X-Forwarded-Host")!.split(",")[0]!.trim()}/`);
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      if (/[\s\u0000-\u001f]/.test(req.hostname ?? "")) throw new TypeError("host");
    } catch {
      return refuse(req, res, 400, REQUEST_MESSAGES.badRequest, "request host or target makes no URL");
    }
    next();
  };
}

/**
 * PostgreSQL cannot hold NUL: a NUL in the path or query would fail deep in a query. A path
 * that is no valid percent-encoding (`/git/%ff`) would make React Router log two lines for
 * each such request: one line here instead.
 */
export function rejectUnreadableUrl(): RequestHandler {
  return (req, res, next) => {
    if ((req.url ?? "").includes("%00")) return refuse(req, res, 400, REQUEST_MESSAGES.invalidUrl, "NUL in URL");
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, 400, REQUEST_MESSAGES.invalidUrl, "path is not valid percent-encoding");
    }
    next();
  };
}

function hostOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests a browser sent from another site (a form elsewhere that
 * posts to /admin/logout, for example). Browsers mark them with Sec-Fetch-Site, or failing
 * that with Origin or Referer; a request with none of these is not from a browser page, and
 * a cookie-less client gains nothing from forging it.
 */
export function sameOriginMutations(env: Pick<Env, "PUBLIC_SITE_URL">): RequestHandler {
  const publicHost = hostOf(env.PUBLIC_SITE_URL);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("Sec-Fetch-Site");
    if (site) {
      if (site === "same-origin" || site === "none") return next();
      return refuse(req, res, 403, REQUEST_MESSAGES.crossSite, `cross-site request (Sec-Fetch-Site: ${site.slice(0, 20)})`);
    }
    const origin = req.get("Origin");
    const referer = req.get("Referer");
    if (origin === undefined && referer === undefined) return next();
    const from = hostOf(origin ?? referer);
    const ours = new Set([req.get("Host")?.toLowerCase(), req.host?.toLowerCase(), publicHost].filter(Boolean));
    if (from && ours.has(from)) return next();
    return refuse(req, res, 403, REQUEST_MESSAGES.crossSite, "request from another origin");
  };
}

/** Body limits: the first rule whose test matches the routed path wins. */
export type BodyLimitRule = {
  test: (path: string) => boolean;
  bytes: number;
  /**
   * The route reads the body itself, as a stream, and holds its own tighter limit while
   * reading (uploads: each bucket's size, streamed to disk, never held in memory). Here
   * only Content-Length is checked against `bytes`; the route counts what arrives.
   */
  streamed?: boolean;
};

/**
 * The per-path limit table. Public forms get MAX_BODY_BYTES; admin forms (rich text) get
 * MAX_ADMIN_BODY_BYTES. Image uploads have their own row, before the admin row: bounded
 * by the largest bucket and streamed to the route, which holds each bucket's limit.
 */
export function bodyLimitRules(env: Pick<Env, "MAX_BODY_BYTES" | "MAX_ADMIN_BODY_BYTES">): BodyLimitRule[] {
  return [
    // Signing in and out take two fields, and anyone can post them: the public bound.
    { test: (p) => /^\/admin\/(login|logout)(\.data)?$/.test(p), bytes: env.MAX_BODY_BYTES },
    // Image uploads (app/modules/media): the largest bucket's file, read by the route as it streams.
    { test: (p) => p === "/admin/media/upload", bytes: MAX_UPLOAD_BODY_BYTES, streamed: true },
    { test: (p) => p === "/admin" || p.startsWith("/admin/") || p.startsWith("/admin."), bytes: env.MAX_ADMIN_BODY_BYTES },
    { test: () => true, bytes: env.MAX_BODY_BYTES },
  ];
}

/** How long a refused connection stays open so that the client can read the 413. */
const LINGER_MS = 2000;

/**
 * Ends the connection after the answer, reading no more of the body. Reading stops, so a
 * client still sending stalls and reads the answer; the connection closes once the answer
 * is out and the client has gone, or after LINGER_MS. (Closing at once with bytes unread
 * makes the kernel reset the connection, and a client still sending loses the answer.)
 */
export function closeAfterAnswer(req: IncomingMessage, res: Response): void {
  const socket = req.socket;
  req.removeAllListeners("data");
  req.pause();
  // Counts as consuming the body, so Node does not read the rest of it after the answer.
  req.read(0);
  // Node closes a connection marked "close" (by either side) the moment the answer is
  // written; keep it, and end it ourselves.
  res.shouldKeepAlive = true;
  res.once("finish", () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}

const bodies = new WeakMap<IncomingMessage, Buffer>();
const streamed = new WeakSet<IncomingMessage>();

/** The body is left on the socket for a `streamed` route to read and bound itself. */
export function isStreamedBody(req: IncomingMessage): boolean {
  return streamed.has(req);
}

/** The body limitRequestBody read, for the React Router handler. */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");
}

/**
 * Reads each body into memory up to its path's limit, then hands it on. A larger body is
 * answered 413 without reading the rest: at once when Content-Length says so, otherwise as
 * soon as the count passes the limit; the connection is then closed (closeAfterAnswer).
 */
export function limitRequestBody(rules: BodyLimitRule[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const path = pathOf(req);
    const rule = rules.find((candidate) => candidate.test(path))!;
    const limit = rule.bytes;
    const tooLarge = (reason: string) => {
      closeAfterAnswer(req, res);
      refuse(req, res, 413, REQUEST_MESSAGES.tooLarge, reason);
    };
    if (Number(req.headers["content-length"] ?? 0) > limit) return tooLarge(`body of ${req.headers["content-length"]} bytes over the limit of ${limit}`);
    if (rule.streamed) {
      streamed.add(req);
      return next();
    }

    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        tooLarge(`streamed body over the limit of ${limit} bytes`);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      bodies.set(req, Buffer.concat(chunks, size));
      next();
    };
    // The client went away mid-body: nobody is left to answer.
    const onGone = () => {
      cleanup();
      chunks.length = 0;
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("close", onGone);
  };
}

/**
 * The visitor's address for rate limits: Express's req.ip, which counts TRUST_PROXY hops
 * from the right of X-Forwarded-For. Anything that is not an IP address there (a forged,
 * oversize header with no proxy in front) falls back to the connection's own address.
 */
export function clientAddressOf(req: Request): string {
  const ip = req.ip;
  if (ip && net.isIP(ip)) return ip;
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * Files (/media/, /og/) have no route data: React Router answers `{file}.data` with the whole
 * file serialised as text, twice its size in memory (a hostile run: 30 requests for a 4 MB
 * image at once took 330 MB). 404, as for any address that names no file.
 */
const FILE_AREAS = /^\/+(?:media|og)\//;

export function rejectFileDataRequests(): RequestHandler {
  return (req, res, next) => {
    // routedPath drops `.data`, as React Router does: the suffix is read from the path sent,
    // first, so the other requests skip the path's decoding.
    if (/\.data$/i.test(req.path) && FILE_AREAS.test(pathOf(req))) return refuse(req, res, 404, REQUEST_MESSAGES.notServed, "route data asked of a file");
    next();
  };
}

/** Every guard, in order: URL, origin, then the body. */
export function requestGuards(env: Pick<Env, "PUBLIC_SITE_URL" | "MAX_BODY_BYTES" | "MAX_ADMIN_BODY_BYTES">): RequestHandler[] {
  return [rejectMalformedRequest(), rejectUnreadableUrl(), rejectFileDataRequests(), sameOriginMutations(env), limitRequestBody(bodyLimitRules(env))];
}
