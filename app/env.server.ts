import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

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
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
  DEMO_CONTENT: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
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
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
