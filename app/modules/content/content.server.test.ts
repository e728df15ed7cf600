import { afterEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { forgetSharedReads } from "../../../tests/helpers/db";
import { setDatabase } from "~/db/index.server";
import { getCompliance, getHero } from "./content.server";

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
