import crypto from "node:crypto";
import type { Env } from "~/env.server";
import { countAdmins, createAdminUser } from "./auth.server";

export const DEFAULT_ADMIN_EMAIL = "admin@bonusrehberi.local";

/**
 * DESIGN.md "First run": when no admin exists, create one from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password printed once.
 */
export async function ensureFirstAdmin(env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): Promise<void> {
  if ((await countAdmins()) > 0) return;
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
  await createAdminUser(email, password);
  if (generated) {
    console.log(
      [
        "",
        "An admin account was created (this password is shown only once):",
        `  email:    ${email}`,
        `  password: ${password}`,
        "Sign in at /admin/login. Add more admins with: npm run admin:create -- --email X --password Y",
        "",
      ].join("\n"),
    );
  } else {
    console.log(`An admin account was created for ${email} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  }
}
