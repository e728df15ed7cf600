// admin.md §2: the sidebar links, plus the audit log of issue 8 §4. Shared by the admin
// layout and the screens that link back to it (no module imports a route module).
export const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/promotions", label: "Promosyonlar" },
  { to: "/admin/splash-ads", label: "Splash Reklamlar" },
  { to: "/admin/categories", label: "Kategoriler" },
  { to: "/admin/casinos", label: "Casino Siteleri" },
  { to: "/admin/comments", label: "Yorumlar" },
  { to: "/admin/blog", label: "Blog Yazıları" },
  { to: "/admin/scheduled-publishing", label: "Zamanlanmış Yayınlar" },
  { to: "/admin/indexing", label: "Arama Motoru Bildirimleri" },
  { to: "/admin/seo-settings", label: "SEO Ayarları" },
  { to: "/admin/settings", label: "Ayarlar" },
  { to: "/admin/audit", label: "Denetim Kaydı" },
] as const;
