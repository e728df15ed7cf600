import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { getDatabase, setDatabase } from "~/db/index.server";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { callRoute } from "../../../tests/helpers/routes";
import { loader } from "./sitemap";

describe("sitemap failure", () => {
  it("answers 'Error generating sitemap' when the database cannot be read", async () => {
    allowConsoleError();
    // A real database that has been closed: every query fails.
    const broken = await openDatabase({ driver: "pglite" });
    await broken.close();
    const previous = (() => {
      try {
        return getDatabase();
      } catch {
        return undefined;
      }
    })();
    setDatabase(broken);
    try {
      const response = (await callRoute(loader, "/sitemap.xml")) as Response;
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("Error generating sitemap");
    } finally {
      setDatabase(previous);
    }
  });
});
