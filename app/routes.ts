import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// public-site.md §2.1 and admin.md §2. Admin screens that later issues build are
// placeholders for now; each still runs requireAdmin in its loader and action.
const adminPlaceholder = (path: string) => route(path, "routes/admin/placeholder.tsx", { id: `admin-placeholder:${path}` });

export default [
  layout("routes/public/layout.tsx", [index("routes/public/home.tsx")]),

  route("admin", "routes/admin/index.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    ...[
      "admin/casinos",
      "admin/casinos/new",
      "admin/casinos/edit/:id",
      "admin/promotions",
      "admin/promotions/new",
      "admin/promotions/edit/:id",
      "admin/splash-ads",
      "admin/splash-ads/new",
      "admin/splash-ads/edit/:id",
      "admin/categories",
      "admin/comments",
      "admin/blog",
      "admin/blog/new",
      "admin/blog/edit/:id",
      "admin/settings",
      "admin/seo-settings",
      "admin/scheduled-publishing",
      "admin/test-edge-function",
    ].map(adminPlaceholder),
  ]),

  // public-site.md §2.1: any unknown path redirects to /
  route("*", "routes/resources/fallback.tsx"),
] satisfies RouteConfig;
