import type { MetaDescriptor } from "react-router";

// public-site.md §3 seo_settings defaults and §2.11 fallback image.
export const DEFAULT_SEO = {
  title: "Casino Bonusları ve Promosyonlar",
  description: "Güvenilir casino siteleri ve promosyonlar için bonus rehberi: güncel hoş geldin, deneme ve kayıp bonusları tek yerde.",
  keywords: "casino, bonus, promosyon",
};
export const FALLBACK_SOCIAL_IMAGE = "/logo.png";
// public/logo.png is a 1200x630 PNG: the size social networks show large.
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** A raster image for og:image and twitter:image, with its size and text alternative. */
export type ShareImage = { url: string; width: number; height: number; alt: string; type: "image/png" | "image/jpeg" };

export type PageSeo = {
  title: string;
  description: string;
  keywords?: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** The social image: a raster (social networks do not show SVG), absolute URL. */
  image: ShareImage;
  type?: "website" | "article";
  siteName: string;
  jsonLd?: Record<string, unknown>[];
};

/**
 * Title, description, keywords, canonical, Open Graph, Twitter and JSON-LD for a page.
 * Without SEO data the loader failed and the route's error boundary renders the page's
 * one <title> itself (issue 10 §2: not-found pages carried two).
 */
export function buildMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [{ name: "robots", content: "noindex" }];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:image", content: seo.image.url },
    { property: "og:image:type", content: seo.image.type },
    { property: "og:image:width", content: String(seo.image.width) },
    { property: "og:image:height", content: String(seo.image.height) },
    { property: "og:image:alt", content: seo.image.alt },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: "tr_TR" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image.url },
    { name: "twitter:image:alt", content: seo.image.alt },
  ];
  if (seo.keywords) tags.push({ name: "keywords", content: seo.keywords });
  for (const item of seo.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}

/** A BreadcrumbList for detail pages. */
export function breadcrumbs(origin: string, items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: `${origin}${item.path}` })),
  };
}
