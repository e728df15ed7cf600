import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { callRoute } from "../../../tests/helpers/routes";
import routes from "~/routes";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { action, loader } from "./indexnow-key";

const OPTIONS = { key: "a1b2c3d4e5f60718", endpoint: "http://127.0.0.1:9/indexnow", siteUrl: "https://bonus.example", timeoutMs: 5_000 };

/** The id of the route React Router picks for a path, from the app's own route config. */
function routeIdFor(pathname: string): string | undefined {
  const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
    entries.map((entry) => ({ id: entry.id ?? entry.file, path: entry.path, index: entry.index, children: entry.children ? toObjects(entry.children) : undefined }) as RouteObject);
  return matchRoutes(toObjects(routes), pathname)?.at(-1)?.route.id;
}

describe("the IndexNow key file", () => {
  afterEach(() => configureIndexNow(undefined));

  it("serves /{INDEXNOW_KEY}.txt as plain text whose body is the key, declared shareable for the page cache", async () => {
    configureIndexNow(OPTIONS);
    const response = (await callRoute(loader, "/a1b2c3d4e5f60718.txt", { params: { file: "a1b2c3d4e5f60718.txt" } })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("a1b2c3d4e5f60718");
    // The page cache stores only answers a route declares the same for everyone.
    expect(response.headers.get("X-Cache-Share")).toBe("public");
  });

  it("redirects any other .txt (and any other name) to /, as unknown paths do, without showing the key", async () => {
    configureIndexNow(OPTIONS);
    for (const file of ["baska-anahtar.txt", "a1b2c3d4e5f60718", "a1b2c3d4e5f60718.txt.bak", "A1B2C3D4E5F60718.TXT", "yok"]) {
      const response = (await callRoute(loader, `/${file}`, { params: { file } })) as Response;
      expect(response.status, file).toBe(302);
      expect(response.headers.get("Location"), file).toBe("/");
      expect(await response.text(), file).not.toContain("a1b2c3d4e5f60718");
    }
    const posted = (await callRoute(action, "/a1b2c3d4e5f60718.txt", { method: "POST" })) as Response;
    expect(posted.headers.get("Location")).toBe("/");
  });

  it("serves no key file at all while IndexNow is off", async () => {
    configureIndexNow(null);
    const response = (await callRoute(loader, "/a1b2c3d4e5f60718.txt", { params: { file: "a1b2c3d4e5f60718.txt" } })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("does not shadow robots.txt, the sitemaps or any page; deeper unknown paths still reach the catch-all", () => {
    expect(routeIdFor("/a1b2c3d4e5f60718.txt")).toBe("indexnow-key");
    expect(routeIdFor("/robots.txt")).toBe("routes/resources/robots.ts");
    expect(routeIdFor("/sitemap.xml")).toBe("sitemap-xml");
    expect(routeIdFor("/sitemap")).toBe("sitemap");
    expect(routeIdFor("/sitemaps/posts-1.xml")).toBe("sitemap-part");
    expect(routeIdFor("/bonuslar")).toBe("routes/public/promotions.tsx");
    expect(routeIdFor("/blog")).toBe("routes/public/blog.tsx");
    expect(routeIdFor("/guvenilir-siteler")).toBe("routes/public/casinos.tsx");
    expect(routeIdFor("/admin")).toBe("routes/admin/index.tsx");
    expect(routeIdFor("/admin/indexing")).toBe("routes/admin/indexing.tsx");
    expect(routeIdFor("/bir/iki.txt")).toBe("routes/resources/fallback.tsx");
  });
});
