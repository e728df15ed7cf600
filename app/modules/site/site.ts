// public-site.md §2.2: navigation links and §9 constants shared by the shell.
export const NAV_LINKS = [
  { label: "Anasayfa", to: "/" },
  { label: "Bonuslar", to: "/bonuslar" },
  { label: "Güvenilir Siteler", to: "/guvenilir-siteler" },
  { label: "Blog", to: "/blog" },
] as const;

export const FOOTER_LINKS = [
  { label: "Ana Sayfa", to: "/" },
  { label: "Bonuslar", to: "/bonuslar" },
  { label: "Güvenilir Siteler", to: "/guvenilir-siteler" },
  { label: "Blog", to: "/blog" },
] as const;

export const HOME_POST_COUNT = 4;
