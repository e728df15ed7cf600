import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotions_active_created_idx").on(t.isActive, t.createdAt.desc()),
    index("promotions_casino_idx").on(t.casinoId),
    index("promotions_category_idx").on(t.categoryId),
    index("promotions_slug_idx").on(t.slug),
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
  },
  (t) => [
    index("promotion_comments_promotion_created_idx").on(t.promotionId, t.createdAt.desc(), t.id.desc()),
    // The moderation list: every comment, newest first (issue 8 bench: 20,000 comments).
    index("promotion_comments_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("promotion_comments_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export type PromotionComment = typeof promotionComments.$inferSelect;
export type NewPromotionComment = typeof promotionComments.$inferInsert;
