import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { createAdminSession, createNonAdminSession, type TestSession } from "../../../tests/helpers/admin";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { unwrap } from "../../../tests/helpers/routes";
import { heroSection, settings } from "~/db/schema";
import { DEFAULT_HERO } from "~/modules/content/content";
import { loader } from "./check-settings";

/** GET /api/admin/check-settings as a browser would send it (the spec's empty API key header), with or without a session. */
async function check(session: TestSession | null) {
  const headers = new Headers({ apikey: "" });
  if (session) headers.set("Cookie", session.cookie);
  const request = new Request("http://localhost/api/admin/check-settings", { headers });
  const raw = (await loader({ request, params: {}, context: { clientAddress: "127.0.0.1" } } as never)) as { init?: { headers?: HeadersInit } };
  return { ...unwrap(raw), headers: new Headers(raw.init?.headers) };
}

describeEachDriver("GET /api/admin/check-settings", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession();
  });

  it("creates the missing settings and hero rows for an admin and answers {success: true, error: null}", async () => {
    const answer = await check(admin);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true, error: null });
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await db().select().from(settings)).toEqual([expect.objectContaining({ id: 1, blogSectionText: null })]);
    expect(await db().select().from(heroSection)).toEqual([expect.objectContaining({ id: 1, ...DEFAULT_HERO })]);
  });

  it("leaves existing rows untouched", async () => {
    await db().insert(heroSection).values({ id: 1, ...DEFAULT_HERO, mainTitle: "Özel başlık" });
    await db().insert(settings).values({ id: 1, blogSectionText: "<p>Özel metin</p>" });
    expect((await check(admin)).data).toEqual({ success: true, error: null });
    expect((await db().select().from(heroSection))[0]!.mainTitle).toBe("Özel başlık");
    expect((await db().select().from(settings))[0]!.blogSectionText).toBe("<p>Özel metin</p>");
  });

  it("holds under concurrent calls: every call succeeds and one row of each exists", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => check(admin)));
    expect(answers.map((a) => a.data)).toEqual(Array.from({ length: 8 }, () => ({ success: true, error: null })));
    expect(await db().select().from(settings)).toHaveLength(1);
    expect(await db().select().from(heroSection)).toHaveLength(1);
  });

  it.each([
    ["anonymous", () => null],
    ["a signed-in non-admin", () => createNonAdminSession()],
  ])("refuses %s with 401 JSON and creates nothing", async (_, sessionOf) => {
    const answer = await check(await sessionOf());
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ success: false, error: "Yetkilendirme hatası oluştu" });
    expect(await db().select().from(settings)).toEqual([]);
    expect(await db().select().from(heroSection)).toEqual([]);
  });

  it("answers a database failure with 500 and the spec's message, logging one line", async () => {
    allowConsoleError();
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    await db().execute(sql`alter table settings rename to settings_away`);
    try {
      const answer = await check(admin);
      expect(answer.status).toBe(500);
      expect(answer.data).toEqual({ success: false, error: "Ayarlar tablosu kontrolünde bir hata oluştu" });
    } finally {
      console.error = original;
      await db().execute(sql`alter table settings_away rename to settings`);
    }
    // One line, never a stack.
    expect(logged.length).toBe(1);
    for (const line of logged) {
      expect(line).toHaveLength(1);
      expect(String(line[0])).toMatch(/^check-settings failed: /);
      expect(String(line[0])).not.toMatch(/\n\s+at /);
    }
  });
});
