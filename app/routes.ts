import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// public-site.md §2.1 and admin.md §2. Admin screens that later issues build are
// placeholders for now; each still runs requireAdmin in its loader and action.
const adminPlaceholder = (path: string) => route(path, "routes/admin/placeholder.tsx", { id: `admin-placeholder:${path}` });

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("bonuslar", "routes/public/promotions.tsx"),
    route("bonuslar/:casinoSlug/:promotionSlug", "routes/public/promotion-detail.tsx", { id: "promotion-by-slugs" }),
    route("promotion/:id", "routes/public/promotion-detail.tsx", { id: "promotion-by-id" }),
    // The legacy form: /promotion?id=...
    route("promotion", "routes/public/promotion-detail.tsx", { id: "promotion-by-query" }),
    route("guvenilir-siteler", "routes/public/casinos.tsx"),
    route("casino/:id", "routes/public/casino-detail.tsx", { id: "casino-by-id" }),
    route("casino", "routes/public/casino-detail.tsx", { id: "casino-without-id" }),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:id", "routes/public/blog-post.tsx"),
  ]),

  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap-xml" }),
  route("sitemap", "routes/resources/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:file", "routes/resources/sitemap.ts", { id: "sitemap-part" }),
  route("robots.txt", "routes/resources/robots.ts"),
  route("api/promotions/:id/comments", "routes/resources/promotion-comments.ts"),
  route("api/promotions/:id/comments/page", "routes/resources/promotion-comment-page.ts"),
  route("api/blog/:id/view", "routes/resources/post-view.ts"),
  route("media/:bucket/:file", "routes/resources/media.ts"),
  route("api/admin/check-settings", "routes/resources/check-settings.ts"),

  route("admin", "routes/admin/index.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/media/upload", "routes/admin/media/upload.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/casinos", "routes/admin/casinos/list.tsx"),
    route("admin/casinos/new", "routes/admin/casinos/new.tsx"),
    route("admin/casinos/edit/:id", "routes/admin/casinos/edit.tsx"),
    route("admin/splash-ads", "routes/admin/splash-ads/list.tsx"),
    route("admin/splash-ads/new", "routes/admin/splash-ads/new.tsx"),
    route("admin/splash-ads/edit/:id", "routes/admin/splash-ads/edit.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/comments", "routes/admin/comments/list.tsx"),
    route("admin/settings", "routes/admin/settings/settings.tsx"),
    route("admin/seo-settings", "routes/admin/seo-settings/seo-settings.tsx"),
    route("admin/promotions", "routes/admin/promotions/list.tsx"),
    route("admin/promotions/new", "routes/admin/promotions/new.tsx"),
    route("admin/promotions/edit/:id", "routes/admin/promotions/edit.tsx"),
    route("admin/categories", "routes/admin/categories/list.tsx"),
    ...[
      "admin/blog",
      "admin/blog/new",
      "admin/blog/edit/:id",
      "admin/scheduled-publishing",
      "admin/test-edge-function",
    ].map(adminPlaceholder),
  ]),

  // public-site.md §2.1: any unknown path redirects to /
  route("*", "routes/resources/fallback.tsx"),
] satisfies RouteConfig;
