import { hash, verify } from "@node-rs/argon2";
import { and, count, eq, gt, lt } from "drizzle-orm";
import crypto from "node:crypto";
import { redirect } from "react-router";
import { getDb } from "~/db/index.server";
import { recordAudit } from "~/lib/command.server";
import { adminUsers, sessions, users } from "~/db/schema";
import { clearEvents, minutesUntil, reserve, type RateLimitRule } from "~/lib/rate-limit.server";
import { withToast } from "~/lib/toast.server";
import { LOGIN_MESSAGES, lockedMessage, type LoginInput } from "./auth.schema";
import { isSecureRequest, signedCookie } from "~/lib/cookie.server";

export const SESSION_COOKIE = "__admin_session";
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Issue 2: five failed sign-ins for one email or one client within 15 minutes lock
// further tries for 15 minutes.
const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const LOGIN_FAILURES_BY_EMAIL: RateLimitRule = {
  bucket: "login-email",
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
  mode: "lockout",
  blockMs: FIFTEEN_MINUTES,
};
export const LOGIN_FAILURES_BY_CLIENT: RateLimitRule = { ...LOGIN_FAILURES_BY_EMAIL, bucket: "login-client" };

export type AdminIdentity = { userId: string; email: string; role: string };

function sessionCookie() {
  return signedCookie(SESSION_COOKIE, SESSION_TTL_MS / 1000);
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the email is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** Creates the user (or resets their password) and makes them an admin. */
export async function createAdminUser(email: string, password: string, role = "admin"): Promise<AdminIdentity> {
  const db = getDb();
  const normalised = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .insert(users)
    .values({ email: normalised, passwordHash })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
    .returning({ id: users.id });
  await db.insert(adminUsers).values({ id: user!.id, role }).onConflictDoNothing();
  return { userId: user!.id, email: normalised, role };
}

export async function countAdmins(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export type LoginResult = { ok: true; token: string } | { ok: false; message: string; status: 401 | 403 | 429 };

/**
 * admin.md §4: password sign-in, then the admin_users check; non-admins get no session.
 * An attempt is reserved against both limits before the password is verified, so at most
 * five attempts per email and per client are ever evaluated, however many arrive at once
 * (issue 7, finding 3). A wrong password keeps its reservation as the recorded failure.
 */
export async function signIn(input: LoginInput, client: string, now = new Date()): Promise<LoginResult> {
  const result = await attemptSignIn(input, client, now);
  // Issue 8: every sign-in, success or failure, is in the audit log with its address. A
  // try refused by the lock-out evaluated nothing and is not logged again: otherwise one
  // client could write thousands of rows a minute and bury the real entries.
  if (!result.ok && result.status === 429) return result;
  await recordAudit({
    action: "auth.sign-in",
    entityType: "auth",
    actor: { userId: result.ok ? result.userId : null, email: input.email, address: client },
    entityId: result.ok ? result.userId : null,
    summary: result.ok ? "Giriş başarılı" : SIGN_IN_FAILURE_SUMMARY[result.status],
    outcome: result.ok ? "success" : "failure",
  });
  return result.ok ? { ok: true, token: result.token } : result;
}

const SIGN_IN_FAILURE_SUMMARY = { 401: "Hatalı email veya şifre", 403: "Admin yetkisi yok", 429: "Çok fazla deneme: kilitli" } as const;

async function attemptSignIn({ email, password }: LoginInput, client: string, now: Date): Promise<(LoginResult & { ok: false }) | { ok: true; token: string; userId: string }> {
  const reservation = await reserve(
    [
      { rule: LOGIN_FAILURES_BY_EMAIL, key: email },
      { rule: LOGIN_FAILURES_BY_CLIENT, key: client },
    ],
    now,
  );
  if (!reservation.ok) return { ok: false, status: 429, message: lockedMessage(minutesUntil(reservation.until, now)) };

  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  const valid = await verify(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !valid) return { ok: false, status: 401, message: LOGIN_MESSAGES.rejected };

  // The right password is no failure: give the attempt back, and forgive the email's
  // earlier failures (a client's failures with other emails still count).
  await Promise.all([reservation.refund(), clearEvents(LOGIN_FAILURES_BY_EMAIL, email)]);

  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.id, user.id)).limit(1);
  if (!admin) return { ok: false, status: 403, message: LOGIN_MESSAGES.notAdmin };

  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { ok: true, token, userId: user.id };
}

export async function commitSessionCookie(request: Request, token: string): Promise<string> {
  return sessionCookie().serialize(token, { secure: isSecureRequest(request) });
}

export async function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

// What each Cookie header's signature check gave, for the headers seen last: the check
// (React Router's, through WebCrypto) cost 0.12 ms on every admin request (issue 8 §5). It
// is a function of the header alone (the secret is fixed for the process), so an entry can
// never vouch for another header; a tampered one is checked afresh. Headers of up to 1 KB
// (an operator's holds the session and at most a toast: a few hundred bytes) are kept, the
// last 1,000 of them, so the memo stays under 1 MB however many headers a client makes up;
// the oldest goes first, which costs a pushed-out operator one check. The session itself is
// still read on every request.
const checkedHeaders = new Map<string, string | null>();
const CHECKED_HEADERS_KEPT = 1_000;
const CHECKED_HEADER_MAX_LENGTH = 1_024;

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(SESSION_COOKIE)) return null;
  const known = checkedHeaders.get(header);
  if (known !== undefined) return known;
  const value: unknown = await sessionCookie().parse(header);
  const token = typeof value === "string" && value ? value : null;
  if (header.length > CHECKED_HEADER_MAX_LENGTH) return token;
  if (checkedHeaders.size >= CHECKED_HEADERS_KEPT) checkedHeaders.delete(checkedHeaders.keys().next().value!);
  checkedHeaders.set(header, token);
  return token;
}

// The admin layout's loader and the page's loader each ask who is signed in. React Router
// hands each loader its own copy of the Request (callRouteHandler strips `?index` and
// `?_routes` into a new Request unless `future.v8_passThroughRequests` is set), so the
// copies cannot be told to belong together; the load context is one object per incoming
// request (server/app.ts). Keyed by it, the session is read once per request (a cookie
// check, a hash and a query), not once per loader. Every caller passes its context (null
// only outside a request: tests, scripts), so a new route cannot forget it. The cookie is
// checked too, so a context some caller reused could never hand one visitor's identity to
// another.
type KnownAdmin = { cookie: string | null; admin: Promise<AdminIdentity | null> };
const adminOfRequest = new WeakMap<object, KnownAdmin>();

/** The signed-in admin, or null. Users whose admin_users row is gone count as signed out. */
export function getAdmin(request: Request, context: object | null): Promise<AdminIdentity | null> {
  const key: object = context ?? request;
  const cookie = request.headers.get("Cookie");
  let known = adminOfRequest.get(key);
  if (!known || known.cookie !== cookie) adminOfRequest.set(key, (known = { cookie, admin: readAdmin(request) }));
  return known.admin;
}

async function readAdmin(request: Request): Promise<AdminIdentity | null> {
  const token = await readToken(request);
  if (!token) return null;
  const [row] = await getDb()
    .select({ userId: users.id, email: users.email, role: adminUsers.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(adminUsers, eq(adminUsers.id, users.id))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Guards every admin loader and action: no admin session redirects to the sign-in page. */
export async function requireAdmin(request: Request, context: object | null): Promise<AdminIdentity> {
  const admin = await getAdmin(request, context);
  if (admin) return admin;
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  const loginUrl = target.startsWith("/admin/") ? `/admin/login?redirectTo=${encodeURIComponent(target)}` : "/admin/login";
  throw redirect(loginUrl, {
    headers: await withToast(request, { type: "error", message: LOGIN_MESSAGES.mustSignIn }),
  });
}

/** Ends the session server-side and returns the Set-Cookie header that clears it. */
export async function signOut(request: Request, context: object | null): Promise<string> {
  const token = await readToken(request);
  if (token) await getDb().delete(sessions).where(eq(sessions.id, hashToken(token)));
  // Whatever runs after this on the same request sees the admin signed out.
  adminOfRequest.delete(request);
  if (context) adminOfRequest.delete(context);
  return clearSessionCookie(request);
}

export async function pruneExpiredSessions(now = new Date()): Promise<void> {
  await getDb().delete(sessions).where(lt(sessions.expiresAt, now));
}

// What a Location header can carry as it is: visible ASCII. The sign-in guard sends its
// redirectTo percent-encoded; a hand-made link with a Turkish letter or a line break
// ('/admin/ı', '/admin/x\r\ny') made the redirect throw after the session was created: a
// 500 with a stack, and the operator not signed in (helper-68).
const HEADER_SAFE_PATH = /^[\x21-\x7e]+$/;

/** Only same-site paths, so a crafted redirectTo cannot send an admin elsewhere. */
export function safeRedirectTarget(value: FormDataEntryValue | string | null | undefined, fallback = "/admin/dashboard"): string {
  // "/admin/" first: never "//host" or "https:"; no backslash, which browsers read as "/".
  if (typeof value !== "string" || !value.startsWith("/admin/") || value.includes("\\") || !HEADER_SAFE_PATH.test(value)) {
    return fallback;
  }
  return value;
}
