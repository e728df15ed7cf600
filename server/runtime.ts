import { migrateDatabase, openConfiguredDatabase, type Database } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { seedDemoContent } from "~/seed/demo.server";
import { ensureFirstAdmin } from "~/modules/auth/first-admin.server";
import { pruneExpiredSessions } from "~/modules/auth/auth.server";
import { pruneRateLimitEvents } from "~/lib/rate-limit.server";
import { prunePostViews } from "~/modules/blog/blog.server";
import { getEnv, type Env } from "~/env.server";
import { listenForInvalidations } from "~/lib/page-cache.server";
import { startBulkWorker } from "~/modules/ai/bulk.server";
import { isAiConfigured } from "~/modules/ai/ai.server";
import { startPublishingScheduler } from "~/modules/publishing/scheduler.server";
import { startIndexingSenderFromEnv } from "~/modules/indexing/indexing-sender.server";
import { startListSweep } from "~/modules/promotions/list-sweep.server";
import { startClickWriter } from "~/modules/outbound/clicks.server";

export type Runtime = {
  env: Env;
  database: Database;
  /**
   * Creates the first admin when none exists and returns what to print (its one-time
   * password), or null. The server calls it once it listens (issue 10 §4): a start that
   * fails on the port or the host creates and prints nothing.
   */
  createFirstAdmin: () => Promise<string | null>;
  close: () => Promise<void>;
};

const HOUR = 60 * 60 * 1000;

/** Opens and migrates the database and loads demo content once (the first admin comes after listening). */
export async function startRuntime(): Promise<Runtime> {
  const env = getEnv();
  const database = await openConfiguredDatabase(env, "server");
  try {
    await migrateDatabase(database);
    setDatabase(database);
    if (env.DEMO_CONTENT) await seedDemoContent();
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

  // Issue 9 §5: this process's publishing scheduler (every process runs one; the claim decides).
  const scheduler = env.SCHEDULER ? startPublishingScheduler() : null;

  // Issue 11 §2: once a minute, the cached lists follow expiries and new comments' ratings.
  const listSweep = startListSweep();

  // Issue 9 §7: this process's IndexNow sender (off without INDEXNOW_KEY).
  const stopIndexing = startIndexingSenderFromEnv(env);

  // Issue 9 §4: this process's AI bulk-writing worker. Only one process can open the embedded
  // database, so a job it finds running there was left by a dead process and is resumed now.
  // Without OPENAI_API_KEY no job can be started or written: no worker polls for one.
  const bulkWorker = isAiConfigured() ? startBulkWorker({ requeueInterrupted: database.driver === "pglite" }) : null;

  // Issue 11 §3: outbound clicks are tallied in memory and written every few seconds; the
  // last tally is written on close, before the database closes (server.js closes the
  // runtime only once every request has been answered, so no counted click is lost).
  const stopClickWriter = startClickWriter();

  return {
    env,
    database,
    createFirstAdmin: () => ensureFirstAdmin(env),
    close: async () => {
      clearInterval(maintenance);
      await stopClickWriter();
      await bulkWorker?.stop();
      await scheduler?.stop();
      await listSweep.stop();
      await stopIndexing();
      await stopListening();
      setDatabase(undefined);
      await database.close();
    },
  };
}
