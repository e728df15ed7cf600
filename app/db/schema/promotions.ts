import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { casinos } from "./casinos";
import { promotionCategories } from "./categories";

// public-site.md §3 and admin.md §3: promotions. A promotion outlives its casino and
// its category: the link is set null, the offer stays.
export const promotions = pgTable(
  "promotions",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    // Derived from the title by the slug rule (public-site.md §5.2) so that the
    // /bonuslar/{casinoSlug}/{promotionSlug} look-up starts with an indexed equality.
    slug: text().notNull(),
    // Title and short description folded for search (lib/turkish.ts foldForSearch: no
    // Turkish letters, lowercase), so 'bogazici' finds 'Boğaziçi' and the reverse on both
    // drivers; written with every title or description change, searched through a
    // trigram index (issue 10 §1).
    searchText: text().notNull().default(""),
    // The title folded as search_fold folds (migration 0006), kept by the database: the admin
    // comment search matches it as Turkish operators type (IŞIK, isik and ışık alike).
    titleSearch: text().generatedAlwaysAs(sql`search_fold(title)`),
    casinoId: uuid().references(() => casinos.id, { onDelete: "set null" }),
    categoryId: uuid().references(() => promotionCategories.id, { onDelete: "set null" }),
    category: text(),
    description: text().notNull().default(""),
    url: text().notNull(),
    terms: text().array().notNull().default(sql`'{}'::text[]`),
    promotionCode: text(),
    isActive: boolean().notNull().default(true),
    expiryDate: timestamp({ withTimezone: true }),
    imageUrl: text(),
    indexed: boolean().notNull().default(false),
    // Issue 11 §1: structured bonus terms, all optional (amounts in whole TL). The
    // free-text `terms` list of the spec stays beside them.
    bonusType: text(),
    bonusAmount: integer(),
    bonusPercent: smallint(),
    bonusCap: integer(),
    freeSpins: integer(),
    minDeposit: integer(),
    wageringMultiplier: numeric({ precision: 6, scale: 1, mode: "number" }),
    wageringBasis: text(),
    maxBet: integer(),
    maxCashout: integer(),
    eligibleGames: text(),
    lastVerifiedAt: date({ mode: "string" }),
    // Issue 11 §2: the visitors' average rating, kept by a trigger on promotion_comments
    // (drizzle/0008) so it is right after every insert, edit, delete and cascade.
    ratingCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "promotions_bonus_type_known",
      sql`${t.bonusType} is null or ${t.bonusType} in ('deposit', 'no_deposit', 'free_spins', 'cashback', 'freebet', 'other')`,
    ),
    check("promotions_wagering_basis_known", sql`${t.wageringBasis} is null or ${t.wageringBasis} in ('bonus', 'deposit_bonus')`),
    check(
      "promotions_terms_not_negative",
      sql`coalesce(${t.bonusAmount}, 0) >= 0 and coalesce(${t.bonusPercent}, 0) >= 0 and coalesce(${t.bonusCap}, 0) >= 0 and coalesce(${t.freeSpins}, 0) >= 0 and coalesce(${t.minDeposit}, 0) >= 0 and coalesce(${t.wageringMultiplier}, 0) >= 0 and coalesce(${t.maxBet}, 0) >= 0 and coalesce(${t.maxCashout}, 0) >= 0`,
    ),
    index("promotions_expiry_idx").on(t.expiryDate),
    // The public pages' counts of live offers (all, per casino, per category) read this
    // narrow index instead of the wide rows: 6 to 2 ms for the /bonuslar count at 5,000.
    index("promotions_live_idx").on(t.isActive, t.expiryDate, t.casinoId, t.categoryId),
    index("promotions_active_created_idx").on(t.isActive, t.createdAt.desc().nullsFirst()),
    // The back office's newest-first list, the dashboard's recent list and its monthly counts
    // (an index-only scan instead of reading the wide rows: 28 ms to 1 ms at 5,000 promotions).
    index("promotions_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("promotions_casino_idx").on(t.casinoId),
    index("promotions_category_idx").on(t.categoryId),
    index("promotions_slug_idx").on(t.slug),
    // The comment moderation search matches the promotion's title (title_search): this narrow
    // index answers it without reading the wide rows (an index-only scan). At 5,000
    // promotions and 20,000 comments, its count for a rating and a word in every title went
    // from 8 to 2.6 ms (ADR 018 addendum).
    index("promotions_id_title_search_idx").on(t.id, t.titleSearch),
    // `search_text like '%…%'` (the /bonuslar search) without reading every row: pg_trgm.
    index("promotions_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export type Promotion = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

// public-site.md §3: promotion_comments. Comments die with their promotion.
export const promotionComments = pgTable(
  "promotion_comments",
  {
    id: uuid().primaryKey().defaultRandom(),
    promotionId: uuid()
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    userName: text().notNull(),
    comment: text().notNull(),
    rating: smallint().notNull().default(5),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The name and the comment folded as search_fold folds, kept by the database (the
    // moderation search: a folded column read with LIKE, not search_fold called per row).
    searchText: text().generatedAlwaysAs(sql`search_fold(user_name || chr(10) || comment)`),
  },
  (t) => [
    index("promotion_comments_promotion_created_idx").on(t.promotionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The moderation list: every comment, newest first (issue 8 bench: 20,000 comments).
    index("promotion_comments_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("promotion_comments_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export type PromotionComment = typeof promotionComments.$inferSelect;
export type NewPromotionComment = typeof promotionComments.$inferInsert;

// Issue 11 §3: outbound clicks through /git/…, counted per day, casino, promotion (null for
// a casino-level link) and placement. The redirect adds to an in-memory tally that is
// written with one upsert per key every few seconds and on shutdown.
export const outboundClicks = pgTable(
  "outbound_clicks",
  {
    day: date({ mode: "string" }).notNull(),
    casinoId: uuid()
      .notNull()
      .references(() => casinos.id, { onDelete: "cascade" }),
    promotionId: uuid().references(() => promotions.id, { onDelete: "cascade" }),
    placement: text().notNull(),
    clicks: integer().notNull().default(0),
  },
  (t) => [
    unique("outbound_clicks_key").on(t.day, t.casinoId, t.promotionId, t.placement).nullsNotDistinct(),
    index("outbound_clicks_promotion_day_idx").on(t.promotionId, t.day),
    // The admin casino list's clicks of a window (one look-up for the page's casinos), and a
    // casino's delete, whose cascade finds its tally rows by it.
    index("outbound_clicks_casino_day_idx").on(t.casinoId, t.day),
    index("outbound_clicks_day_idx").on(t.day),
    check("outbound_clicks_placement_known", sql`${t.placement} in ('card', 'detail', 'casino', 'splash')`),
  ],
);

export type OutboundClick = typeof outboundClicks.$inferSelect;
