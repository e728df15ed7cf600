import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.AI_MODEL).toBe("gpt-4o-mini");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["PUBLIC_SITE_URL", { PUBLIC_SITE_URL: "not a url" }],
    ["SESSION_SECRET", { SESSION_SECRET: "short" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "a@b.co" }],
  ])("stops start-up naming %s when it is invalid", (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });
});
