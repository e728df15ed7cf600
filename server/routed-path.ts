/**
 * A path as React Router matches it: each segment percent-decoded, any case, a backslash
 * read as a slash and dot segments resolved (as its URL parsing does: /x/../git/y and
 * /git\y are /git/y), `.data` removed. Every decision about a request's area (admin, API,
 * /git/, body limits) is made on this, never on the URL's spelling.
 */
export function routedPath(path: string): string {
  const decoded = path.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const resolved = new URL(decoded.join("/").replace(/\\/g, "/").replace(/\/{2,}/g, "/").replace(/[?#]/g, "_"), "http://x").pathname;
  return resolved.toLowerCase().replace(/\.data$/, "");
}
