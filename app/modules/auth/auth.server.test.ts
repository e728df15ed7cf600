import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { sessions, users } from "~/db/schema";
import { createAdminUser, getAdmin, hashPassword, requireAdmin, signIn, signOut, commitSessionCookie } from "./auth.server";
import { LOGIN_MESSAGES } from "./auth.schema";

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
    await expect(requireAdmin(request)).resolves.toMatchObject({ email: EMAIL, role: "admin" });

    await signOut(request);
    expect(await getAdmin(request)).toBeNull();
    await expect(requireAdmin(request)).rejects.toMatchObject({ status: 302 });
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

  it("no longer admits a session whose admin_users row was removed", async () => {
    const result = await signIn({ email: EMAIL, password: PASSWORD }, "10.0.0.1");
    if (!result.ok) throw new Error(result.message);
    const request = await requestWithSession(result.token);
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const { adminUsers } = await import("~/db/schema");
    await db().delete(adminUsers).where(eq(adminUsers.id, user!.id));
    expect(await getAdmin(request)).toBeNull();
  });
});
