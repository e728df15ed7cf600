import { count, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { HOSTILE_CASES, sendRaw, type HostileTargets, type RawResponse } from "../tests/helpers/hostile-inputs";
import * as schema from "~/db/schema";
import type { Db } from "~/db/db.server";
import { seedDemoContent } from "~/seed/demo.server";
import { createAdminUser } from "~/modules/auth/auth.server";

// Issue 7, finding 8: the hostile-input table (tests/helpers/hostile-inputs.ts) against the
// production build's Express app, middleware included, on both drivers.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
const ADMIN = { email: "guvenlik@example.com", password: "guvenli-sifre-1" };

/** Rows in every table and the posts' view counts: what "nothing stored" means. */
async function fingerprint(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  const [views] = await db.select({ total: sql<number>`coalesce(sum(${schema.blogPosts.viewCount}), 0)::int` }).from(schema.blogPosts);
  counts["blog_posts.view_count"] = views!.total;
  return counts;
}

/** The message a visitor reads: JSON's message, plain text, or (sign-in) inside the page. */
function messageIn(response: RawResponse, message: string): boolean {
  // The AI routes answer { ok: false, error } (their contract with the editor), the rest { message }.
  if (response.contentType.startsWith("application/json")) {
    const body = JSON.parse(response.body) as { message?: string; error?: string };
    return (body.message ?? body.error) === message;
  }
  if (response.contentType.startsWith("text/plain")) return response.body === message;
  return response.body.includes(message);
}

describeEachDriver("hostile inputs", ({ db }) => {
  let server: http.Server;
  let base = "";
  let targets: HostileTargets;
  let logged: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    await createAdminUser(ADMIN.email, ADMIN.password);
    const { createApp } = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as { createApp: () => http.RequestListener };
    server = http.createServer(createApp());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const [promotion] = await db().select({ id: schema.promotions.id }).from(schema.promotions).limit(1);
    const [post] = await db().select({ id: schema.blogPosts.id }).from(schema.blogPosts).limit(1);
    targets = { promotionId: promotion!.id, postId: post!.id, sessionCookie: await sessionCookie() };
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  beforeEach(() => {
    logged = [];
    for (const level of ["log", "info", "warn"] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  });
  afterEach(() => vi.restoreAllMocks());

  /** A fresh admin session through the real sign-in form. */
  async function sessionCookie(): Promise<string> {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${base}/admin/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, resolve);
      req.on("error", reject);
      req.end(new URLSearchParams(ADMIN).toString());
    });
    response.resume();
    const cookie = (response.headers["set-cookie"] ?? []).find((c) => c.startsWith("__admin_session="));
    if (!cookie) throw new Error("sign-in gave no session cookie");
    return cookie.split(";")[0]!;
  }

  it.each(HOSTILE_CASES.map((c) => [`${c.endpoint}: ${c.input}`, c] as const))("%s: a 4xx with a Turkish message, nothing stored, no stack", async (_, hostile) => {
    const before = await fingerprint(db());
    const response = await sendRaw(base, hostile.request(targets));
    expect(response.status).toBe(hostile.status);
    expect(messageIn(response, hostile.message), `answer: ${response.body.slice(0, 300)}`).toBe(true);
    expect(await fingerprint(db())).toEqual(before);
    expect(logged.length, logged.join("\n")).toBeLessThanOrEqual(1);
    expect(logged.join("\n")).not.toMatch(/\n\s+at /);
  });

  it("the table's sign-out cases left the admin signed in", async () => {
    const dashboard = await sendRaw(base, { method: "GET", path: "/admin/dashboard", headers: { Cookie: targets.sessionCookie } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain(ADMIN.email);
  });

  // The controls: the same endpoints do store, and do sign out, when the input is fine, so
  // the unchanged fingerprints above mean something.
  it("stores a well-formed comment and signs out from the site's own page", async () => {
    const before = await fingerprint(db());
    const posted = await sendRaw(base, {
      method: "POST",
      path: `/api/promotions/${targets.promotionId}/comments`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ userName: "Ayşe", comment: "Satır bir\nsatır iki", rating: "4" }).toString(),
    });
    expect(posted.status).toBe(201);
    expect((await fingerprint(db())).promotion_comments).toBe(before.promotion_comments! + 1);

    const signedOut = await sendRaw(base, { method: "POST", path: "/admin/logout", headers: { Origin: base, Cookie: targets.sessionCookie } });
    expect(signedOut.status).toBe(302);
    const dashboard = await sendRaw(base, { method: "GET", path: "/admin/dashboard", headers: { Cookie: targets.sessionCookie } });
    expect(dashboard.status).toBe(302);
  });
});
