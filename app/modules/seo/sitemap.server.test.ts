import { describe, expect, it } from "vitest";
import { validateSitemapXml } from "../../../tests/helpers/xmllint";
import { sitemapDocument, STATIC_SITEMAP_ENTRIES, type SitemapEntry } from "./sitemap.server";

const entries: SitemapEntry[] = [
  ...STATIC_SITEMAP_ENTRIES,
  { path: "/casino/a", changefreq: "weekly", priority: "0.8", lastmod: new Date("2026-01-02T00:00:00Z") },
  { path: "/blog/b", changefreq: "monthly", priority: "0.6", lastmod: new Date("2026-03-04T00:00:00Z") },
];

// Always validated: xmllint-wasm and the schemas in tests/schemas need nothing installed.
const validate = validateSitemapXml;

describe("sitemap splitting (limit lowered to 3)", () => {
  it("keeps one urlset while the site fits", async () => {
    const xml = sitemapDocument("https://x.example", entries, null, 10)!;
    expect(xml).toContain("<urlset");
    expect(xml.match(/<url>/g)).toHaveLength(6);
    await validate(xml, "sitemap.xsd");
  });

  it("turns /sitemap.xml into an index of parts once past the limit", async () => {
    const index = sitemapDocument("https://x.example", entries, null, 3)!;
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>https://x.example/sitemaps/1.xml</loc>");
    expect(index).toContain("<loc>https://x.example/sitemaps/2.xml</loc><lastmod>2026-03-04T00:00:00.000Z</lastmod>");
    await validate(index, "siteindex.xsd");

    const second = sitemapDocument("https://x.example", entries, 2, 3)!;
    expect(second.match(/<url>/g)).toHaveLength(3);
    expect(second).toContain("https://x.example/blog/b");
    await validate(second, "sitemap.xsd");
    expect(sitemapDocument("https://x.example", entries, 3, 3)).toBeNull();
    expect(sitemapDocument("https://x.example", entries, 1, 10)).toBeNull();
  });
});
