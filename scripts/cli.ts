import { migrateDatabase, openConfiguredDatabase, type Database } from "../app/db/db.server";
import { setDatabase } from "../app/db/index.server";
import { getEnv } from "../app/env.server";

/**
 * Opens the configured database for a command-line task. On the embedded database this
 * takes the DATA_DIR lock, so while the server runs the command refuses and says which
 * process to stop (two processes on one PGlite directory corrupt it).
 */
export async function withDatabase<T>(command: string, task: (database: Database) => Promise<T>): Promise<T> {
  const env = getEnv();
  const database = await openConfiguredDatabase(env, command);
  try {
    await migrateDatabase(database);
    setDatabase(database);
    return await task(database);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

export function exitWith(error: unknown): never {
  const name = (error as Error | undefined)?.name;
  console.error(name === "ConfigError" || name === "DataDirLockedError" || name === "DatabaseUnreachableError" ? (error as Error).message : error);
  process.exit(1);
}
