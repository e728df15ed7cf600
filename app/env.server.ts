import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on");

/**
 * How many reverse proxies stand in front: the client address is the one the outermost
 * trusted proxy saw; `true`/`yes` mean one hop, as before
 * (docs/decisions/004-request-limits-and-proxies.md).
 */
const proxyHops = z
  .string()
  .regex(/^(true|false|yes|no|\d{1,2})$/, "must be false, true or the number of proxies in front (0 to 10)")
  .transform((v) => (v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v)))
  .pipe(z.number().int().min(0, "must be 0 to 10").max(10, "must be 0 to 10"));

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_SITE_URL: z.url().optional(),
  SITE_NAME: z.string().min(1).default("Bonus Rehberi"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  INDEXNOW_KEY: z.string().min(1).optional(),
  INDEXNOW_ENDPOINT: z.url().optional(),
  // Issue 9 §6: a caller holding this bearer secret may run the publishing functions; unset, no bearer is accepted.
  PUBLISH_CRON_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Issue 9 §5: the in-process publishing scheduler; `off` for tests and for processes that should not publish.
  SCHEDULER: booleanFlag.default(true),
  // The background IndexNow sender (issue 9 §7); a test server with a key may turn it off.
  INDEXNOW_SENDER: booleanFlag.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
  DEMO_CONTENT: booleanFlag.default(true),
  TRUST_PROXY: proxyHops.default(0),
  // Request bodies: public forms, and admin forms (larger: rich text).
  MAX_BODY_BYTES: positiveInt(1024 ** 3).default(64 * 1024),
  MAX_ADMIN_BODY_BYTES: positiveInt(1024 ** 3).default(1024 * 1024),
  // Connection limits, so slow or idle clients cannot use up the server's sockets.
  HEADERS_TIMEOUT_MS: positiveInt(3_600_000).default(20_000),
  REQUEST_TIMEOUT_MS: positiveInt(3_600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(3_600_000).default(5_000),
  MAX_CONNECTIONS: positiveInt(1_000_000).default(1_000),
});

export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses configuration; an invalid variable stops start-up with its name in the message. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Treat empty strings as unset, as shells and .env files commonly produce them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (result.data.ADMIN_EMAIL && !result.data.ADMIN_PASSWORD) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set");
  }
  // Issue 10 §2: without it, canonical links, sitemaps and share images follow the request's
  // Host header. A production site (demo content off) must name its origin.
  if (result.data.NODE_ENV === "production" && !result.data.DEMO_CONTENT && !result.data.PUBLIC_SITE_URL) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_SITE_URL is required in production (NODE_ENV=production, DEMO_CONTENT=false); set it to the site's public origin, e.g. PUBLIC_SITE_URL=https://www.example.com",
    );
  }
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (result.data.HEADERS_TIMEOUT_MS > result.data.REQUEST_TIMEOUT_MS) {
    throw new ConfigError("Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS");
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
