import { describe, expect, it } from "vitest";
import { breadcrumbs, buildMeta, type PageSeo } from "./seo";

const page: PageSeo = {
  title: "Hoş Geldin Bonusu",
  description: "İlk yatırıma yüzde yüz bonus.",
  canonical: "https://bonus.example/bonuslar/yildiz/hos-geldin-bonusu",
  image: { url: "https://bonus.example/og/kart.jpg", width: 1200, height: 630, alt: "Hoş Geldin Bonusu – Yıldız Casino", type: "image/jpeg" },
  siteName: "Bonus Rehberi",
};

/** The content of the tag with this name or property. */
const contentOf = (tags: ReturnType<typeof buildMeta>, key: string) =>
  tags.find((tag) => (tag as { name?: string }).name === key || (tag as { property?: string }).property === key) as { content?: string } | undefined;

describe("the page's meta tags", () => {
  it("keeps a page whose loader failed out of search results, with no title of its own", () => {
    expect(buildMeta(undefined)).toEqual([{ name: "robots", content: "noindex" }]);
  });

  it("gives search engines and social networks the same title, description, address and image", () => {
    const tags = buildMeta(page);
    expect(tags).toContainEqual({ title: "Hoş Geldin Bonusu" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: page.canonical });
    for (const key of ["description", "og:description", "twitter:description"]) expect(contentOf(tags, key)?.content, key).toBe(page.description);
    for (const key of ["og:title", "twitter:title"]) expect(contentOf(tags, key)?.content, key).toBe(page.title);
    expect(contentOf(tags, "og:url")?.content).toBe(page.canonical);
    for (const key of ["og:image", "twitter:image"]) expect(contentOf(tags, key)?.content, key).toBe(page.image.url);
    for (const key of ["og:image:alt", "twitter:image:alt"]) expect(contentOf(tags, key)?.content, key).toBe(page.image.alt);
    expect(["og:image:type", "og:image:width", "og:image:height"].map((key) => contentOf(tags, key)?.content)).toEqual(["image/jpeg", "1200", "630"]);
    expect(contentOf(tags, "og:site_name")?.content).toBe("Bonus Rehberi");
    expect(contentOf(tags, "og:locale")?.content).toBe("tr_TR");
    // The large card: the image shown across the post, not a thumbnail beside it.
    expect(contentOf(tags, "twitter:card")?.content).toBe("summary_large_image");
  });

  it("calls a page a website unless it says it is an article", () => {
    expect(contentOf(buildMeta(page), "og:type")?.content).toBe("website");
    expect(contentOf(buildMeta({ ...page, type: "article" }), "og:type")?.content).toBe("article");
  });

  it("adds keywords only when the page has some", () => {
    expect(contentOf(buildMeta(page), "keywords")).toBeUndefined();
    expect(contentOf(buildMeta({ ...page, keywords: "" }), "keywords")).toBeUndefined();
    expect(contentOf(buildMeta({ ...page, keywords: "bonus, casino" }), "keywords")?.content).toBe("bonus, casino");
  });

  it("adds one JSON-LD script per structured item, in order", () => {
    const items = [{ "@type": "Offer", name: "A" }, { "@type": "BreadcrumbList" }];
    const scripts = buildMeta({ ...page, jsonLd: items }).filter((tag) => "script:ld+json" in tag);
    expect(scripts).toEqual([{ "script:ld+json": items[0] }, { "script:ld+json": items[1] }]);
    expect(buildMeta(page).filter((tag) => "script:ld+json" in tag)).toEqual([]);
  });
});

describe("breadcrumbs", () => {
  it("numbers the trail from 1 with absolute addresses", () => {
    expect(
      breadcrumbs("https://bonus.example", [
        { name: "Ana Sayfa", path: "/" },
        { name: "Bonuslar", path: "/bonuslar" },
        { name: "Hoş Geldin Bonusu", path: "/bonuslar/yildiz/hos-geldin-bonusu" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Ana Sayfa", item: "https://bonus.example/" },
        { "@type": "ListItem", position: 2, name: "Bonuslar", item: "https://bonus.example/bonuslar" },
        { "@type": "ListItem", position: 3, name: "Hoş Geldin Bonusu", item: "https://bonus.example/bonuslar/yildiz/hos-geldin-bonusu" },
      ],
    });
  });
});
