import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock } from "./lock.server";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  /** The pg pool when on PostgreSQL, for LISTEN/NOTIFY and admin tasks. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export type OpenOptions =
  | { driver: "postgres"; url: string; max?: number }
  | {
      driver: "pglite";
      dataDir?: string;
      command?: string;
      /** A data directory dumped by PGlite's `dumpDataDir` to start from (tests: a migrated snapshot). */
      loadDataDir?: Blob;
    };

const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
// Any fixed number: every process takes the same advisory lock while migrating.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error));
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
    return { db, driver: "postgres", pool, close: () => pool.end() };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir, options.command ?? "server");
    dataDir = path.join(options.dataDir, "pglite");
    // PGlite does not create missing parent folders.
    fs.mkdirSync(dataDir, { recursive: true });
  }
  try {
    // pg_trgm backs the promotion search's trigram indexes (drizzle/0006); PGlite ships it
    // but loads an extension only when asked here.
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      driver: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** DATABASE_URL's PostgreSQL, or the embedded database in DATA_DIR (locked for `command`). */
export function openConfiguredDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }, command: string): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ driver: "postgres", url: env.DATABASE_URL })
    : openDatabase({ driver: "pglite", dataDir: env.DATA_DIR, command });
}

/**
 * PostgreSQL could not be reached at start-up (issue 10 §4): one line naming the server (never
 * its password) and the likely fix, printed without a stack by server.js and the scripts.
 */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";

  constructor(cause: unknown, url: string | undefined) {
    super(`Cannot connect to the database: ${postgresLabel(url)} ${unreachableReason(cause)}`, { cause });
  }
}

/** host:port/database of a postgres:// URL, without the user name and password. */
function postgresLabel(url: string | undefined): string {
  try {
    const parsed = new URL(url ?? "");
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname} (DATABASE_URL)`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

function unreachableReason(cause: unknown): string {
  const { code, message } = (cause ?? {}) as { code?: string; message?: string };
  switch (code) {
    case "ECONNREFUSED":
      return "refused the connection (ECONNREFUSED): is PostgreSQL running there, on that port?";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `has a host name that cannot be resolved (${code}): check the host in DATABASE_URL.`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `did not answer (${code}): check the host, the port and any firewall between.`;
    case "28P01":
    case "28000":
      return `refused the user name or password (${code}): check the credentials in DATABASE_URL.`;
    case "3D000":
      return `has no such database (${code}): create it (createdb) or fix the name in DATABASE_URL.`;
    default: {
      const first = (message ?? String(cause)).split("\n")[0]!.trim();
      return `failed: ${first || "unknown error"}${code ? ` (${code})` : ""}.`;
    }
  }
}

/** Applies the committed migrations in drizzle/; safe to run from several processes at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.driver === "pglite") {
    await migratePglite(database.db as never, config);
    return;
  }
  const client = await database.pool!.connect().catch((error: unknown) => {
    throw new DatabaseUnreachableError(error, database.pool!.options.connectionString);
  });
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, schema, casing: "snake_case" }), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
