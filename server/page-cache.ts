import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { pageStore, SITE_TAG, type CachedPage } from "~/modules/page-cache/page-cache.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Browsers revalidate every time (a cheap 304 by ETag); a shared cache may keep a page
 * 30 s. stale-while-revalidate goes only to CDNs (RFC 9213 CDN-Cache-Control): browsers
 * honour it too, and would show a visitor their own comment missing after posting it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30";
export const CDN_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";
/** Loaders name extra cache tags in this header; it is not sent to clients. */
export const CACHE_TAGS_HEADER = "X-Cache-Tags";

const STORABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|text\/plain)/;
const UNCACHED_PREFIXES = ["/admin", "/api/", "/healthz"];

type Render = (request: Request, req: ExpressRequest) => Promise<Response>;
type Rendered = { page: CachedPage; storable: boolean };

function isCacheable(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (UNCACHED_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  // A pending flash toast makes the page personal.
  return !(req.headers.cookie ?? "").includes("__toast=");
}

/** The page's cache key: scheme, host and URL, read the same way on both paths. */
function cacheKeyOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = (name: string) => (trustProxy ? String(req.headers[name] ?? "").split(",")[0]!.trim() : "");
  const scheme = forwarded("x-forwarded-proto") || ((req.socket as TLSSocket).encrypted ? "https" : "http");
  return `${scheme}://${req.headers.host ?? ""}${req.url ?? "/"}`;
}

function toFetchRequest(req: ExpressRequest, method = req.method): Request {
  const host = (req.app.enabled("trust proxy") && req.get("X-Forwarded-Host")) || req.get("host") || "localhost";
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, { method, headers });
}

async function renderToEntry(render: Render, req: ExpressRequest): Promise<Rendered> {
  const response = await render(toFetchRequest(req, "GET"), req);
  const body = Buffer.from(await response.arrayBuffer());
  const tags = [SITE_TAG, ...(response.headers.get(CACHE_TAGS_HEADER)?.split(/\s+/).filter(Boolean) ?? [])];
  const storable =
    response.status === 200 && !response.headers.has("Set-Cookie") && STORABLE_TYPES.test(response.headers.get("Content-Type") ?? "");
  // entries() yields every Set-Cookie on its own already.
  const headers = [...response.headers.entries()].filter(([name]) => !/^(content-length|content-encoding|x-cache-tags|etag|cache-control)$/i.test(name));
  const [gz, br] = storable
    ? await Promise.all([gzip(body, { level: 9 }), brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })])
    : [Buffer.alloc(0), Buffer.alloc(0)];
  const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  return { page: { status: response.status, headers, body, gzip: gz, brotli: br, etag, tags }, storable };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || candidate.trim().replace(/^W\//, "") === bare);
}

/** Header lists for later hits: what this answer carries (helmet's included), per encoding. */
function buildWire(res: ExpressResponse, page: CachedPage): NonNullable<CachedPage["wire"]> {
  const base: string[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (/^(content-length|content-encoding|x-cache|content-type)$/i.test(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) base.push(name, v);
  }
  const contentType = page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "text/html";
  const full = [...base, "Content-Type", contentType, "X-Cache", "HIT"];
  return {
    identity: [...full, "Content-Length", String(page.body.length)],
    gzip: [...full, "Content-Encoding", "gzip", "Content-Length", String(page.gzip.length)],
    br: [...full, "Content-Encoding", "br", "Content-Length", String(page.brotli.length)],
    notModified: [...base, "X-Cache", "HIT"],
  };
}

function send(req: ExpressRequest, res: ExpressResponse, page: CachedPage, cached: boolean, hit: boolean): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  if (!cached) {
    res.setHeader("Cache-Control", "private, no-cache");
    res.end(req.method === "HEAD" ? undefined : page.body);
    return;
  }
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("CDN-Cache-Control", CDN_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", hit ? "HIT" : "MISS");
  page.wire ??= buildWire(res, page);
  if (etagMatches(req.get("If-None-Match"), page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const accepts = req.get("Accept-Encoding") ?? "";
  const [encoding, bytes] = /\bbr\b/.test(accepts) ? ["br", page.brotli] : /\bgzip\b/.test(accepts) ? ["gzip", page.gzip] : [null, page.body];
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * Serves anonymous GETs of public pages from memory; renders through React Router on a
 * miss. Concurrent misses for one page share a single render.
 */
/**
 * The hot path: a cached page answered straight from the Node request handler, before
 * Express runs at all. Returns false when the request is not a hit.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): boolean {
  if (!isCacheable(req)) return false;
  const page = pageStore().get(cacheKeyOf(req, trustProxy));
  if (!page?.wire) return false;
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, page.wire.notModified).end();
    return true;
  }
  const accepts = req.headers["accept-encoding"] ?? "";
  const [headers, bytes] = /\bbr\b/.test(accepts) ? [page.wire.br, page.brotli] : /\bgzip\b/.test(accepts) ? [page.wire.gzip, page.gzip] : [page.wire.identity, page.body];
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : bytes);
  return true;
}

export function pageCache(render: Render): RequestHandler {
  const inFlight = new Map<string, Promise<Rendered>>();
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheable(req)) {
      // A personal answer to a GET (a flash toast): the browser may keep it, nobody else.
      if ((req.method === "GET" || req.method === "HEAD") && !res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-cache");
      return next();
    }
    const store = pageStore();
    const key = cacheKeyOf(req, req.app.enabled("trust proxy"));
    const cached = store.get(key);
    if (cached) return send(req, res, cached, true, true);
    try {
      let rendering = inFlight.get(key);
      if (!rendering) {
        const epoch = store.epoch;
        rendering = renderToEntry(render, req).then((rendered) => {
          if (rendered.storable) store.set(key, rendered.page, epoch);
          return rendered;
        });
        inFlight.set(key, rendering);
        void rendering.finally(() => inFlight.delete(key)).catch(() => {});
      }
      const { page, storable } = await rendering;
      send(req, res, page, storable, false);
    } catch (error) {
      next(error);
    }
  };
}
