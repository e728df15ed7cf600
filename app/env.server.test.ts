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
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["TRUST_PROXY", { TRUST_PROXY: "11" }],
    ["MAX_BODY_BYTES", { MAX_BODY_BYTES: "0" }],
    ["HEADERS_TIMEOUT_MS", { HEADERS_TIMEOUT_MS: "90000", REQUEST_TIMEOUT_MS: "60000" }],
  ])("stops start-up naming %s when it is invalid", (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it("reads TRUST_PROXY as a number of proxy hops; true and yes mean one, false means none", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "yes" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("reads every switch the same way: on/off, true/false, yes/no, 1/0; the scheduler is on unless turned off", () => {
    expect(parseEnv({}).SCHEDULER).toBe(true);
    expect(parseEnv({ SCHEDULER: "off" }).SCHEDULER).toBe(false);
    expect(parseEnv({ SCHEDULER: "false" }).SCHEDULER).toBe(false);
    expect(parseEnv({ SCHEDULER: "on" }).SCHEDULER).toBe(true);
    expect(parseEnv({ DEMO_CONTENT: "off", PUBLIC_SITE_URL: "https://www.example.com" }).DEMO_CONTENT).toBe(false);
    expect(parseEnv({ INDEXNOW_SENDER: "0" }).INDEXNOW_SENDER).toBe(false);
    expect(() => parseEnv({ SCHEDULER: "sometimes" })).toThrow(/^Invalid configuration:\n {2}SCHEDULER:/);
  });

  it("bounds request bodies and connections by default", () => {
    const env = parseEnv({});
    expect(env.MAX_BODY_BYTES).toBe(65_536);
    expect(env.MAX_ADMIN_BODY_BYTES).toBe(1_048_576);
    expect(env.HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(env.REQUEST_TIMEOUT_MS);
    expect(env.MAX_CONNECTIONS).toBeGreaterThan(0);
  });

  // Issue 10 §2: without PUBLIC_SITE_URL, canonical links follow the request's Host header.
  it("refuses production without demo content and without PUBLIC_SITE_URL, in one line", () => {
    const production = { NODE_ENV: "production", DEMO_CONTENT: "false" };
    let message = "";
    try {
      parseEnv(production);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: PUBLIC_SITE_URL is required in production \(NODE_ENV=production, DEMO_CONTENT=false\)/);
    expect(message).not.toContain("\n");
    expect(parseEnv({ ...production, PUBLIC_SITE_URL: "https://www.example.com" }).PUBLIC_SITE_URL).toBe("https://www.example.com");
    // The demo (npm start) and development or tests still start without it.
    expect(parseEnv({ NODE_ENV: "production" }).PUBLIC_SITE_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development", DEMO_CONTENT: "false" }).PUBLIC_SITE_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "test", DEMO_CONTENT: "false" }).PUBLIC_SITE_URL).toBeUndefined();
  });
});
