import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { countAdmins, signIn } from "./auth.server";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "./first-admin.server";

describeEachDriver("first admin", ({ db }) => {
  beforeEach(() => truncateAll(db()));

  it("creates one admin with a generated password, printed once, that can sign in", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureFirstAdmin({});
    const printed = log.mock.calls.flat().join("\n");
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(printed).toContain(`email:    ${DEFAULT_ADMIN_EMAIL}`);
    expect(password).toBeTruthy();
    expect(await signIn({ email: DEFAULT_ADMIN_EMAIL, password: password! }, "1.2.3.4")).toMatchObject({ ok: true });

    log.mockClear();
    await ensureFirstAdmin({});
    expect(log).not.toHaveBeenCalled();
    expect(await countAdmins()).toBe(1);
    log.mockRestore();
  });

  it("takes ADMIN_EMAIL and ADMIN_PASSWORD when given", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureFirstAdmin({ ADMIN_EMAIL: "Sahip@Example.com", ADMIN_PASSWORD: "verilen-sifre" });
    expect(log.mock.calls.flat().join("\n")).not.toContain("verilen-sifre");
    expect(await signIn({ email: "sahip@example.com", password: "verilen-sifre" }, "1.2.3.4")).toMatchObject({ ok: true });
    log.mockRestore();
  });
});
