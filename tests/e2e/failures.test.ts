import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, loginAsAdmin, newPage, type TrackedPage } from "../helpers/browser";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { startServer, type TestServer } from "../helpers/server";

// public-site.md §4.1 and §8: a data page that cannot load shows 'Bir hata oluştu: ...'
// with 'Tekrar dene'; any other route failure shows the generic error screen. The failure
// here is real: the server's database disappears under it.
describe.skipIf(!process.env.TEST_DATABASE_URL)("when the database fails", () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabaseUrl>>;
  let server: TestServer;
  let browser: Browser;
  let admin: TrackedPage;

  beforeAll(async () => {
    database = await createThrowawayDatabaseUrl();
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: database.url }), launchBrowser()]);
    admin = await newPage(browser);
    await loginAsAdmin(admin, server.url);
    await database.drop();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the data page's error with 'Tekrar dene'", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${server.url}/bonuslar?q=hata`);
    expect(response!.status()).toBe(500);
    await page.getByText("Bir hata oluştu: Failed to load promotions").waitFor();
    await page.getByRole("button", { name: "Tekrar dene" }).waitFor();
    await page.goto(`${server.url}/guvenilir-siteler?x=1`);
    await page.getByText("Bir hata oluştu: Failed to load casinos").waitFor();
  });

  it("shows the generic Turkish error screen for any other route failure", async () => {
    await admin.goto(`${server.url}/admin/dashboard`);
    await admin.getByRole("heading", { name: "Bir hata oluştu" }).waitFor();
    await admin.getByRole("link", { name: "Ana Sayfaya Dön" }).waitFor();
  });

  it("reports the failure in the health check", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
  });
});
