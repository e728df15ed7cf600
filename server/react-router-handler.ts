import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { IncomingMessage } from "node:http";
import { originRefusals } from "~/lib/origin-refusals.server";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";
import { bufferedBody, closeAfterAnswer, isStreamedBody, refuse } from "./request-guards";

/**
 * @react-router/express's handler, except that the body is the one limitRequestBody
 * (request-guards.ts) already read and bounded: that adapter streams the socket unbounded.
 * The URL is built the same way as there.
 */
export function createRequestHandler(options: {
  build: ServerBuild | Promise<ServerBuild> | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
  mode?: string;
  /** PUBLIC_SITE_URL: a form posted from a page there is taken as posted there (publicOriginFor). */
  publicSiteUrl?: string;
}): RequestHandler {
  const { build } = options;
  const publicOrigin = parsedOrigin(options.publicSiteUrl);
  const mode = options.mode ?? process.env.NODE_ENV;
  const handler = build instanceof Promise ? build.then((loaded) => createFetchHandler(loaded, mode)) : Promise.resolve(createFetchHandler(build, mode));
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const handle = await handler;
      const request = toFetchRequest(req, res, publicOrigin);
      // React Router checks a write's Origin on every .data request and on every page's action
      // (not on resource routes). Its refusal is English, and on .data it logs a stack.
      const otherOrigin = describeOriginMismatch(request);
      if (otherOrigin && new URL(request.url).pathname.endsWith(".data")) {
        // A streamed body (an upload) is left unread: the connection ends after the answer.
        if (!req.complete) closeAfterAnswer(req, res);
        return refuse(req, res, 400, REQUEST_MESSAGES.crossSite, otherOrigin);
      }
      const response = await handle(request, options.getLoadContext(req));
      if (otherOrigin && originRefusals.has(request)) {
        await response.body?.cancel();
        return refuse(req, res, 400, REQUEST_MESSAGES.crossSite, otherOrigin);
      }
      await send(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

function parsedOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin a write is taken as sent to: PUBLIC_SITE_URL's when the browser says the form's
 * page was there (Origin), otherwise (null) the scheme and host it came in on. Reads are
 * never pinned.
 *
 * React Router refuses an action (400) whose Origin differs from the request URL's origin
 * (throwIfPotentialCSRFAttack). Behind a proxy that terminates TLS or rewrites Host (nginx's
 * plain `proxy_pass http://127.0.0.1:3000` sends `Host: 127.0.0.1:3000`) without
 * X-Forwarded-Proto and -Host, every admin form would then fail. Its `allowedActionOrigins`
 * cannot say this: it is fixed when the app is built and compares hosts only, while
 * PUBLIC_SITE_URL is read when the server starts. A browser on another site cannot send our
 * origin as its Origin, and sameOriginMutations (request-guards.ts) has already refused
 * writes from other sites, so this takes nothing away from either check (ADR 004).
 */
export function publicOriginFor(method: string, originHeader: string | undefined, publicOrigin: string | null): string | null {
  if (!publicOrigin || !originHeader || method === "GET" || method === "HEAD") return null;
  return parsedOrigin(originHeader) === publicOrigin ? publicOrigin : null;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * React Router's rule for a write's Origin (throwIfPotentialCSRFAttack, without
 * allowedActionOrigins, which this app does not set), read as it reads it: an Origin that is
 * a URL must have the request URL's origin, one that is not ("null") must equal its host,
 * and an Origin without a host (`foo:bar`, `file:///x`) is not compared. Returns why a write
 * breaks it, for the log line (with the likely fix, unless the Origin is opaque), or null.
 */
export function describeOriginMismatch(request: Request): string | null {
  if (!MUTATIONS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  const ours = new URL(request.url);
  let theirs: URL | null = null;
  if (origin !== "null") {
    try {
      theirs = new URL(origin);
    } catch {
      return `Origin ${quotedForLog(origin)} is not a URL`;
    }
  }
  const domain = theirs ? theirs.host : origin;
  if (!domain || (theirs ? theirs.origin === ours.origin : domain === ours.host)) return null;
  // A browser's page on a real origin that reached here passed sameOriginMutations' host check:
  // the likely cause is a proxy's scheme, host or port the app was not told of.
  const fix = theirs ? ": behind a proxy, set PUBLIC_SITE_URL, or TRUST_PROXY with X-Forwarded-Proto and -Host (ADR 004)" : "";
  return `form sent from ${quotedForLog(origin)} to ${quotedForLog(ours.origin)}${fix}`;
}

/** A header's value for a log line: cut at 100 characters and quoted, with nothing outside printable ASCII left raw (U+0085 breaks lines in some viewers). */
function quotedForLog(value: string): string {
  const cut = value.length > 100 ? `${value.slice(0, 100)}...` : value;
  return JSON.stringify(cut).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The port a Host (or X-Forwarded-Host) value names: `example.com:8080`, `[::1]:3000`. */
function portOf(host: string | undefined): number | undefined {
  const port = host?.match(/^(?:\[[^\]]*\]|[^:]*):(\d+)$/)?.[1];
  return port === undefined ? undefined : Number.parseInt(port, 10);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, publicOrigin: string | null): Request {
  const pinned = publicOriginFor(req.method, req.get("Origin"), publicOrigin);
  const forwardedPort = req.app.enabled("trust proxy") ? portOf(req.get("X-Forwarded-Host")) : undefined;
  const port = [forwardedPort, portOf(req.get("host"))].find((p) => p !== undefined && Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${pinned ?? `${req.protocol}://${hostname}${port ? `:${port}` : ""}`}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  // Aborts loaders when the visitor goes away before the answer is complete.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  // Only a body limitRequestBody has read and bounded; without one there were no bytes.
  const body = bufferedBody(req);
  if (body && req.method !== "GET" && req.method !== "HEAD") init.body = new Uint8Array(body);
  // Or a body a `streamed` rule left to the route (uploads), which bounds it as it reads.
  else if (isStreamedBody(req) && req.method !== "GET" && req.method !== "HEAD") {
    init.body = streamOf(req);
    (init as RequestInit & { duplex: "half" }).duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * The socket's body as a stream the route pulls. A route that stops reading (an oversize
 * upload) cancels it: the socket is paused, not destroyed, so its 413 still reaches the
 * client, and send() ends the connection after it (closeAfterAnswer).
 */
function streamOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          stop();
          controller.close();
        };
        const onError = (error: Error) => {
          stop();
          controller.error(error);
        };
        stop = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
          req.pause();
        };
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        // The client went away mid-body: the route's read must fail, not wait for ever.
        req.once("close", () => {
          if (!req.complete) onError(new Error("the client went away mid-body"));
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  // The route answered without reading the whole body (an upload it refused): read no more,
  // and end the connection once the answer is out. A route's "Connection: close" would make
  // Node reset it at once instead, and the client would lose the answer.
  const unread = !req.complete;
  if (unread) closeAfterAnswer(req, res);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    const lower = name.toLowerCase();
    if (unread && lower === "connection") continue;
    // The private areas' `private, no-store` (set before the route ran) stands; the
    // route's own copy would only repeat it, and a route never loosens it.
    if (lower === "cache-control" && res.getHeader("Cache-Control") !== undefined) continue;
    res.append(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(coalesceReadyPieces(response.body), res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * writeReadableStreamToWritable writes and flushes the compressor for every piece it reads,
 * and waits for the compressor to drain whenever 16 KB are pending: React hands a page over
 * in 2 to 4 KB pieces, so a 90 KB page was compressed in five or more flushed blocks, each
 * after a round trip through zlib's thread. A flushed block costs CPU (gzip and brotli at
 * the middleware's levels took 2 to 3 times as long as for the page in one piece) and bytes.
 * Here every piece that is ready before the event loop turns (a whole server-rendered page)
 * is handed on as one, so it is compressed in one go; a part streamed later (a Suspense
 * boundary, an event stream's message) is a piece of its own and leaves the moment it comes.
 */
export function coalesceReadyPieces(source: ReadableStream<Uint8Array>, maxBytes = MAX_COALESCED_BYTES): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let waiting: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const pieces: Uint8Array[] = [];
      let size = 0;
      // Once the first piece is in: resolves when the event loop has turned (after the I/O
      // callbacks), not before, so a late part that arrives in several pieces stays whole.
      let turned: Promise<typeof TURNED> | undefined;
      for (;;) {
        const next = waiting ?? reader.read();
        waiting = null;
        const result = turned ? await Promise.race([next, turned]) : await next;
        if (result === TURNED) {
          waiting = next;
          break;
        }
        if (result.done) {
          if (size > 0) controller.enqueue(joinPieces(pieces, size));
          controller.close();
          return;
        }
        pieces.push(result.value);
        size += result.value.byteLength;
        if (size >= maxBytes) break;
        turned ??= new Promise((resolve) => setImmediate(resolve, TURNED));
      }
      controller.enqueue(joinPieces(pieces, size));
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** When a coalesced piece is handed on (it may exceed this by its last piece): a page larger than this goes out in several. */
const MAX_COALESCED_BYTES = 512 * 1024;
const TURNED = Symbol("the event loop turned");

function joinPieces(pieces: Uint8Array[], size: number): Uint8Array {
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size);
}
