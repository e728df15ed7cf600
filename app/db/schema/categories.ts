import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// admin.md §3: promotion_categories (slug unique)
export const promotionCategories = pgTable("promotion_categories", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type PromotionCategory = typeof promotionCategories.$inferSelect;
export type NewPromotionCategory = typeof promotionCategories.$inferInsert;
