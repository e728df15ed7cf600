import { describe, expect, it } from "vitest";
import { validateSitemapXml } from "../../../tests/helpers/xmllint";
import { sitemapDocument, type SitemapEntry } from "./sitemap.server";

// Pages with no date of their own, as the site's fixed pages are.
const undated: SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/bonuslar", changefreq: "daily", priority: "0.9" },
  { path: "/guvenilir-siteler", changefreq: "weekly", priority: "0.8" },
];

const entries: SitemapEntry[] = [
  ...undated,
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

describe("sitemap addresses", () => {
  it("escapes what XML reserves, so an odd address keeps the document valid", async () => {
    const odd: SitemapEntry = { path: `/ara?q=<"kayıp">&tür='iade'`, changefreq: "daily", priority: "0.5" };
    const xml = sitemapDocument("https://x.example", [odd], null)!;
    expect(xml).toContain("<loc>https://x.example/ara?q=&lt;&quot;kayıp&quot;&gt;&amp;tür=&apos;iade&apos;</loc>");
    await validate(xml, "sitemap.xsd");
  });
});

describe("a sitemap index's dates", () => {
  it("dates each part by its newest page, wherever it stands in the part and whatever follows it", async () => {
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    const part: SitemapEntry[] = [
      { path: "/casino/a", changefreq: "weekly", priority: "0.8", lastmod: day("2026-02-01") },
      { path: "/casino/b", changefreq: "weekly", priority: "0.8", lastmod: day("2026-05-01") },
      { path: "/casino/c", changefreq: "weekly", priority: "0.8", lastmod: day("2026-03-01") },
      { path: "/bonuslar", changefreq: "daily", priority: "0.9" },
    ];
    const index = sitemapDocument("https://x.example", [...part, ...undated], null, 4)!;
    expect(index).toContain("<loc>https://x.example/sitemaps/1.xml</loc><lastmod>2026-05-01T00:00:00.000Z</lastmod></sitemap>");
    // A part none of whose pages has a date gets no date.
    expect(index).toContain("<loc>https://x.example/sitemaps/2.xml</loc></sitemap>");
    await validate(index, "siteindex.xsd");
  });
});

describe("a sitemap read by a person", () => {
  it("puts each page, and each part of an index, on a line of its own", () => {
    const lines = sitemapDocument("https://x.example", entries, null, 10)!.split("\n");
    expect(lines.slice(0, 2)).toEqual(['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']);
    expect(lines.slice(2, -2).map((line) => /^<url><loc>([^<]+)<\/loc>.*<\/url>$/.exec(line)?.[1])).toEqual([
      "https://x.example/",
      "https://x.example/blog",
      "https://x.example/bonuslar",
      "https://x.example/guvenilir-siteler",
      "https://x.example/casino/a",
      "https://x.example/blog/b",
    ]);
    expect(lines.slice(-2)).toEqual(["</urlset>", ""]);

    const index = sitemapDocument("https://x.example", entries, null, 3)!.split("\n");
    expect(index).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      "<sitemap><loc>https://x.example/sitemaps/1.xml</loc></sitemap>",
      "<sitemap><loc>https://x.example/sitemaps/2.xml</loc><lastmod>2026-03-04T00:00:00.000Z</lastmod></sitemap>",
      "</sitemapindex>",
      "",
    ]);
  });
});
