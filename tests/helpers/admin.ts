import crypto from "node:crypto";
import { getDb } from "~/db/index.server";
import { sessions, users } from "~/db/schema";
import { commitSessionCookie, createAdminUser, hashPassword } from "~/modules/auth/auth.server";
import { takeToast } from "~/lib/toast.server";

export type TestSession = { cookie: string; userId: string; email: string };

async function sessionFor(userId: string, email: string): Promise<TestSession> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(sessions)
    .values({ id: crypto.createHash("sha256").update(token).digest("hex"), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  const setCookie = await commitSessionCookie(new Request("http://localhost/"), token);
  return { cookie: setCookie.split(";")[0]!, userId, email };
}

/** A signed-in admin, as a session row and its cookie (STYLE.md: no form needed). */
export async function createAdminSession(email = `op-${crypto.randomBytes(4).toString("hex")}@example.com`): Promise<TestSession> {
  const admin = await createAdminUser(email, "operator-sifre");
  return sessionFor(admin.userId, admin.email);
}

/** A signed-in user without an admin_users row: must be refused like a stranger. */
export async function createNonAdminSession(): Promise<TestSession> {
  const email = `user-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const [user] = await getDb()
    .insert(users)
    .values({ email, passwordHash: await hashPassword("kullanici-sifre") })
    .returning({ id: users.id });
  return sessionFor(user!.id, email);
}

type RouteFn = (args: never) => unknown;

/** Calls an admin loader or action with a real Request carrying the session cookie. */
export async function callAdmin(
  fn: RouteFn,
  url: string,
  options: { session?: TestSession | null; form?: Record<string, string>; params?: Record<string, string>; client?: string } = {},
): Promise<unknown> {
  const headers = new Headers();
  if (options.session) headers.set("Cookie", options.session.cookie);
  const request = new Request(new URL(url, "http://localhost").toString(), {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  try {
    return await fn({ request, params: options.params ?? {}, context: { clientAddress: options.client ?? "10.0.0.1" } } as never);
  } catch (error) {
    // Loaders and actions throw redirects and 404s; the tests look at them like answers.
    // Anything else is a crash and fails the test.
    const thrown = error as { type?: string };
    if (error instanceof Response || thrown?.type === "DataWithResponseInit") return error;
    throw error;
  }
}

/** Status, redirect target and conform errors of whatever an admin route answered. */
export function outcomeOf(result: unknown): { status: number; location: string | null; errors: Record<string, string[]> | null; data: unknown } {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), errors: null, data: null };
  const r = result as { type?: string; init?: { status?: number } | null; data?: { result?: { error?: Record<string, string[]> } } };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, location: null, errors: r.data?.result?.error ?? null, data: r.data };
  return { status: 200, location: null, errors: null, data: result };
}

/** The flash toast's message an action's answer sets (its Set-Cookie), as the next page would show it. */
export async function toastOf(result: unknown): Promise<string | undefined> {
  const setCookie = (result as Response).headers.get("Set-Cookie") ?? "";
  const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }));
  return toast?.message;
}
