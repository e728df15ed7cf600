import type { Database, Db } from "./db.server";

/**
 * The process's database, set once at start-up (server/app.ts) or by a test.
 * Modules call getDb() at request time, never at import time.
 */
const holder = globalThis as typeof globalThis & { __bonusDatabase?: Database };

export function setDatabase(database: Database | undefined): void {
  holder.__bonusDatabase = database;
}

export function getDatabase(): Database {
  const database = holder.__bonusDatabase;
  if (!database) throw new Error("The database is not open yet");
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}
