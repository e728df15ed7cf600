import { and, eq, ne } from "drizzle-orm";
import crypto from "node:crypto";
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { sessions, users } from "~/db/schema";
import { createAdminUser, getAdmin, hashPassword, pruneExpiredSessions, requireAdmin, signIn, signOut, commitSessionCookie } from "./auth.server";
import { LOGIN_MESSAGES } from "./auth.schema";
import { takeToast } from "~/lib/toast.server";

const EMAIL = "yonetici@example.com";
const PASSWORD = "dogru-sifre";

async function requestWithSession(token: string): Promise<Request> {
  const setCookie = await commitSessionCookie(new Request("http://localhost/"), token);
  return new Request("http://localhost/admin/dashboard", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describeEachDriver("admin sign-in", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
    await createAdminUser(EMAIL, PASSWORD);
  });

  it("rejects a wrong password with the spec's message and creates no session", async () => {
    const result = await signIn({ email: EMAIL, password: "yanlis-sifre" }, "10.0.0.1");
    expect(result).toEqual({ ok: false, status: 401, message: LOGIN_MESSAGES.rejected });
    expect(await db().select().from(sessions)).toEqual([]);
  });

  it("keeps an operator signed in for a week, in a cookie scripts cannot read, Secure over HTTPS only", async () => {
    const plain = await commitSessionCookie(new Request("http://localhost/admin/login"), "jeton");
    expect(plain).toMatch(/; Max-Age=604800(;|$)/);
    expect(plain).toMatch(/; HttpOnly(;|$)/);
    expect(plain).not.toMatch(/; Secure(;|$)/);
    const secure = await commitSessionCookie(new Request("https://bonus.example/admin/login"), "jeton");
    expect(secure).toMatch(/; Secure(;|$)/);
  });

  it("stores an admin's email trimmed and in lower case, so the address as typed signs in", async () => {
    const admin = await createAdminUser("  Editor@Example.COM ", PASSWORD);
    expect(admin.email).toBe("editor@example.com");
    expect(await db().select({ email: users.email }).from(users).where(eq(users.id, admin.userId))).toEqual([{ email: "editor@example.com" }]);
    expect(await signIn({ email: "editor@example.com", password: PASSWORD }, "10.0.0.1")).toMatchObject({ ok: true });
  });

  it("rejects an unknown email the same way", async () => {
    const result = await signIn({ email: "kimse@example.com", password: PASSWORD }, "10.0.0.1");
    expect(result).toMatchObject({ ok: false, message: LOGIN_MESSAGES.rejected });
  });

  it("signs out a user without an admin_users row: 'Bu hesap admin yetkisine sahip değil'", async () => {
    await db().insert(users).values({ email: "uye@example.com", passwordHash: await hashPassword(PASSWORD) });
    const result = await signIn({ email: "uye@example.com", password: PASSWORD }, "10.0.0.1");
    expect(result).toEqual({ ok: false, status: 403, message: LOGIN_MESSAGES.notAdmin });
    expect(await db().select().from(sessions)).toEqual([]);
  });

  it("gives an admin a server-side session that requireAdmin accepts, until sign-out", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.1");
    if (!result.ok) throw new Error(result.message);
    const [row] = await db().select().from(sessions);
    expect(row!.id).not.toBe(result.token); // only the token's hash is stored

    const request = await requestWithSession(result.token);
    await expect(requireAdmin(request, null)).resolves.toMatchObject({ email: EMAIL, role: "admin" });

    await signOut(request, null);
    expect(await getAdmin(request, null)).toBeNull();
    await expect(requireAdmin(request, null)).rejects.toMatchObject({ status: 302 });
  });

  it("without a load context (tests, scripts), reads the session once per Request object, and afresh for the next", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.2");
    if (!result.ok) throw new Error(result.message);
    const request = await requestWithSession(result.token);
    await expect(requireAdmin(request, null)).resolves.toMatchObject({ email: EMAIL });
    // The session ends in the database (another tab signed out) while this request runs.
    await db().delete(sessions);
    await expect(requireAdmin(request, null)).resolves.toMatchObject({ email: EMAIL });
    expect(await getAdmin(await requestWithSession(result.token), null)).toBeNull();
  });

  it("reads the session once for all loaders of one request, which React Router hands each a copy of the Request", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.3");
    if (!result.ok) throw new Error(result.message);
    const incoming = await requestWithSession(result.token);
    // As React Router calls loaders: each gets its own copy (stripIndexParam), all one load context.
    const copy = () => new Request(incoming.url, { headers: incoming.headers, signal: incoming.signal });
    const context = { clientAddress: "10.0.0.3" };
    await expect(requireAdmin(copy(), context)).resolves.toMatchObject({ email: EMAIL });
    // The session ends in the database while this request runs: the page's loader still
    // sees the admin the layout's loader saw, so the page is never half signed in.
    await db().delete(sessions);
    await expect(requireAdmin(copy(), context)).resolves.toMatchObject({ email: EMAIL });
    // The next request (a new load context) reads afresh.
    await expect(requireAdmin(copy(), { clientAddress: "10.0.0.3" })).rejects.toMatchObject({ status: 302 });
  });

  it("never hands one visitor's identity to another cookie, even under a reused load context", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.4");
    if (!result.ok) throw new Error(result.message);
    const context = { clientAddress: "10.0.0.4" };
    await expect(requireAdmin(await requestWithSession(result.token), context)).resolves.toMatchObject({ email: EMAIL });
    expect(await getAdmin(new Request("http://localhost/admin/dashboard"), context)).toBeNull();
    expect(await getAdmin(await requestWithSession("baska-bir-belirtec"), context)).toBeNull();
  });

  it("refuses a cookie whose signature was altered, also right after the genuine one was accepted", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.5");
    if (!result.ok) throw new Error(result.message);
    const genuine = (await requestWithSession(result.token)).headers.get("Cookie")!;
    const at = (cookie: string) => new Request("http://localhost/admin/dashboard", { headers: { Cookie: cookie } });
    await expect(getAdmin(at(genuine), null)).resolves.toMatchObject({ email: EMAIL });
    // The same value with the signature's first character changed (six bits of the HMAC,
    // never padding), and the value without its signature.
    const dot = genuine.lastIndexOf(".");
    const altered = genuine[dot + 1] === "A" ? "B" : "A";
    expect(await getAdmin(at(`${genuine.slice(0, dot + 1)}${altered}${genuine.slice(dot + 2)}`), null)).toBeNull();
    expect(await getAdmin(at(genuine.slice(0, dot)), null)).toBeNull();
    await expect(getAdmin(at(genuine), null)).resolves.toMatchObject({ email: EMAIL });
    // A long header (other cookies beside it) is checked the same way, each time.
    const padded = `${genuine}; tercihler=${"a".repeat(2_000)}`;
    await expect(getAdmin(at(padded), null)).resolves.toMatchObject({ email: EMAIL });
    expect(await getAdmin(at(`${padded.slice(0, dot + 1)}${altered}${padded.slice(dot + 2)}`), null)).toBeNull();
    // Signed out, the very cookie that was accepted a moment ago is refused.
    await signOut(at(genuine), null);
    expect(await getAdmin(at(genuine), null)).toBeNull();
  });

  // The check is kept per header (issue 8 §5): counted here by WebCrypto's verify calls, as
  // nothing else shows it; the bounds keep the memo under 1 MB whatever a client makes up.
  it("checks a Cookie header's signature once while it is among the last 1,000 kept, and a header over 1 KB every time", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.6");
    if (!result.ok) throw new Error(result.message);
    const genuine = (await requestWithSession(result.token)).headers.get("Cookie")!;
    const verify = vi.spyOn(globalThis.crypto.subtle, "verify");
    const checksFor = async (cookie: string) => {
      const before = verify.mock.calls.length;
      await expect(getAdmin(new Request("http://localhost/admin/dashboard", { headers: { Cookie: cookie } }), null)).resolves.toMatchObject({ email: EMAIL });
      return verify.mock.calls.length - before;
    };
    const unique = crypto.randomBytes(4).toString("hex");
    const first = `${genuine}; ilk=${unique}`;
    expect([await checksFor(first), await checksFor(first)]).toEqual([1, 0]);
    // Exactly 1 KB is kept; one character more is checked every time.
    const sized = (length: number) => `${genuine}; b=${unique}`.padEnd(length, "x");
    expect([await checksFor(sized(1_024)), await checksFor(sized(1_024))]).toEqual([1, 0]);
    expect([await checksFor(sized(1_025)), await checksFor(sized(1_025))]).toEqual([1, 1]);
    // 998 more headers (1,000 kept since `first`, the 1 KB one among them): `first` is still kept.
    for (let i = 0; i < 998; i++) await checksFor(`${genuine}; n=${unique}-${i}`);
    expect(await checksFor(first)).toBe(0);
    // One more pushes out the oldest: `first` is checked again.
    await checksFor(`${genuine}; n=${unique}-son`);
    expect(await checksFor(first)).toBe(1);
    verify.mockRestore();
  });

  it("sees the admin signed out on the same request once signOut has run", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.5");
    if (!result.ok) throw new Error(result.message);
    const request = await requestWithSession(result.token);
    const context = { clientAddress: "10.0.0.5" };
    await expect(requireAdmin(request, context)).resolves.toMatchObject({ email: EMAIL });
    await signOut(request, context);
    expect(await getAdmin(new Request(request.url, { headers: request.headers }), context)).toBeNull();
  });

  it("sends a stranger to sign-in, back to the admin page asked for, with the spec's toast", async () => {
    const refused = async (url: string) => {
      try {
        await requireAdmin(new Request(url), null);
      } catch (thrown) {
        return thrown as Response;
      }
      throw new Error(`${url} was let through`);
    };
    const page = await refused("http://localhost/admin/promotions?q=hoş geldin&sayfa=2");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/promotions?q=ho%C5%9F%20geldin&sayfa=2")}`);
    // The sign-in page shows why, once: the toast travels in a cookie.
    const toastCookie = page.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await takeToast(new Request("http://localhost/admin/login", { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({ type: "error", message: "Bu sayfaya erişmek için giriş yapmalısınız" });
    // Outside the back office's pages (an API under /admin, or elsewhere) there is nothing to return to.
    expect((await refused("http://localhost/admin")).headers.get("Location")).toBe("/admin/login");
    expect((await refused("http://localhost/api/check-settings")).headers.get("Location")).toBe("/admin/login");
  });

  it("signs out with a cookie that the browser drops at once, also when no session was there", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.6");
    if (!result.ok) throw new Error(result.message);
    const cleared = await signOut(await requestWithSession(result.token), null);
    expect(cleared).toMatch(/^__admin_session=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await db().select().from(sessions)).toEqual([]);
    // A sign-out without a session (an old tab) still answers the clearing cookie.
    expect(await signOut(new Request("http://localhost/admin/logout", { method: "POST" }), null)).toMatch(/^__admin_session=;.*Max-Age=0/i);
  });

  it("locks an email for 15 minutes after five failures, even with the right password", async () => {
    for (let i = 0; i < 5; i++) await signIn({ email: EMAIL, password: "yanlis-sifre" }, `10.0.1.${i}`);
    const locked = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.2.1");
    expect(locked).toMatchObject({ ok: false, status: 429 });
    expect(locked.ok ? "" : locked.message).toMatch(/Çok fazla başarısız giriş denemesi yapıldı\. Lütfen 15 dakika sonra/);

    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.0.2.1", later)).toMatchObject({ ok: true });
  });

  it("locks a client that tries five different emails", async () => {
    for (let i = 0; i < 5; i++) await signIn({ email: `deneme${i}@example.com`, password: "yanlis-sifre" }, "10.9.9.9");
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.9.9.9")).toMatchObject({ ok: false, status: 429 });
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.9.9.10")).toMatchObject({ ok: true });
  });

  // Issue 7, finding 3: the count and the decision are one atomic step, so a burst is
  // evaluated no further than the limit, on both drivers.
  const statuses = (results: Awaited<ReturnType<typeof signIn>>[]) => {
    const tally: Record<string, number> = {};
    for (const r of results) tally[r.ok ? "ok" : r.status] = (tally[r.ok ? "ok" : r.status] ?? 0) + 1;
    return tally;
  };

  it("evaluates only five of 30 concurrent wrong passwords for one email; the rest are locked out", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn({ email: EMAIL, password: `yanlis-${i}` }, `10.3.0.${i}`)),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 25 });
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.3.1.1")).toMatchObject({ ok: false, status: 429 });
  });

  it("evaluates only five of 30 concurrent attempts from one client with different emails", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn({ email: `deneme${i}@example.com`, password: "yanlis-sifre" }, "10.4.4.4")),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 25 });
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.4.4.4")).toMatchObject({ ok: false, status: 429 });
  });

  it("refuses the right password that arrives in a burst after the limit is used", async () => {
    const burst = Array.from({ length: 59 }, (_, i) => signIn({ email: EMAIL, password: `yanlis-${i}` }, "10.5.5.5"));
    const right = signIn({ email: EMAIL, password: PASSWORD }, "10.5.5.5");
    const results = await Promise.all([...burst, right]);
    expect(statuses(results)).toEqual({ 401: 5, 429: 55 });
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429 });
    expect(await db().select().from(sessions)).toEqual([]);
  });

  it("lets the right password through within the limit, and forgives that email's failures", async () => {
    for (let i = 0; i < 4; i++) await signIn({ email: EMAIL, password: "yanlis-sifre" }, "10.6.6.6");
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.6.6.7")).toMatchObject({ ok: true });
    // Five more failures are needed before the email locks again.
    for (let i = 0; i < 4; i++) await signIn({ email: EMAIL, password: "yanlis-sifre" }, "10.6.6.8");
    expect(await signIn({ email: EMAIL, password: PASSWORD }, "10.6.6.9")).toMatchObject({ ok: true });
  });

  it("counts a 3 KB client address like any other, without a database error", async () => {
    // Random, so that PostgreSQL cannot compress it below its index row limit.
    const client = `10.7.7.7, ${crypto.randomBytes(2400).toString("base64")}`;
    for (let i = 0; i < 5; i++) {
      expect(await signIn({ email: `uzun${i}@example.com`, password: "yanlis-sifre" }, client)).toMatchObject({ status: 401 });
    }
    expect(await signIn({ email: EMAIL, password: PASSWORD }, client)).toMatchObject({ ok: false, status: 429 });
  });

  it("no longer admits a session whose admin_users row was removed", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.1");
    if (!result.ok) throw new Error(result.message);
    const request = await requestWithSession(result.token);
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const { adminUsers } = await import("~/db/schema");
    await db().delete(adminUsers).where(eq(adminUsers.id, user!.id));
    expect(await getAdmin(request, null)).toBeNull();
  });

  it("prunes the sessions that have expired and keeps the others signed in", async () => {
    const ended = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.2");
    const [endedRow] = await db().select({ id: sessions.id }).from(sessions);
    const kept = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.1");
    if (!kept.ok || !ended.ok) throw new Error("sign-in failed");
    const [keptRow] = await db().select({ id: sessions.id }).from(sessions).where(ne(sessions.id, endedRow!.id));
    const third = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.3");
    if (!third.ok) throw new Error(third.message);
    const now = new Date();
    await db().update(sessions).set({ expiresAt: new Date(now.getTime() - 1000) }).where(eq(sessions.id, endedRow!.id));
    // One that ends at the very moment of pruning is not over yet.
    await db().update(sessions).set({ expiresAt: now }).where(and(ne(sessions.id, endedRow!.id), ne(sessions.id, keptRow!.id)));
    await pruneExpiredSessions(now);
    const left = await db().select({ id: sessions.id }).from(sessions);
    expect(left).toHaveLength(2);
    expect(left.map((row) => row.id)).toContain(keptRow!.id);
    expect(left.map((row) => row.id)).not.toContain(endedRow!.id);
    await expect(requireAdmin(await requestWithSession(kept.token), null)).resolves.toMatchObject({ email: EMAIL });
  });
});
