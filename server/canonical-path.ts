import type { RequestHandler } from "express";

// Issue 10 §2: React Router matches paths case-insensitively and ignores a trailing slash,
// so /BONUSLAR and /bonuslar/ rendered the page a second (and third) time under addresses
// of their own. Public pages answer those spellings with 301 to the one the site links.
// Only the public page areas: file names (/media, /assets, /og, the IndexNow key, static
// files) may be case-sensitive, and /admin and /api are not for search engines.
const PUBLIC_AREAS = new Set(["", "bonuslar", "promotion", "guvenilir-siteler", "casino", "blog", "sitemap"]);

/** ASCII upper-case letters outside percent-escapes become lower-case (escapes stay as sent). */
function lowerAscii(segment: string): string {
  return segment.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
}

/**
 * A percent-escape of a character that needs none (a letter, a digit, `-`, `.`, `_`, `~`:
 * RFC 3986 §6.2.2.2) becomes that character: '/%42ONUSLAR' is '/BONUSLAR'. Any other escape
 * stays as sent.
 */
function decodeUnreserved(segment: string): string {
  // Every page request passes here: a segment without an escape (nearly all) is left at once.
  if (!segment.includes("%")) return segment;
  return segment.replace(/%[0-9a-f]{2}/gi, (escape) => {
    const character = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : escape;
  });
}

/**
 * The canonical spelling of a public page's path, or null when the path is not a public
 * page's or already canonical: lower-case, no trailing slash, no empty segments, no
 * escaped letters, no `.` or `..` segments. A path with dot segments, which browsers
 * resolve before sending and URL parsers resolve on arrival (so `/bonuslar/x/..` rendered
 * the list under an address of its own), is sent to its resolved spelling whatever its area.
 */
export function canonicalPublicPath(pathname: string): string | null {
  if (pathname.endsWith(".data")) return null;
  const segments: string[] = [];
  let dotted = false;
  for (const segment of pathname.split("/").map(decodeUnreserved)) {
    if (segment === "." || segment === "..") {
      dotted = true;
      if (segment === "..") segments.pop();
    } else if (segment !== "") segments.push(segment);
  }
  const isPublic = PUBLIC_AREAS.has(lowerAscii(segments[0] ?? ""));
  if (!isPublic && !dotted) return null;
  const canonical = `/${(isPublic ? segments.map(lowerAscii) : segments).join("/")}`;
  return canonical === pathname ? null : canonical;
}

/** Answers a GET or HEAD of a public page at a non-canonical spelling with 301 to the canonical one. */
export function canonicalPublicPaths(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.originalUrl;
    const at = url.indexOf("?");
    const pathname = at < 0 ? url : url.slice(0, at);
    const canonical = canonicalPublicPath(pathname);
    if (canonical === null) return next();
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.redirect(301, canonical + (at < 0 ? "" : url.slice(at)));
  };
}
