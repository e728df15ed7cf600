import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { captureWarnings } from "../../../tests/helpers/logs";
import { callAdmin, createAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { blogPosts, casinos, promotions, splashAds } from "~/db/schema";
import { action as publishFunctionAction, loader as publishFunctionLoader } from "../resources/publish-function";
import { action as auditAction } from "./audit";
import { action as blogEditorAction } from "./blog/edit";
import { action as casinoEditorAction } from "./casinos/edit";
import { action as dashboardAction } from "./dashboard";
import { action as promotionEditorAction } from "./promotions/edit";
import { action as splashAdEditorAction } from "./splash-ads/edit";
import { action as edgeFunctionAction } from "./test-edge-function";

// Non-negotiable: bad input gets a 4xx with a Turkish message, stores nothing and logs one
// line. These refusals are thrown (or answered) before any form schema runs, and a thrown
// 4xx never reaches React Router's handleError: over HTTP each of them used to log nothing.
describeEachDriver("a back-office request refused before its form is read", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const lines = captureWarnings();
  const rows = async () => {
    let total = 0;
    for (const table of [casinos, promotions, blogPosts, splashAds]) total += (await db().select({ n: count() }).from(table))[0]!.n;
    return total;
  };

  it.each([
    ["/admin/casinos/edit/gizli-kimlik", casinoEditorAction, "Casino bulunamadı"],
    ["/admin/promotions/edit/gizli-kimlik", promotionEditorAction, "Promosyon bulunamadı"],
    ["/admin/blog/edit/gizli-kimlik", blogEditorAction, "Blog yazısı bulunamadı"],
    ["/admin/splash-ads/edit/gizli-kimlik", splashAdEditorAction, "Splash reklam bulunamadı"],
  ])("a save to the malformed id of %s: 404 in Turkish, one line, nothing stored", async (path, editorAction, message) => {
    const outcome = outcomeOf(await callAdmin(editorAction, path, { session: admin, params: { id: "gizli-kimlik" }, form: { title: "Başlık", name: "Ad" } }));
    expect(outcome.status).toBe(404);
    expect(outcome.data).toEqual({ message });
    expect(await rows()).toBe(0);
    expect(lines()).toEqual([`404 POST "${path}": form refused: ${message}`]);
  });

  it.each([
    ["/admin/dashboard", dashboardAction],
    ["/admin/audit", auditAction],
    ["/admin/test-edge-function", edgeFunctionAction],
  ])("a form posted to %s, which takes none: 405 in Turkish and one line", async (path, pageAction) => {
    const outcome = outcomeOf(await callAdmin(pageAction, path, { session: admin, form: { intent: "x" } }));
    expect(outcome.status).toBe(405);
    expect(outcome.data).toEqual({ message: expect.stringMatching(/form kabul etmiyor/) });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(/^405 POST "\/admin\/[a-z-]+": form refused/);
  });

  it("logs nothing when a signed-out form is sent to sign-in instead", async () => {
    const outcome = outcomeOf(await callAdmin(dashboardAction, "/admin/dashboard", { form: { intent: "x" } }));
    expect(outcome.status).toBe(302);
    expect(lines()).toEqual([]);
  });

  describe("the publishing functions (admin.md §7)", () => {
    type Init = { method?: string; body?: string; headers?: Record<string, string> };
    const call = (init: Init) => {
      const method = init.method ?? "POST";
      const request = new Request("http://localhost/api/functions/scheduled-blog-publisher", { method, headers: init.headers, body: init.body });
      const route = method === "POST" ? publishFunctionAction : publishFunctionLoader;
      return route({ request, params: {}, context: { clientAddress: "10.0.0.1" } } as never) as Promise<Response>;
    };

    it.each<[string, Init, number, string]>([
      ["no session and no secret", {}, 401, "Yetkilendirme hatası oluştu"],
      ["a wrong secret", { headers: { Authorization: "Bearer gizli-parola-yanlis" } }, 401, "Yetkilendirme hatası oluştu"],
      ["a GET", { method: "GET" }, 405, "Bu adres yalnızca POST isteklerini kabul eder."],
    ])("log %s as one line, without the secret sent", async (_, init, status, message) => {
      const response = await call(init);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBe(message);
      expect(lines()).toEqual([`${status} ${init.method ?? "POST"} "/api/functions/scheduled-blog-publisher": function call refused: ${message}`]);
      expect(lines()[0]).not.toContain("gizli-parola");
    });

    it("logs an admin's body that is not JSON as one line, without the body, and publishes nothing", async () => {
      const response = await call({ headers: { Cookie: admin.cookie, "Content-Type": "application/json" }, body: '{"manual": gizli' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/JSON/);
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^400 POST "\/api\/functions\/scheduled-blog-publisher": function call refused: /);
      expect(lines()[0]).not.toContain("gizli");
    });

    it("logs nothing for a call that is answered", async () => {
      const response = await call({ headers: { Cookie: admin.cookie, "Content-Type": "application/json" }, body: JSON.stringify({ manual: true }) });
      expect(response.status).toBe(200);
      expect(lines()).toEqual([]);
    });
  });
});
