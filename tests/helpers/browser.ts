import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { E2E_ADMIN, startServer, type TestServer } from "./server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Debian's Chromium as root, on a machine with no outside network.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

export type TrackedPage = Page & { errors: string[] };

/** A page in a fresh context that records console errors and uncaught exceptions. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ locale: "tr-TR", timezoneId: "Europe/Istanbul", ...options });
  const page = (await context.newPage()) as TrackedPage;
  page.errors = [];
  // Public pages start their scripts after `load` (app/lib/defer-hydration.server.ts); before
  // that a click is a plain link or form. Tests act as a visitor who waits for the page.
  const untilHydrated = async () => {
    if (options.javaScriptEnabled === false) return;
    await page.waitForFunction(() => !document.querySelector('script[data-hydration="deferred"]') || Object.keys(document.body).some((key) => key.startsWith("__react")));
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    if (args[1]?.waitUntil !== "commit") await untilHydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await untilHydrated();
    return response;
  };
  page.on("console", (message) => {
    if (message.type() === "error") page.errors.push(message.text());
  });
  page.on("pageerror", (error) => page.errors.push(error.message));
  return page;
}

/** Fails the test when the page logged an error (a hydration mismatch, a failed request...). */
export function expectNoPageErrors(page: TrackedPage): void {
  expect(page.errors, "browser console errors").toEqual([]);
}

/** Signs in through the login form, as an operator would. */
export async function loginAsAdmin(page: Page, baseUrl: string, credentials = E2E_ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  // Typed before hydration, the form would post natively and lose the client's toast.
  await waitForHydration(page.getByRole("button", { name: "Giriş Yap" }));
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Şifre").fill(credentials.password);
  await page.getByRole("button", { name: "Giriş Yap" }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

/**
 * Waits until React has hydrated the element (its props are attached): before that a
 * file chosen or a key typed reaches no handler. Not needed after a client-side navigation.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "attached" });
  await locator.page().waitForFunction((element) => Object.keys(element!).some((key) => key.startsWith("__reactProps")), await locator.elementHandle());
}

/**
 * Freezes the page's clock before it loads, so timers (the 7 s splash overlay, search
 * debounce) fire only when the test advances time with page.clock.runFor().
 */
export async function freezeClock(page: Page): Promise<void> {
  const start = new Date("2026-06-01T09:00:00+03:00").getTime();
  // The installed clock runs until paused, and pauseAt cannot go back: on a busy machine more
  // than a second passed in between ("Cannot fast-forward to the past"). Installed a minute
  // earlier, it still pauses at the same moment; nothing is scheduled yet on the blank page.
  await page.clock.install({ time: start - 60_000 });
  await page.clock.pauseAt(start + 1000);
}

/**
 * A production server and a browser for the tests of one file, started together before
 * them and stopped after them.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const ctx = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [ctx.server, ctx.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
