import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { createAdminSession, type TestSession } from "./admin";
import { launchBrowser, newPage, type TrackedPage } from "./browser";
import { createThrowawayDatabaseUrl } from "./db";
import { startServer, type TestServer } from "./server";

export type AdminBrowser = { server: TestServer; browser: Browser; admin: TestSession; adminPage: () => Promise<TrackedPage> };

/**
 * For the tests of one file: a production server on a throw-away PostgreSQL database that the
 * test also opens directly (to arrange rows with the factories), a browser, and an admin
 * signed in by a session row and its cookie, no form (STYLE.md). `extraEnv` is read when the
 * server starts (after the file's earlier beforeAll hooks, such as a fake upstream's).
 */
export function useAdminBrowserOnPostgres(adminEmail: string, extraEnv: () => Record<string, string> = () => ({})): AdminBrowser {
  const ctx = {} as AdminBrowser;
  let database: Awaited<ReturnType<typeof createThrowawayDatabaseUrl>> | undefined;
  let direct: Database | undefined;
  beforeAll(async () => {
    database = await createThrowawayDatabaseUrl();
    [ctx.server, ctx.browser] = await Promise.all([startServer({ DATABASE_URL: database.url, SESSION_SECRET: process.env.SESSION_SECRET!, DEMO_CONTENT: "false", ...extraEnv() }), launchBrowser()]);
    direct = await openDatabase({ driver: "postgres", url: database.url, max: 2 });
    setDatabase(direct);
    ctx.admin = await createAdminSession(adminEmail);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await direct?.close();
    await ctx.browser?.close();
    await ctx.server?.stop();
    await database?.drop();
  });
  ctx.adminPage = async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    const [name, value] = ctx.admin.cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: ctx.server.url }]);
    return page;
  };
  return ctx;
}
