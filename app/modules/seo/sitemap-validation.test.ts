import { afterEach, describe, expect, it } from "vitest";
import { validateSitemapXml } from "../../../tests/helpers/xmllint";

// Issue 10 §4: sitemap validation needs no xmllint binary and no schema outside the
// repository. With PATH emptied, any program started by name would fail to start.
const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;

describe("sitemap validation (xmllint-wasm, tests/schemas)", () => {
  it("accepts a valid urlset and sitemap index with no program on PATH", async () => {
    process.env.PATH = "";
    await expect(validateSitemapXml(urlset("<url><loc>https://x.example/</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod><priority>1.0</priority></url>"), "sitemap.xsd")).resolves.toBeUndefined();
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://x.example/sitemaps/1.xml</loc></sitemap></sitemapindex>`;
    await expect(validateSitemapXml(index, "siteindex.xsd")).resolves.toBeUndefined();
  });

  it("rejects what the sitemaps.org schema forbids, naming the problem", async () => {
    process.env.PATH = "";
    // No <loc>, a priority above 1.0, a date that is not a W3C date, an unknown element.
    await expect(validateSitemapXml(urlset("<url><lastmod>2026-01-02</lastmod></url>"), "sitemap.xsd")).rejects.toThrow(/loc/);
    await expect(validateSitemapXml(urlset("<url><loc>https://x.example/</loc><priority>1.5</priority></url>"), "sitemap.xsd")).rejects.toThrow(/priority/);
    await expect(validateSitemapXml(urlset("<url><loc>https://x.example/</loc><lastmod>dün</lastmod></url>"), "sitemap.xsd")).rejects.toThrow(/lastmod/);
    await expect(validateSitemapXml(urlset("<page><loc>https://x.example/</loc></page>"), "sitemap.xsd")).rejects.toThrow(/page/);
    // A urlset is not a sitemap index.
    await expect(validateSitemapXml(urlset("<url><loc>https://x.example/</loc></url>"), "siteindex.xsd")).rejects.toThrow(/urlset/);
  });
});
