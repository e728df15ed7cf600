// npm run admin:create -- --email X --password Y
// Adds an admin (or resets the password of an existing user and makes them admin).
import { parseArgs } from "node:util";
import { createAdminUser } from "../app/modules/auth/auth.server";
import { LoginSchema } from "../app/modules/auth/auth.schema";
import { exitWith, withDatabase } from "./cli";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
const parsed = LoginSchema.safeParse({ email: values.email ?? "", password: values.password ?? "" });
if (!parsed.success) {
  console.error("Usage: npm run admin:create -- --email X --password Y");
  for (const issue of parsed.error.issues) console.error(`  ${String(issue.path[0])}: ${issue.message}`);
  process.exit(2);
}

withDatabase("admin:create", async () => {
  const admin = await createAdminUser(parsed.data.email, parsed.data.password);
  console.log(`Admin ready: ${admin.email}`);
}).catch(exitWith);
