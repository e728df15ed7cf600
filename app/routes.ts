import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { PUBLISH_FUNCTION_NAMES } from "./modules/publishing/publishing.schema";

// public-site.md §2.1 and admin.md §2.

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("bonuslar", "routes/public/promotions.tsx"),
    // Issue 10 §2: each active category's landing page (the same screen, filtered).
    route("bonuslar/:categorySlug", "routes/public/promotions.tsx", { id: "promotions-by-category" }),
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
  // Issue 9 §7: the IndexNow key file /{INDEXNOW_KEY}.txt. A dynamic segment ranks below every
  // static path (robots.txt, sitemap.xml, bonuslar...); any other name redirects to / as "*" does.
  route(":file", "routes/resources/indexnow-key.ts", { id: "indexnow-key" }),
  route("api/promotions/:id/comments", "routes/resources/promotion-comments.ts"),
  route("api/promotions/:id/comments/page", "routes/resources/promotion-comment-page.ts"),
  route("api/blog/:id/view", "routes/resources/post-view.ts"),
  route("media/:bucket/:file", "routes/resources/media.ts"),
  // Issue 11 §3: outbound links, counted and sent to the casino's current address.
  route("git/:casinoSlug", "routes/resources/outbound.ts", { id: "outbound-casino" }),
  route("git/:casinoSlug/:promotionSlug", "routes/resources/outbound.ts", { id: "outbound-promotion" }),
  // Issue 10 §2: raster share cards for og:image.
  route("og/:file", "routes/resources/share-image.ts"),
  route("api/admin/check-settings", "routes/resources/check-settings.ts"),
  // admin.md §7 "Server functions": three names, one handler.
  ...PUBLISH_FUNCTION_NAMES.map((name) =>
    route(`api/functions/${name}`, "routes/resources/publish-function.ts", { id: `publish-function:${name}` }),
  ),

  route("admin", "routes/admin/index.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/media/upload", "routes/admin/media/upload.ts"),
  // Issue 9: the language model's routes (JSON for the AI controls; admin only, POST writes).
  route("admin/ai/blog", "routes/admin/ai/blog.ts"),
  route("admin/ai/seo", "routes/admin/ai/seo.ts"),
  route("admin/ai/expand", "routes/admin/ai/expand.ts"),
  route("admin/ai/page-seo", "routes/admin/ai/page-seo.ts"),
  route("admin/ai/bulk", "routes/admin/ai/bulk.ts"),
  route("admin/ai/bulk/:id", "routes/admin/ai/bulk-job.ts"),
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
    route("admin/indexing", "routes/admin/indexing.tsx"),
    route("admin/blog", "routes/admin/blog/list.tsx"),
    route("admin/blog/new", "routes/admin/blog/new.tsx"),
    route("admin/blog/edit/:id", "routes/admin/blog/edit.tsx"),
    // admin.md §2: the editor is also reached at /admin/blog/{id}.
    route("admin/blog/:id", "routes/admin/blog/edit.tsx", { id: "admin-blog-by-id" }),
    route("admin/scheduled-publishing", "routes/admin/scheduled-publishing/dashboard.tsx"),
    route("admin/test-edge-function", "routes/admin/test-edge-function.tsx"),
  ]),

  // public-site.md §2.1: any unknown path redirects to /
  route("*", "routes/resources/fallback.tsx"),
] satisfies RouteConfig;
