import crypto from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { asc } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import { createAdminUser } from "~/modules/auth/auth.server";
import { action, loader } from "./login";

const EMAIL = "yonetici@example.com";
const PASSWORD = "dogru-sifre";

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/admin/login", { method: "POST", body: new URLSearchParams(fields) });
}

async function callAction(fields: Record<string, string>) {
  const result = await action({ request: post(fields), context: { clientAddress: "127.0.0.1" }, params: {} } as never);
  return result as unknown as Response | { data: unknown; init: ResponseInit | null };
}

describeEachDriver("login route", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
    await createAdminUser(EMAIL, PASSWORD);
  });

  it("answers a malformed form with the spec's field messages and status 400", async () => {
    const result = await callAction({ email: "not-an-email", password: "123" });
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { email: ["Geçerli bir email adresi giriniz"], password: ["Şifre en az 6 karakter olmalıdır"] } } },
    });
  });

  it("answers missing fields with messages, never a stack trace", async () => {
    const result = await callAction({});
    expect(result).toMatchObject({ init: { status: 400 }, data: { result: { error: { email: ["Geçerli bir email adresi giriniz"] } } } });
  });

  it("refuses an email longer than an address can be (3 KB) with the spec's message, not a database error", async () => {
    const email = `${crypto.randomBytes(1500).toString("hex")}@example.com`;
    const result = await callAction({ email, password: PASSWORD });
    expect(result).toMatchObject({ init: { status: 400 }, data: { result: { error: { email: ["Geçerli bir email adresi giriniz"] } } } });
  });

  it("signs an admin in: redirects to the dashboard with an httpOnly, SameSite=Lax session cookie", async () => {
    const response = (await callAction({ email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/__admin_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("marks the cookie Secure behind HTTPS and honours a same-site redirectTo only", async () => {
    const secure = new Request("https://bonus.example/admin/login", {
      method: "POST",
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "/admin/blog" }),
    });
    const response = (await action({ request: secure, context: { clientAddress: "1.1.1.1" }, params: {} } as never)) as Response;
    expect(response.headers.get("Location")).toBe("/admin/blog");
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);

    const evil = (await callAction({ email: EMAIL, password: PASSWORD, redirectTo: "https://evil.example/" })) as Response;
    expect(evil.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("signs in to the dashboard when redirectTo holds what a header cannot (a Turkish letter, a line break, a space)", async () => {
    // helper-68: these made the redirect throw after the session was made: 500, not signed in.
    for (const redirectTo of ["/admin/ı", "/admin/promotions?q=hoş", "/admin/x\r\nSet-Cookie: a=b", "/admin/a b", "/admin/\u0000"]) {
      const response = (await callAction({ email: EMAIL, password: PASSWORD, redirectTo })) as Response;
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/admin/dashboard");
      expect(response.headers.get("Set-Cookie"), JSON.stringify(redirectTo)).toMatch(/__admin_session=/);
    }
    // The guard's own, percent-encoded target still leads back.
    const encoded = (await callAction({ email: EMAIL, password: PASSWORD, redirectTo: "/admin/promotions?q=ho%C5%9F" })) as Response;
    expect(encoded.headers.get("Location")).toBe("/admin/promotions?q=ho%C5%9F");
  });

  it("sends a signed-in admin from the login page to the dashboard", async () => {
    const response = (await callAction({ email: EMAIL, password: PASSWORD })) as Response;
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const request = new Request("http://localhost/admin/login", { headers: { Cookie: cookie } });
    await expect(loader({ request, context: { clientAddress: "x" }, params: {} } as never)).rejects.toMatchObject({ status: 302 });
  });

  it("records every sign-in in the audit log, success or failure, with the address, and never the password", async () => {
    await action({ request: post({ email: EMAIL, password: "yanlis-sifre" }), context: { clientAddress: "198.51.100.7" }, params: {} } as never);
    await action({ request: post({ email: EMAIL, password: PASSWORD }), context: { clientAddress: "198.51.100.8" }, params: {} } as never);
    const entries = await db().select().from(auditLog).orderBy(asc(auditLog.id));
    // As the audit page lists them: what, on which kind of record, the outcome in words.
    expect(entries.map((e) => [e.action, e.entityType, e.outcome, e.actorEmail, e.address, e.summary])).toEqual([
      ["auth.sign-in", "auth", "failure", EMAIL, "198.51.100.7", "Hatalı email veya şifre"],
      ["auth.sign-in", "auth", "success", EMAIL, "198.51.100.8", "Giriş başarılı"],
    ]);
    expect(entries[1]!.actorId).not.toBeNull();
    expect(JSON.stringify(entries)).not.toMatch(/yanlis-sifre|dogru-sifre/);
  });

  it("records the five evaluated failures of a locked-out email, not the tries the lock-out refused", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const result = (await action({ request: post({ email: EMAIL, password: "yanlis-sifre" }), context: { clientAddress: "198.51.100.9" }, params: {} } as never)) as { init: ResponseInit | null };
      statuses.push(result.init?.status ?? 200);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // One client hammering a locked email cannot bury the log under thousands of rows.
    const entries = await db().select().from(auditLog);
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((e) => e.summary))).toEqual(new Set(["Hatalı email veya şifre"]));
  });

  it("never sends the password back to the page after a refused sign-in", async () => {
    const result = (await callAction({ email: EMAIL, password: "yanlis-sifre" })) as { data: unknown; init: ResponseInit | null };
    expect(result.init?.status).toBe(401);
    expect(result.data).toMatchObject({ message: "Giriş başarısız. Lütfen bilgilerinizi kontrol edin." });
    expect(JSON.stringify(result.data)).not.toContain("yanlis-sifre");
  });
});
