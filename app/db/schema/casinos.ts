import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";

// public-site.md §3 and admin.md §3: casinos
export const casinos = pgTable(
  "casinos",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    url: text().notNull(),
    logoUrl: text(),
    rating: real().notNull().default(0),
    description: text().notNull().default(""),
    details: text(),
    // Issue 11 §3: the address outbound links (/git/…) lead to today. Casinos in this
    // market change domains often: changing it moves every outbound link of the casino
    // at once. Null: the registered `url` is current.
    currentAddress: text(),
    // Every host the casino has had (registered url and former current addresses), so a
    // promotion link written against an old domain is moved to the current address too.
    formerHosts: text().array().notNull().default(sql`'{}'::text[]`),
    featured: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("casinos_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The /bonuslar search also finds a casino's promotions by its name, folded by the SQL
    // function search_fold() (drizzle/0006: the same letters as lib/turkish foldForSearch).
    index("casinos_name_search_idx").using("gin", sql`search_fold(${t.name}) gin_trgm_ops`),
    check("casinos_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

export type Casino = typeof casinos.$inferSelect;
export type NewCasino = typeof casinos.$inferInsert;
