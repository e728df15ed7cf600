import { migrateDatabase, openConfiguredDatabase, type Database } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { seedDemoContent } from "~/seed/demo.server";
import { ensureFirstAdmin } from "~/modules/auth/first-admin.server";
import { pruneExpiredSessions } from "~/modules/auth/auth.server";
import { pruneRateLimitEvents } from "~/lib/rate-limit.server";
import { prunePostViews } from "~/modules/blog/blog.server";
import { getEnv, type Env } from "~/env.server";
import { listenForInvalidations } from "~/lib/page-cache.server";

export type Runtime = { env: Env; database: Database; close: () => Promise<void> };

const HOUR = 60 * 60 * 1000;

/** Opens and migrates the database, loads demo content once, makes sure an admin exists. */
export async function startRuntime(): Promise<Runtime> {
  const env = getEnv();
  const database = await openConfiguredDatabase(env, "server");
  try {
    await migrateDatabase(database);
    setDatabase(database);
    if (env.DEMO_CONTENT) await seedDemoContent();
    await ensureFirstAdmin(env);
  } catch (error) {
    await database.close();
    throw error;
  }

  // Several processes on one PostgreSQL: hear each other's cache invalidations.
  const stopListening = database.pool ? listenForInvalidations(database.pool) : async () => {};

  const maintenance = setInterval(() => {
    const dayAgo = new Date(Date.now() - 24 * HOUR);
    Promise.all([pruneExpiredSessions(), pruneRateLimitEvents(dayAgo), prunePostViews(dayAgo)]).catch((error: unknown) =>
      console.error("Maintenance failed:", error),
    );
  }, HOUR);
  maintenance.unref();

  return {
    env,
    database,
    close: async () => {
      clearInterval(maintenance);
      await stopListening();
      setDatabase(undefined);
      await database.close();
    },
  };
}
