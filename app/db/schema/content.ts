import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { casinos } from "./casinos";

// Single-row tables carry id = 1 with a check, so a second row cannot exist.
const singletonId = () => integer().primaryKey().default(1);

// public-site.md §3: hero_section (one row)
export const heroSection = pgTable(
  "hero_section",
  {
    id: singletonId(),
    upperTitle: text().notNull(),
    mainTitle: text().notNull(),
    highlightedText: text().notNull(),
    description: text().notNull(),
    buttonText: text().notNull(),
    buttonUrl: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("hero_section_single_row", sql`${t.id} = 1`)],
);

// public-site.md §3: settings (one row)
export const settings = pgTable(
  "settings",
  {
    id: singletonId(),
    blogSectionText: text(),
    // Issue 11 §5: the responsible-gambling line on every public page links here, and the
    // splash ad shows to one visitor at most once per this many hours.
    helplineLabel: text(),
    helplineUrl: text(),
    splashFrequencyHours: integer().notNull().default(24),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_splash_frequency_range", sql`${t.splashFrequencyHours} between 1 and 8760`),
  ],
);

// admin.md §3: seo_settings, one row per public path
export const seoSettings = pgTable("seo_settings", {
  id: uuid().primaryKey().defaultRandom(),
  pageName: text().notNull(),
  pagePath: text().notNull().unique(),
  title: text().notNull().default(""),
  description: text().notNull().default(""),
  keywords: text().notNull().default(""),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// admin.md §3: splash_ads
export const splashAds = pgTable("splash_ads", {
  id: uuid().primaryKey().defaultRandom(),
  title: text().notNull(),
  href: text().notNull(),
  imageUrl: text().notNull(),
  // Issue 11 §3: an ad for a casino leads through /git/{casinoSlug} (counted as a splash
  // click); without one it leads straight to `href`.
  casinoId: uuid().references(() => casinos.id, { onDelete: "set null" }),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type HeroSection = typeof heroSection.$inferSelect;
export type Settings = typeof settings.$inferSelect;
export type SeoSetting = typeof seoSettings.$inferSelect;
export type SplashAd = typeof splashAds.$inferSelect;
