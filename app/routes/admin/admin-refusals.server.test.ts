import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { captureWarnings } from "../../../tests/helpers/logs";
import { callAdmin, createAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { callRoute, unwrap } from "../../../tests/helpers/routes";
import { casinos, promotionCategories } from "~/db/schema";
import { insertCategory, insertPromotion } from "~/seed/factories.server";
import { action as aiBlogAction } from "./ai/blog";
import { action as aiBulkAction } from "./ai/bulk";
import { action as aiBulkJobAction } from "./ai/bulk-job";
import { action as blogListAction } from "./blog/list";
import { action as casinoListAction } from "./casinos/list";
import { action as casinoEditorAction } from "./casinos/new";
import { action as categoriesAction } from "./categories/list";
import { action as commentListAction } from "./comments/list";
import { action as indexingAction } from "./indexing";
import { action as loginAction } from "./login";
import { action as promotionListAction } from "./promotions/list";
import { action as splashAdListAction } from "./splash-ads/list";

const DESCRIPTION = "<p>Güvenilir ve hızlı ödeme yapan bir site.</p>";

// Non-negotiable: bad input gets a 4xx with a Turkish message, stores nothing and logs one
// line, never a stack. A back-office form refused by its rules used to log nothing at all.
describeEachDriver("a refused back-office form", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const lines = captureWarnings();

  it("logs one line naming the field that failed its rule, never what was typed, and stores nothing", async () => {
    const outcome = outcomeOf(
      await callAdmin(casinoEditorAction, "/admin/casinos/new", {
        session: admin,
        form: { name: "", url: "https://gizli-adres.example/secret-token", logoUrl: "", description: DESCRIPTION },
      }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.errors?.name?.[0]).toMatch(/[a-zçğıöşü]/i);
    expect((await db().select({ n: count() }).from(casinos))[0]!.n).toBe(0);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toBe('400 POST "/admin/casinos/new": form refused: name');
    expect(lines()[0]).not.toContain("secret-token");
    expect(lines()[0]).not.toMatch(/\n|\s+at /);
  });

  it("logs the field a command refused (a slug another category has)", async () => {
    await insertCategory(db(), { name: "Var Olan", slug: "yatirim-bonusu" });
    const outcome = outcomeOf(
      await callAdmin(categoriesAction, "/admin/categories", { session: admin, form: { intent: "create", name: "Yatırım Bonusu", slug: "yatirim-bonusu", description: "", isActive: "on" } }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.errors?.slug).toHaveLength(1);
    expect((await db().select({ n: count() }).from(promotionCategories))[0]!.n).toBe(1);
    expect(lines()).toEqual([expect.stringMatching(/^400 POST "\/admin\/categories": .*\bslug\b/)]);
  });

  it("logs a list action's refusal with the form's own message (a promotion that does not exist)", async () => {
    const outcome = outcomeOf(
      await callAdmin(promotionListAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: "00000000-0000-4000-8000-000000000000", isActive: "true" } }),
    );
    expect(outcome.status).toBe(404);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(/^404 POST "\/admin\/promotions": form refused: \S/);
    // The line carries the Turkish text the operator read beside the list.
    const shown = Object.values(outcome.errors ?? {}).flat();
    expect(shown).toHaveLength(1);
    expect(lines()[0]).toContain(shown[0]);
  });

  it("logs a refused delete (a category in use) with the conflict it reported", async () => {
    const category = await insertCategory(db(), { name: "Hoş Geldin", slug: "hos-geldin" });
    await insertPromotion(db(), { categoryId: category.id, category: category.name });
    const { status, data } = unwrap(await callAdmin(categoriesAction, "/admin/categories", { session: admin, form: { intent: "delete", id: category.id } }));
    expect(status).toBe(409);
    expect(data).toEqual({ deleteErrors: ["Bu kategori kullanımda olduğu için silinemez"] });
    expect(lines()).toEqual(['409 POST "/admin/categories": delete refused: Bu kategori kullanımda olduğu için silinemez']);
  });

  // Each list page tells its buttons apart by `intent`; one the page never sends is refused
  // by every list action alike, and each must say so in the log.
  it.each([
    ["/admin/blog", blogListAction],
    ["/admin/casinos", casinoListAction],
    ["/admin/comments", commentListAction],
    ["/admin/indexing", indexingAction],
    ["/admin/promotions", promotionListAction],
    ["/admin/splash-ads", splashAdListAction],
  ])("logs one line for an intent the list at %s does not know, without the value sent", async (path, listAction) => {
    const outcome = outcomeOf(await callAdmin(listAction, path, { session: admin, form: { intent: "gizli-niyet" } }));
    expect(outcome.status).toBe(400);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(new RegExp(`^400 POST "${path}": form refused: .*\\bintent\\b`));
    expect(lines()[0]).not.toContain("gizli-niyet");
  });

  it("logs a delete whose id is not one (a category list posted by hand), without the id sent", async () => {
    const { status, data } = unwrap(await callAdmin(categoriesAction, "/admin/categories", { session: admin, form: { intent: "delete", id: "gizli-kimlik" } }));
    expect(status).toBe(400);
    expect(data).toEqual({ deleteErrors: [expect.stringMatching(/\S/)] });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(/^400 POST "\/admin\/categories": delete refused/);
    expect(lines()[0]).not.toContain("gizli-kimlik");
  });

  describe("the AI dialogs' calls", () => {
    const answerOf = async (response: unknown) => ({ status: (response as Response).status, body: (await (response as Response).json()) as { ok: boolean; error?: string } });

    it("log a form their schema refuses as one line naming the field, without what was typed", async () => {
      const { status, body } = await answerOf(await callAdmin(aiBulkAction, "/admin/ai/bulk", { session: admin, form: { topic: "gizli-konu", count: "9999", perDay: "1" } }));
      expect(status).toBe(400);
      expect(body.ok).toBe(false);
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^400 POST "\/admin\/ai\/bulk": form refused: .*\bcount\b/);
      expect(lines()[0]).not.toContain("gizli-konu");
      expect(lines()[0]).not.toContain("9999");
    });

    it("log a body that is not a form once, not once per layer", async () => {
      const request = new Request("http://localhost/admin/ai/blog", {
        method: "POST",
        headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ topic: "bonus" }),
      });
      const response = (await aiBlogAction({ request, params: {}, context: { clientAddress: "10.0.0.1" } } as never)) as Response;
      expect(response.status).toBe(415);
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^415 POST "\/admin\/ai\/blog": /);
    });

    it("log a refusal after the form was read (a bulk run that does not exist) with the text the dialog shows", async () => {
      const id = "00000000-0000-4000-8000-000000000000";
      const { status, body } = await answerOf(await callAdmin(aiBulkJobAction, `/admin/ai/bulk/${id}`, { session: admin, params: { id }, form: { intent: "discard" } }));
      expect(status).toBe(404);
      expect(body.error).toMatch(/\S/);
      expect(lines()).toEqual([`404 POST "/admin/ai/bulk/${id}": AI call refused: ${body.error}`]);
    });
  });

  it("logs nothing for a save that succeeds", async () => {
    const outcome = outcomeOf(
      await callAdmin(casinoEditorAction, "/admin/casinos/new", { session: admin, form: { name: "Yıldız Casino", url: "https://yildiz.example", logoUrl: "", description: DESCRIPTION } }),
    );
    expect(outcome.status).toBe(302);
    expect(lines()).toEqual([]);
  });

  describe("sign-in", () => {
    it("logs a form without an email as one line, without the password", async () => {
      const { status } = unwrap(await callRoute(loginAction, "/admin/login", { form: { email: "", password: "cok-gizli-parola" } }));
      expect(status).toBe(400);
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^400 POST "\/admin\/login": sign-in form refused: .*\bemail\b/);
      expect(lines()[0]).not.toContain("cok-gizli-parola");
    });

    it("refuses a hand-made body conform cannot read (a malformed __intent__) with 400 and one line, not a crash", async () => {
      const { status, data } = unwrap(await callRoute(loginAction, "/admin/login", { form: { email: "operator@example.com", password: "yanlis-parola-123", __intent__: "garbage" } }));
      expect(status).toBe(400);
      expect(data).toMatchObject({ message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." });
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^400 POST "\/admin\/login": /);
    });

    it("refuses a field name 3,000 levels deep with 400 and one line; answering it overflowed the stack (500 and a stack for anyone)", async () => {
      const { status, data } = unwrap(await callRoute(loginAction, "/admin/login", { form: { email: "operator@example.com", password: "yanlis-parola-123", ["a" + "[0]".repeat(3000)]: "x" } }));
      expect(status).toBe(400);
      expect(data).toMatchObject({ message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." });
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toMatch(/^400 POST "\/admin\/login": /);
    });

    it("logs a wrong password as one line that names neither the account nor the password", async () => {
      const { status } = unwrap(await callRoute(loginAction, "/admin/login", { form: { email: "operator@example.com", password: "yanlis-parola-123" } }));
      expect(status).toBe(401);
      expect(lines()).toEqual(['401 POST "/admin/login": sign-in refused']);
    });
  });
});
