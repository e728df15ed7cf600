import type { RouteConfigEntry } from "@react-router/dev/routes";

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** Every path under /admin in the route config (with /admin itself), parameters filled in. */
export function adminRoutePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries
    .flatMap((entry) => {
      const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
      const own = entry.path && /^\/admin(\/|$)/.test(full) ? [full] : [];
      return [...own, ...adminRoutePaths(entry.children ?? [], full)];
    })
    .map((p) => p.replace(/:[a-zA-Z]+/g, SAMPLE_ID));
}

const encoded = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/**
 * Spellings React Router routes to the same admin page (it matches case-insensitively,
 * after percent-decoding) but a prefix test on the raw URL does not recognise (issue 7).
 */
export function adminSpellings(path: string): string[] {
  const rest = path.slice("/admin".length);
  return [
    path.toUpperCase(),
    `/Admin${rest}`,
    `/%61dmin${rest}`,
    `/%41DMIN${rest}`,
    rest ? `/admin${rest.replace(/^\/([a-z])/, (_, c: string) => `/${encoded(c)}`)}` : "/admi%6E",
    `/aDmin${rest}.data`,
  ];
}
