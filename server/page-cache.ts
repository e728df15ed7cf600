import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getEnv } from "~/env.server";
import {
  FRESH_COOKIE,
  INTERNAL_HEADERS,
  PARAMS_HEADER,
  pageStore,
  parseParamSpec,
  SHARE_HEADER,
  SITE_TAG,
  TAGS_HEADER,
  type CachedPage,
  type Encoding,
  type ParamSpec,
} from "~/lib/page-cache.server";
import { nextPromotionExpiry } from "~/modules/promotions/promotions.server";
import { SESSION_COOKIE } from "~/modules/auth/auth.server";
import { TOAST_COOKIE } from "~/lib/toast.server";
import { trackSharedReads } from "~/lib/shared-reads.server";
import { routedPath } from "./routed-path";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Browsers revalidate every time (a cheap 304 by ETag); a shared cache may keep a page
 * 30 s. stale-while-revalidate goes only to CDNs (RFC 9213 CDN-Cache-Control): browsers
 * honour it too, and would show a visitor their own comment missing after posting it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30";
export const CDN_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";
/** What every answer that is not a shared page says, unless its route said otherwise. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const STORABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|text\/plain)/;
// Dropped from stored header lists: the cache sets these itself, per answer.
const OWN_HEADERS = new Set(["content-length", "content-encoding", "etag", "cache-control", ...INTERNAL_HEADERS.map((h) => h.toLowerCase())]);

type Render = (request: Request, req: ExpressRequest) => Promise<Response>;
type Rendered = {
  page: CachedPage;
  /** The route declared the answer the same for every anonymous visitor. */
  shared: boolean;
  storable: boolean;
  spec: ParamSpec;
  cacheControl: string | null;
  /** The invalidation sequence number when the render began. */
  from: number;
};

/**
 * The site's own cookies (the admin session, the flash toast, a commenter's `__fresh`): a
 * request carrying one may be rendered for that person, so it is never answered from the
 * cache nor stored. Other cookies (a CDN's `__cf_bm`, analytics' `_ga` or `__utma`) do not
 * change a page and must not turn the cache off for everyone behind that CDN.
 */
const SITE_COOKIES = new Set([SESSION_COOKIE, TOAST_COOKIE, FRESH_COOKIE]);

function carriesOwnCookie(req: IncomingMessage): boolean {
  const header = req.headers.cookie;
  if (!header) return false;
  return header.split(";").some((pair) => SITE_COOKIES.has(pair.slice(0, pair.indexOf("=") >>> 0).trim()));
}

function isCacheable(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // An absolute-form target ("GET http://other/ HTTP/1.1") names its own origin: not ours to share.
  if (!(req.url ?? "").startsWith("/")) return false;
  return !carriesOwnCookie(req);
}

const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
let pinned: { from: string | undefined; origin: string | null } | undefined;

/**
 * The origin a page is rendered for, which is also part of its key (issue 7, finding 2):
 * PUBLIC_SITE_URL when set (then Host and X-Forwarded-Host change nothing); otherwise the
 * scheme and host the request came in on, behind TRUST_PROXY those the outermost trusted
 * proxy saw. Null for a host no browser would send: such a request is not cached.
 */
function originOf(req: IncomingMessage, hops: number): string | null {
  const configured = getEnv().PUBLIC_SITE_URL;
  const pin = pinned && pinned.from === configured ? pinned : (pinned = { from: configured, origin: configured ? new URL(configured).origin : null });
  if (pin.origin) return pin.origin;
  const forwarded = (name: string) => {
    if (!hops) return undefined;
    const values = String(req.headers[name] ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    return values.length ? values[Math.max(0, values.length - hops)] : undefined;
  };
  const scheme = forwarded("x-forwarded-proto") ?? ((req.socket as TLSSocket).encrypted ? "https" : "http");
  const host = forwarded("x-forwarded-host") ?? req.headers.host;
  if ((scheme !== "http" && scheme !== "https") || !host || !HOST.test(host)) return null;
  return `${scheme}://${host.toLowerCase()}`;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const at = url.indexOf("?");
  return at < 0 ? { pathname: url, search: "" } : { pathname: url.slice(0, at), search: url.slice(at) };
}

function toFetchRequest(req: ExpressRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`${origin}${req.originalUrl}`, { method: "GET", headers });
}

async function renderToEntry(render: Render, req: ExpressRequest, origin: string, from: number): Promise<Rendered> {
  // The oldest answer kept between renders (ADR 013) bounds the page's life as well.
  const {
    value: { response, body },
    oldestAt,
  } = await trackSharedReads(async () => {
    const answer = await render(toFetchRequest(req, origin), req);
    return { response: answer, body: Buffer.from(await answer.arrayBuffer()) };
  });
  const shared = response.headers.get(SHARE_HEADER) === "public";
  const storable = shared && response.status === 200 && !response.headers.has("Set-Cookie") && STORABLE_TYPES.test(response.headers.get("Content-Type") ?? "");
  const tags = [SITE_TAG, ...(response.headers.get(TAGS_HEADER)?.split(/\s+/).filter(Boolean) ?? [])];
  // entries() yields every Set-Cookie on its own already.
  const headers = [...response.headers.entries()].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
  const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  const store = pageStore();
  const renderedAt = store.now();
  return {
    page: { status: response.status, headers, body, encoded: {}, etag, tags, renderedAt, expiresAt: Math.min(renderedAt, oldestAt) + store.maxAgeMs },
    shared,
    storable,
    spec: parseParamSpec(response.headers.get(PARAMS_HEADER)),
    cacheControl: response.headers.get("Cache-Control"),
    from,
  };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || candidate.trim().replace(/^W\//, "") === bare);
}

/**
 * The encoding to answer in: brotli, else gzip, when the client lists it with a quality
 * above 0 (RFC 9110 §12.5.3). `br;q=0` refuses brotli, and `x-br` is not brotli (a hostile
 * run got brotli for both). Without either, the page goes uncompressed.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let gzipAccepted = false;
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...parameters] = part.split(";");
    const quality = parameters.map((parameter) => parameter.trim().toLowerCase()).find((parameter) => parameter.startsWith("q="));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    const name = coding.trim().toLowerCase();
    if (name === "br") return "br";
    if (name === "gzip") gzipAccepted = true;
  }
  return gzipAccepted ? "gzip" : null;
}

// Moderate levels: within 2% of the highest ones on these pages, at a tenth of the time
// or less (brotli 9 took 25 to 50 ms a page). Each encoding is made when first asked for.
const compressing = new WeakMap<CachedPage, Partial<Record<Encoding, Promise<Buffer>>>>();
async function encodedBody(page: CachedPage, encoding: Encoding): Promise<Buffer> {
  const ready = page.encoded[encoding];
  if (ready) return ready;
  const pending = compressing.get(page) ?? {};
  compressing.set(page, pending);
  pending[encoding] ??= (encoding === "br" ? brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(page.body, { level: 6 })).then(
    (bytes) => (page.encoded[encoding] = bytes),
  );
  return pending[encoding];
}

/** Header lists for later hits: what this answer carries (helmet's included). */
function buildWire(res: ExpressResponse, page: CachedPage): NonNullable<CachedPage["wire"]> {
  const base: string[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (/^(content-length|content-encoding|x-cache|content-type)$/i.test(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) base.push(name, v);
  }
  const contentType = page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "text/html";
  return { base, contentType, notModified: [...base, "X-Cache", "HIT"] };
}

function wireFor(page: CachedPage, encoding: Encoding | null, bytes: Buffer): string[] {
  const wire = page.wire!;
  return [...wire.base, "Content-Type", wire.contentType, "X-Cache", "HIT", ...(encoding ? ["Content-Encoding", encoding] : []), "Content-Length", String(bytes.length)];
}

async function sendShared(req: ExpressRequest, res: ExpressResponse, page: CachedPage, cache: "HIT" | "STALE" | "MISS"): Promise<void> {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("CDN-Cache-Control", CDN_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", cache);
  page.wire ??= buildWire(res, page);
  if (etagMatches(req.get("If-None-Match"), page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const encoding = encodingFor(req.get("Accept-Encoding"));
  const bytes = encoding ? await encodedBody(page, encoding) : page.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/** An answer for this visitor only: admin pages, API answers, errors, pages with a toast. */
function sendPrivate(req: ExpressRequest, res: ExpressResponse, rendered: Rendered): void {
  res.status(rendered.page.status);
  for (const [name, value] of rendered.page.headers) res.append(name, value);
  // A public page rendered for one visitor (a 404, a toast) may stay in their browser.
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", rendered.cacheControl ?? (rendered.shared ? "private, no-cache" : PRIVATE_CACHE_CONTROL));
  res.end(req.method === "HEAD" ? undefined : rendered.page.body);
}

/**
 * For answers React Router sends itself (forms, requests carrying the site's cookies): the
 * cache's headers never leave the server, and nothing is shareable unless it says so.
 */
function keepPrivate(res: ExpressResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    const shared = res.getHeader(SHARE_HEADER) === "public";
    for (const name of INTERNAL_HEADERS) res.removeHeader(name);
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", shared ? "private, no-cache" : PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * The hot path: a cached page answered straight from the Node request handler, before
 * Express runs at all. Returns false when the request is not a hit (or the encoding it
 * asks for is not made yet: the Express path makes it).
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, proxyHops: number): boolean {
  // A target with a fragment ('#') goes the long way, where it is refused (request-guards.ts).
  if (!isCacheable(req) || req.url!.includes("#")) return false;
  const origin = originOf(req, proxyHops);
  if (!origin) return false;
  const store = pageStore();
  const { pathname, search } = splitUrl(req.url!);
  const page = store.get(store.keyOf(origin, pathname, search));
  // A stale page goes through Express, which starts its background render.
  if (!page?.wire || page.stale) return false;
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    store.stats.hits++;
    res.writeHead(304, page.wire.notModified).end();
    return true;
  }
  const encoding = encodingFor(req.headers["accept-encoding"]);
  const bytes = encoding ? page.encoded[encoding] : page.body;
  if (!bytes) return false;
  store.stats.hits++;
  res.writeHead(200, wireFor(page, encoding, bytes));
  res.end(req.method === "HEAD" ? undefined : bytes);
  return true;
}

/**
 * Serves anonymous GETs of shareable pages from memory; renders through React Router on a
 * miss. Concurrent misses for one page share a single render.
 */
export function pageCache(render: Render): RequestHandler {
  const inFlight = new Map<string, Promise<Rendered>>();
  const store = pageStore();
  store.watchExpiry(nextPromotionExpiry);

  const start = (key: string, req: ExpressRequest, origin: string): Promise<Rendered> => {
    const from = store.sequence;
    store.stats.renders++;
    store.onRender?.(key);
    const rendering = renderToEntry(render, req, origin, from).then((rendered) => {
      if (rendered.storable) {
        const { pathname, search } = splitUrl(req.originalUrl);
        store.learn(origin, pathname, rendered.spec);
        store.set(store.keyOf(origin, pathname, search), rendered.page, from);
      }
      return rendered;
    });
    inFlight.set(key, rendering);
    void rendering
      .finally(() => {
        if (inFlight.get(key) === rendering) inFlight.delete(key);
      })
      .catch(() => {});
    return rendering;
  };

  const renderShared = async (key: string, req: ExpressRequest, origin: string): Promise<Rendered> => {
    const joinedAt = store.sequence;
    const running = inFlight.get(key);
    if (!running) return start(key, req, origin);
    const rendered = await running;
    // Joined a render that began before a write this visitor came after (they may have
    // made it): render again, once; that render begins after the write.
    if (joinedAt > rendered.from && store.invalidatedSince(rendered.page.tags, rendered.from)) return inFlight.get(key) ?? start(key, req, origin);
    return rendered;
  };

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const origin = isCacheable(req) && !isUncachedArea(req.path) ? originOf(req, getEnv().TRUST_PROXY) : null;
    if (!origin) {
      keepPrivate(res);
      return next();
    }
    const { pathname, search } = splitUrl(req.originalUrl);
    const key = store.keyOf(origin, pathname, search);
    try {
      const cached = store.get(key);
      if (cached) {
        store.stats.hits++;
        if (cached.stale) {
          // Served as it is; one render replaces it, at most one per STALE_REFRESH_MS.
          if (!inFlight.has(key) && store.refreshDue(cached)) start(key, req, origin).catch(() => {});
          return await sendShared(req, res, cached, "STALE");
        }
        return await sendShared(req, res, cached, "HIT");
      }
      store.stats.misses++;
      store.refreshExpiryIfDue();
      const rendered = await renderShared(key, req, origin);
      if (rendered.storable) await sendShared(req, res, rendered.page, "MISS");
      else sendPrivate(req, res, rendered);
    } catch (error) {
      next(error);
    }
  };
}

// Issue 11 §3: /git/ answers are per click (each one counted, with the visitor's real method):
// they never enter the page cache, however the path is spelled (/GIT/x, /%67it/x). Nor do
// files (/media/, and /og/ share images, which keep their own drawings): their routes stream
// them with ETag and Content-Length, which the page cache's private answer dropped, after
// reading each whole file into memory once per query string (a hostile run).
const UNCACHED_AREAS = /^\/+(?:git|media|og)(\/|$)/;

function isUncachedArea(path: string): boolean {
  return UNCACHED_AREAS.test(routedPath(path));
}

/**
 * Marks every answer under /admin, /api and /git `private, no-store`, whatever the URL's spelling.
 * Not what keeps them out of the page cache (only answers routes declare shareable are
 * stored); what keeps browsers and proxies from keeping them.
 */
export function privateAreas(): RequestHandler {
  return (req, res, next) => {
    if (/^\/+(admin|api|git)(\/|$)/.test(routedPath(req.path))) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    next();
  };
}
