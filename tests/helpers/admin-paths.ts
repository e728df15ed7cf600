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
 * after percent-decoding, reading a backslash as a slash) but a prefix test on the raw URL
 * does not recognise (issue 7).
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
    // A backslash is a slash to React Router's URL parser (sent raw, not through fetch).
    rest ? `/ADMIN\\${rest.slice(1)}` : "/x\\..\\admin",
  ];
}

const SAMPLE = "00000000-0000-4000-8000-000000000000";
const CASINO = { name: "Süpürme Casino", url: "https://supurme.example", logoUrl: "", description: "<p>Geçerli uzunlukta bir açıklama.</p>" };
const PROMOTION = {
  title: "Süpürme Bonusu",
  casinoId: "",
  categoryId: "",
  imageUrl: "",
  shortDescription: "Geçerli uzunlukta kısa açıklama",
  fullDescription: "",
  terms: "Şart bir",
  url: "https://supurme.example/bonus",
  promotionCode: "",
  expiryDate: "",
  isActive: "on",
};
const SPLASH = { title: "Süpürme Reklamı", href: "https://supurme.example", imageUrl: "https://cdn.example/s.png", isActive: "on" };
const BLOG_POST = {
  title: "Süpürme Yazısı",
  category: "Rehber",
  excerpt: "Geçerli uzunlukta bir özet.",
  content: "<p>Süpürme testinin yazısı: en az elli karakterlik geçerli bir içerik.</p>",
  imageUrl: "",
  seoTitle: "",
  seoDescription: "",
  seoKeywords: "",
  slug: "",
};
const HERO = { intent: "hero", upperTitle: "Üst", mainTitle: "Ana", highlightedText: "Vurgu", description: "Açıklama", buttonText: "Git", buttonUrl: "/bonuslar" };

/**
 * A form each admin screen would accept from a signed-in admin (issue 8: the anonymous
 * sweep posts a valid form, so a removed guard would run the write and fail the sweep).
 */
export function validAdminForm(path: string): Record<string, string> {
  const rules: [RegExp, Record<string, string>][] = [
    [/^\/admin\/casinos\/(new|edit\/)/, CASINO],
    [/^\/admin\/promotions\/(new|edit\/)/, PROMOTION],
    [/^\/admin\/splash-ads\/(new|edit\/)/, SPLASH],
    [/^\/admin\/blog\/(new|edit\/|[0-9a-f-]{36}$)/, BLOG_POST],
    [/^\/admin\/blog$/, { intent: "publish", id: SAMPLE }],
    [/^\/admin\/categories$/, { intent: "create", name: "Süpürme Kategorisi", slug: "supurme-kategorisi", description: "" }],
    [/^\/admin\/settings$/, HERO],
    [/^\/admin\/seo-settings$/, { id: SAMPLE, title: "Başlık", description: "Açıklama", keywords: "bonus" }],
    [/^\/admin\/comments$/, { intent: "delete", id: SAMPLE }],
    [/^\/admin\/scheduled-publishing$/, { intent: "publish-now" }],
    [/^\/admin\/ai\/blog$/, { topic: "Süpürme konusu" }],
    [/^\/admin\/ai\/(seo|expand)$/, { title: "Süpürme", content: "<p>Süpürme içeriği</p>" }],
    [/^\/admin\/ai\/page-seo$/, { pageName: "Bonuslar", pagePath: "/bonuslar" }],
    [/^\/admin\/ai\/bulk$/, { topic: "Süpürme konusu", count: "1", perDay: "1" }],
    [/^\/admin\/ai\/bulk\//, { intent: "save", publishCount: "1" }],
    [/^\/admin\/indexing$/, { intent: "send" }],
    [/^\/admin\/(casinos|promotions|splash-ads)$/, { intent: "delete", id: SAMPLE }],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1] ?? { intent: "delete", id: SAMPLE };
}
