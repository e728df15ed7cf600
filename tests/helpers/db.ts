import { sql } from "drizzle-orm";
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { migrateDatabase, openDatabase, type Database, type Db } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";

export type Driver = "pglite" | "postgres";

/** Both drivers when TEST_DATABASE_URL is set (CI always sets it), else the embedded one. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database: in-memory PGlite, or a throw-away PostgreSQL database
 * created next to TEST_DATABASE_URL's and dropped on close.
 */
export async function createTestDatabase(driver: Driver): Promise<Database> {
  if (driver === "pglite") {
    const database = await openDatabase({ driver: "pglite" });
    await migrateDatabase(database);
    return database;
  }
  const throwaway = await createThrowawayDatabaseUrl();
  const database = await openDatabase({ driver: "postgres", url: throwaway.url, max: 4 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * Runs the same tests once per driver, each on its own fresh database, installed as the
 * process's database so domain modules and routes use it.
 */
export function describeEachDriver(name: string, body: (ctx: { db: () => Db; database: () => Database; driver: Driver }) => void): void {
  for (const driver of DRIVERS) {
    describe(`${name} [${driver}]`, () => {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(driver);
        setDatabase(database);
      });
      afterAll(async () => {
        setDatabase(undefined);
        await database?.close();
      });
      // Tests write their fixtures with SQL, around the domain functions: each case starts
      // with no page and no shared read kept from the last (lib/shared-reads.server.ts). A
      // case that reads, then writes with SQL, then reads again calls forgetSharedReads().
      beforeEach(forgetSharedReads);
      body({ db: () => database!.db, database: () => database!, driver });
    });
  }
}

/**
 * What a write outside the domain functions needs before the site shows it at once, as
 * seed:scale does: a site-wide invalidation (every cached page and kept read is dropped).
 */
export function forgetSharedReads(): void {
  pageStore().invalidate([SITE_TAG]);
}

/** Empties every table (for tests that need a clean slate between cases). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table promotion_comments, promotions, promotion_categories, casinos, blog_posts, scheduled_publishing_logs,
        scheduled_publishing_settings, hero_section, settings, seo_settings, splash_ads, sessions, admin_users, users,
        rate_limit_windows, app_meta, audit_log, post_views, ai_jobs, indexnow_queue, indexnow_submissions restart identity cascade`,
  );
}

/** A throw-away database beside TEST_DATABASE_URL's, for servers started by a test. */
export async function createThrowawayDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
