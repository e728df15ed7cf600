import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/env.server";

let secret: string | undefined;

/**
 * SESSION_SECRET, or one generated once into DATA_DIR. Several processes on one
 * PostgreSQL must share it: set SESSION_SECRET there.
 */
export function getSessionSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.SESSION_SECRET) return (secret = env.SESSION_SECRET);
  const file = path.join(env.DATA_DIR, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const generated = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { flag: "wx", mode: 0o600 });
      secret = generated;
    } catch {
      // Another process wrote it first; use theirs.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return secret;
}
