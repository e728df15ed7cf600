import { sql } from "drizzle-orm";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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
  if (driver === "pglite") return openDatabase({ driver: "pglite", loadDataDir: await migratedSnapshot() });
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
 * An in-memory PGlite starts in about 2 s (its initdb) plus 0.2 s of migrations; from a dump
 * of a migrated one, in about 0.5 s. Integration test files each open one, and the mutation
 * run opens one per file per mutant. The dump is made once per set of migrations (the first
 * test process to need it runs them) and kept in the system's temporary folder.
 */
let snapshot: Promise<Blob> | undefined;
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= readOrMakeSnapshot();
  return snapshot;
}

async function readOrMakeSnapshot(): Promise<Blob> {
  const hash = crypto.createHash("sha256");
  hash.update(JSON.stringify(process.versions));
  const pgliteVersion = JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
  hash.update(String(pgliteVersion));
  const folder = path.resolve("drizzle");
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), `bonus-test-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ driver: "pglite" });
    try {
      await migrateDatabase(database);
      const client = (database.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir("none");
      // Written aside and renamed: test processes starting together never read half a file.
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
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
