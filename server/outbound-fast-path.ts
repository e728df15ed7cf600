import net from "node:net";
import proxyaddr from "proxy-addr";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { countOutboundClick, knownOutboundTarget, OUTBOUND_HEADERS } from "~/modules/outbound/outbound.server";
import { PLACEMENT_PARAM } from "~/modules/outbound/outbound-paths";

// Issue 11 §3: the /git/ redirect at p99 under 5 ms with 32 connections. A redirect whose
// target this process already knows (modules/outbound/outbound.server.ts) is answered
// straight from the Node request handler, before Express, like a cached page
// (server/page-cache.ts serveCachedPage); everything else (the first request of a target,
// a 404, anything unusual) goes through Express and the React Router route, which fill
// the memory this path reads. Both count the click through the same function.

// The security headers Express (helmet) adds, learnt from the first /git/ answer it sends,
// so a fast answer carries exactly what a slow one does. Only these names are ever learnt:
// never a cookie or anything else one request's answer carries for its visitor alone (an
// attacker's `POST /git/../admin/logout` is routed elsewhere by React Router but looks like
// /git/ to Express).
// Kept with OUTBOUND_HEADERS as the raw name, value, name, value … list writeHead takes.
let learntHeaders: string[] | null = null;
const SECURITY_HEADERS = new Set([
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
]);

/** Express middleware (before the routes): learns the headers of a /git/ answer once. */
export function learnOutboundHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (learntHeaders === null && req.method === "GET" && isOutboundPath(req.path)) {
      res.once("finish", () => {
        // Only the outbound route's own answer (it alone sets these headers).
        if (learntHeaders !== null || res.statusCode !== 302) return;
        if (Object.entries(OUTBOUND_HEADERS).some(([name, value]) => res.getHeader(name) !== value)) return;
        const headers: string[] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (!SECURITY_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [String(value)]) headers.push(name, v);
        }
        learntHeaders = [...headers, ...Object.entries(OUTBOUND_HEADERS).flat()];
      });
    }
    next();
  };
}

/** A /git/ path with no dot segment (`..` would let React Router route it elsewhere). */
function isOutboundPath(path: string): boolean {
  const match = OUTBOUND_PATH.exec(path);
  if (!match) return false;
  return [match[1], match[2]].every((segment) => segment === undefined || !/^(?:\.|%2e){1,2}$/i.test(segment));
}

// /git/{casino} or /git/{casino}/{promotion}, an optional trailing slash, any letter case of "git".
const OUTBOUND_PATH = /^\/git\/([^/]+)(?:\/([^/]+))?\/?$/i;
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function decodeSegment(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The client address exactly as Express's req.ip computes it with `trust proxy` set to
 * `hops` (both are proxy-addr: the connection's address, then X-Forwarded-For from the
 * right, `hops` entries in), falling back as clientAddressOf does when that is no IP address.
 */
export function clientAddressOfRaw(req: IncomingMessage, hops: number): string {
  const address = proxyaddr(req, (_address, index) => index < hops);
  if (address && net.isIP(address)) return address;
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * Answers a GET or HEAD of a /git/ address whose target is known in memory: 302, the click
 * counted. Returns false (Express answers) for anything else.
 */
export function serveKnownOutbound(req: IncomingMessage, res: ServerResponse, proxyHops: number): boolean {
  if (learntHeaders === null || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const url = req.url ?? "";
  if (url.length > 2048 || !/^\/git\//i.test(url)) return false;
  // A request with a body, an odd host, a NUL or a fragment goes the long way, through every guard.
  if (req.headers["content-length"] || req.headers["transfer-encoding"] || !HOST.test(req.headers.host ?? "") || url.includes("%00") || url.includes("#")) return false;
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  if (!isOutboundPath(path)) return false;
  const match = OUTBOUND_PATH.exec(path)!;
  const casinoSlug = decodeSegment(match[1]);
  const promotionSlug = decodeSegment(match[2]);
  if (casinoSlug === null || (match[2] !== undefined && promotionSlug === null)) return false;
  const target = knownOutboundTarget(casinoSlug.toLowerCase(), promotionSlug?.toLowerCase() ?? null);
  if (!target) return false;
  countOutboundClick(target, {
    method: req.method,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === "string" ? value : null;
    },
    placementParam: at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get(PLACEMENT_PARAM),
    clientAddress: clientAddressOfRaw(req, proxyHops),
  });
  res.writeHead(302, [...learntHeaders, "Location", target.location, "Content-Length", "0"]).end();
  return true;
}
