import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Facts about the installation itself, such as whether the demo content was loaded once.
export const appMeta = pgTable("app_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
