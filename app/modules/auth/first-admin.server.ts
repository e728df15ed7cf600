import crypto from "node:crypto";
import type { Env } from "~/env.server";
import { countAdmins, createAdminUser } from "./auth.server";

export const DEFAULT_ADMIN_EMAIL = "admin@bonusrehberi.local";

/**
 * DESIGN.md "First run": when no admin exists, create one from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password. Returns what to print (the generated
 * password, shown only once), or null when an admin already existed: the server prints it
 * only once it listens (issue 10 §4), never before a start-up that then fails.
 */
export async function ensureFirstAdmin(env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): Promise<string | null> {
  if ((await countAdmins()) > 0) return null;
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
  await createAdminUser(email, password);
  if (!generated) return `An admin account was created for ${email} from ADMIN_EMAIL/ADMIN_PASSWORD.`;
  return [
    "",
    "An admin account was created (this password is shown only once):",
    `  email:    ${email}`,
    `  password: ${password}`,
    "Sign in at /admin/login. Add more admins with: npm run admin:create -- --email X --password Y",
    "",
  ].join("\n");
}
