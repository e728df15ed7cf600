import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { countAdmins, signIn } from "./auth.server";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "./first-admin.server";

describeEachDriver("first admin", ({ db }) => {
  beforeEach(() => truncateAll(db()));

  it("creates one admin with a generated password, to be printed once, that can sign in", async () => {
    // The server prints it once it listens (issue 10 §4): nothing is printed here.
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const printed = await ensureFirstAdmin({});
    const password = /password: (\S+)/.exec(printed ?? "")?.[1];
    expect(printed).toContain(`email:    ${DEFAULT_ADMIN_EMAIL}`);
    expect(password).toBeTruthy();
    // What the operator reads in the console, set apart from the server's other lines by a blank one each side.
    const lines = printed!.split("\n");
    expect(lines[0]).toBe("");
    expect(lines.at(-1)).toBe("");
    const said = lines.filter(Boolean);
    expect(said).toHaveLength(4);
    expect(said[0]).toMatch(/^An admin account was created .*shown only once/);
    expect(said[3]).toMatch(/^Sign in at \/admin\/login\. Add more admins with: npm run admin:create -- --email X --password Y$/);
    expect(await signIn({ email: DEFAULT_ADMIN_EMAIL, password: password! }, "1.2.3.4")).toMatchObject({ ok: true });
    expect(log).not.toHaveBeenCalled();

    expect(await ensureFirstAdmin({})).toBeNull();
    expect(await countAdmins()).toBe(1);
    log.mockRestore();
  });

  it("takes ADMIN_EMAIL and ADMIN_PASSWORD when given, and never shows that password", async () => {
    const printed = await ensureFirstAdmin({ ADMIN_EMAIL: "Sahip@Example.com", ADMIN_PASSWORD: "verilen-sifre" });
    expect(printed).toBe("An admin account was created for Sahip@Example.com from ADMIN_EMAIL/ADMIN_PASSWORD.");
    expect(await signIn({ email: "sahip@example.com", password: "verilen-sifre" }, "1.2.3.4")).toMatchObject({ ok: true });
  });
});
