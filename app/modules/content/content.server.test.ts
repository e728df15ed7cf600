import { afterEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { describeEachDriver, forgetSharedReads } from "../../../tests/helpers/db";
import { setDatabase } from "~/db/index.server";
import { settings } from "~/db/schema";
import { getCompliance, getHero, saveContentSettings } from "./content.server";

// Every public page carries the hero (home) and the compliance line: a database that fails
// to answer must not take the page down with it (public-site.md §2.3, issue 11 §5).
describe("public content when the database fails to answer", () => {
  afterEach(() => setDatabase(undefined));

  it("shows the built-in hero and helpline, and logs each failure once", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    const failing = new Proxy({}, { get: () => () => { throw new Error("connection refused"); } });
    setDatabase({ db: failing as never, driver: "pglite", close: async () => {} });
    forgetSharedReads();

    expect(await getHero()).toMatchObject({ mainTitle: "Güvenilir sitelerin en iyi casino bonusları", buttonUrl: "#promotions-section" });
    expect(await getCompliance()).toEqual({ helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 });
    expect(logged.mock.calls.map((call) => call[0])).toEqual(["Hero read failed; using defaults:", "Compliance settings read failed; using defaults:"]);
  });
});

describeEachDriver("saving the blog section text", ({ db }) => {
  const actor = { userId: null, email: "editor@example.com", address: "192.0.2.10" };

  it("answers with what it stored: the sanitised text, and null for a text with nothing visible", async () => {
    const saved = await saveContentSettings(actor, { intent: "content", blogSectionText: '<p onclick="x()">Bölüm <strong>metni</strong><script>alert(1)</script></p>' });
    expect(saved).toEqual({ ok: true, value: { blogSectionText: "<p>Bölüm <strong>metni</strong></p>" } });
    expect(await saveContentSettings(actor, { intent: "content", blogSectionText: "<p> </p>" })).toEqual({ ok: true, value: { blogSectionText: null } });
    expect((await db().select().from(settings))[0]!.blogSectionText).toBeNull();
  });
});
