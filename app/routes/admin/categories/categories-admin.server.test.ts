import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { callRoute } from "../../../../tests/helpers/routes";
import { auditLog, promotionCategories, promotions } from "~/db/schema";
import { insertCategory, insertPromotion } from "~/seed/factories.server";
import type { Database } from "~/db/db.server";
import type { CategoryListItem } from "~/modules/categories/categories.schema";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";
import { removeCategory } from "~/modules/categories/categories.server";
import { actorOf } from "~/lib/command.server";
import { loader as publicPromotionsLoader } from "../../public/promotions";
import { action as promotionEditorAction } from "../promotions/new";
import { action, loader } from "./list";

type ListData = { list: { items: CategoryListItem[]; total: number; pageCount: number }; editing: CategoryListItem | null; creating: boolean };

const MISSING = "00000000-0000-4000-8000-000000000000";
const VALID = { intent: "create", name: "Yatırım Bonusu", slug: "yatirim-bonusu", description: "  Yatırıma verilen bonuslar  ", isActive: "on" };

/** Waits until some session of this database waits for a row lock (a state, not a time). */
async function someoneWaitsForALock(database: Database): Promise<void> {
  for (;;) {
    const { rows } = await database.pool!.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describeEachDriver("admin categories", ({ db, database, driver }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const categoryCount = async () => (await db().select({ n: count() }).from(promotionCategories))[0]!.n;
  const post = (form: Record<string, string>, url = "/admin/categories") => callAdmin(action, url, { session: admin, form });

  describe("the dialog's form", () => {
    it("creates a category with its description trimmed and closes the dialog on the list", async () => {
      const outcome = outcomeOf(await post(VALID, "/admin/categories?yeni=1&q=bonus"));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/categories?q=bonus" });
      const [row] = await db().select().from(promotionCategories);
      expect(row).toMatchObject({ name: "Yatırım Bonusu", slug: "yatirim-bonusu", description: "Yatırıma verilen bonuslar", isActive: true });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "category.create", outcome: "success", entityId: row!.id, summary: "Yatırım Bonusu", actorEmail: "operator@example.com" });
    });

    it("saves an empty description as null and an unchecked box as inactive", async () => {
      await post({ ...VALID, description: "   ", isActive: "" });
      const [row] = await db().select().from(promotionCategories);
      expect(row).toMatchObject({ description: null, isActive: false });
    });

    it.each([
      ["name", { name: "" }, "Kategori adı boş olamaz"],
      ["name", { name: "   " }, "Kategori adı boş olamaz"],
      ["slug", { slug: "" }, "Kategori slug değeri boş olamaz"],
      ["slug", { slug: "Yatırım Bonusu" }, "Slug yalnızca küçük harf (a-z), rakam ve tire içerebilir"],
    ])("refuses a bad %s with its message and writes nothing", async (field, change, message) => {
      const outcome = outcomeOf(await post({ ...VALID, ...change }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await categoryCount()).toBe(0);
    });

    it("refuses a slug another category has, beside the slug, on create and on update", async () => {
      const taken = await insertCategory(db(), { name: "Var Olan", slug: "yatirim-bonusu" });
      const created = outcomeOf(await post(VALID));
      expect(created.status).toBe(400);
      expect(created.errors?.slug).toEqual(["Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin."]);
      expect(await categoryCount()).toBe(1);

      const other = await insertCategory(db(), { name: "Diğer", slug: "diger" });
      const updated = outcomeOf(await post({ ...VALID, intent: "update", id: other.id, name: "Diğer Ad" }));
      expect(updated.status).toBe(400);
      expect(updated.errors?.slug).toEqual(["Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin."]);
      const [unchanged] = await db().select().from(promotionCategories).where(eq(promotionCategories.id, other.id));
      expect(unchanged).toMatchObject({ name: "Diğer", slug: "diger" });
      expect(taken.slug).toBe("yatirim-bonusu");
      const entries = await db().select().from(auditLog).orderBy(auditLog.id);
      expect(entries.map((e) => [e.action, e.outcome])).toEqual([
        ["category.create", "failure"],
        ["category.update", "failure"],
      ]);
    });

    it("updates a category and renames the text copy its promotions keep", async () => {
      const category = await insertCategory(db(), { name: "Eski Ad", slug: "eski-ad" });
      const user = await insertPromotion(db(), { categoryId: category.id, category: "Eski Ad" });
      const bystander = await insertPromotion(db(), { category: "Eski Ad" });
      const outcome = outcomeOf(await post({ intent: "update", id: category.id, name: "Yeni Ad", slug: "eski-ad", description: "", isActive: "on" }, `/admin/categories?duzenle=${category.id}`));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/categories" });
      const [row] = await db().select().from(promotionCategories);
      expect(row).toMatchObject({ name: "Yeni Ad", slug: "eski-ad", description: null });
      expect(row!.updatedAt.getTime()).toBeGreaterThan(category.updatedAt.getTime());
      const [renamed] = await db().select().from(promotions).where(eq(promotions.id, user.id));
      expect(renamed!.category).toBe("Yeni Ad");
      // A promotion that only shares the text, not the category, is not touched.
      const [untouched] = await db().select().from(promotions).where(eq(promotions.id, bystander.id));
      expect(untouched!.category).toBe("Eski Ad");
      // The audit log names the record and its new name.
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "category.update", outcome: "success", entityId: category.id, summary: "Yeni Ad", actorEmail: "operator@example.com" });
    });

    it("answers an update of an unknown category with a message and writes nothing", async () => {
      const outcome = outcomeOf(await post({ ...VALID, intent: "update", id: MISSING }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Kategori bulunamadı"]);
      expect(await categoryCount()).toBe(0);
      // A refused write is audited too, with the record and the name it was asked for.
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "category.update", outcome: "failure", entityId: MISSING, summary: "Yatırım Bonusu" });
    });
  });

  describe("the list", () => {
    it("lists name, slug, description and state, by name, 25 a page, with search", async () => {
      for (let i = 0; i < 27; i++) await insertCategory(db(), { name: `Kategori ${String(i).padStart(2, "0")}`, description: i === 0 ? "İlk" : null, isActive: i !== 1 });
      const first = outcomeOf(await callAdmin(loader, "/admin/categories", { session: admin })).data as ListData;
      expect(first.list.total).toBe(27);
      expect(first.list.pageCount).toBe(2);
      expect(first.list.items).toHaveLength(25);
      expect(first.list.items.slice(0, 2)).toMatchObject([
        { name: "Kategori 00", slug: "kategori-00", description: "İlk", isActive: true },
        { name: "Kategori 01", description: null, isActive: false },
      ]);
      const second = outcomeOf(await callAdmin(loader, "/admin/categories?sayfa=2", { session: admin })).data as ListData;
      expect(second.list.items.map((c) => c.name)).toEqual(["Kategori 25", "Kategori 26"]);
      const found = outcomeOf(await callAdmin(loader, "/admin/categories?q=ori%2013", { session: admin })).data as ListData;
      expect(found.list.items.map((c) => c.name)).toEqual(["Kategori 13"]);
    });

    it("searches names as Turkish operators type: with or without Turkish letters, in either case", async () => {
      // Slugs unlike the names, so only the name can match here.
      await insertCategory(db(), { name: "Kayıp Işığı", slug: "kategori-a" });
      await insertCategory(db(), { name: "Çevrimsiz", slug: "kategori-b" });
      const names = async (q: string) => ((outcomeOf(await callAdmin(loader, `/admin/categories?q=${encodeURIComponent(q)}`, { session: admin })).data as ListData).list.items.map((c) => c.name));
      for (const q of ["ışığı", "IŞIĞI", "isigi", "KAYIP"]) expect(await names(q), q).toEqual(["Kayıp Işığı"]);
      for (const q of ["ÇEVRİM", "cevrim"]) expect(await names(q), q).toEqual(["Çevrimsiz"]);
    });

    it("sorts by name or by creation, either way, from the column headers", async () => {
      // Created in an order that is not the names' order.
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
      await insertCategory(db(), { name: "Beta", createdAt: at(1) });
      await insertCategory(db(), { name: "Alfa", createdAt: at(3) });
      await insertCategory(db(), { name: "Gama", createdAt: at(2) });
      const names = async (search: string) => ((outcomeOf(await callAdmin(loader, `/admin/categories${search}`, { session: admin })).data as ListData).list.items.map((c) => c.name));
      expect(await names("")).toEqual(["Alfa", "Beta", "Gama"]);
      expect(await names("?sirala=name&yon=desc")).toEqual(["Gama", "Beta", "Alfa"]);
      expect(await names("?sirala=createdAt&yon=asc")).toEqual(["Beta", "Gama", "Alfa"]);
      expect(await names("?sirala=createdAt&yon=desc")).toEqual(["Alfa", "Gama", "Beta"]);
    });

    it("opens no dialog for an edit link whose id is not one (a hand-typed URL), without an error", async () => {
      await insertCategory(db(), { name: "Var Olan" });
      for (const id of ["abc", MISSING]) {
        const data = outcomeOf(await callAdmin(loader, `/admin/categories?duzenle=${id}`, { session: admin })).data as ListData;
        expect(data.editing).toBeNull();
        expect(data.list.items.map((c) => c.name)).toEqual(["Var Olan"]);
      }
    });

    it("opens the dialog for a new category or for the one to edit", async () => {
      const category = await insertCategory(db(), { name: "Düzenlenecek" });
      const editing = outcomeOf(await callAdmin(loader, `/admin/categories?duzenle=${category.id}`, { session: admin })).data as ListData;
      expect(editing.editing).toMatchObject({ id: category.id, name: "Düzenlenecek" });
      const creating = outcomeOf(await callAdmin(loader, "/admin/categories?yeni=1", { session: admin })).data as ListData;
      expect(creating).toMatchObject({ creating: true, editing: null });
    });
  });

  describe("delete", () => {
    it("deletes an unused category after the confirm step", async () => {
      const category = await insertCategory(db(), { name: "Boş" });
      const outcome = outcomeOf(await post({ intent: "delete", id: category.id }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/categories" });
      expect(await categoryCount()).toBe(0);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "category.delete", outcome: "success", entityId: category.id, summary: "Boş" });
    });

    it("tells a caller of the domain function which category it deleted", async () => {
      const category = await insertCategory(db(), { name: "Doğrudan" });
      expect(await removeCategory(actorOf(admin, { clientAddress: "10.0.0.1" }), category.id)).toEqual({ ok: true, value: { id: category.id } });
      expect(await categoryCount()).toBe(0);
    });

    it("refuses to delete a category in use with the spec's message (409), and 404s an unknown one", async () => {
      const category = await insertCategory(db(), { name: "Kullanılan" });
      // Inactive promotions count too: 'used by any promotion'.
      await insertPromotion(db(), { categoryId: category.id, category: "Kullanılan", isActive: false });
      const inUse = outcomeOf(await post({ intent: "delete", id: category.id }));
      expect(inUse.status).toBe(409);
      expect((inUse.data as { deleteErrors: string[] }).deleteErrors).toEqual(["Bu kategori kullanımda olduğu için silinemez"]);
      expect(await categoryCount()).toBe(1);
      const [refusal] = await db().select().from(auditLog);
      // The refusal names the category it kept, so the audit screen says which one.
      expect(refusal).toMatchObject({ action: "category.delete", outcome: "failure", entityId: category.id, summary: "Kullanılan" });
      const missing = outcomeOf(await post({ intent: "delete", id: MISSING }));
      expect(missing.status).toBe(404);
      expect((missing.data as { deleteErrors: string[] }).deleteErrors).toEqual(["Kategori bulunamadı"]);
      expect(outcomeOf(await post({ intent: "delete", id: "abc" })).status).toBe(400);
      // The domain function holds on its own too (a caller that skipped the form's schema).
      expect(await removeCategory(actorOf(admin, { clientAddress: "10.0.0.1" }), "abc")).toEqual({ ok: false, fieldErrors: { "": ["Kategori bulunamadı"] } });
      expect(await categoryCount()).toBe(1);
    });

    it("never leaves a promotion with the name of a deleted category, when a delete and an assignment race", async () => {
      for (let round = 0; round < 6; round++) {
        const category = await insertCategory(db(), { name: `Yarış ${round}` });
        const form = { title: `Yarış Bonusu ${round}`, shortDescription: "Yarışan iki istek için bonus", url: "https://x.example", categoryId: category.id, isActive: "" };
        const [deleted, saved] = await Promise.all([
          post({ intent: "delete", id: category.id }),
          callAdmin(promotionEditorAction, "/admin/promotions/new", { session: admin, form }),
        ]).then((results) => results.map(outcomeOf));
        const [kept] = await db().select().from(promotionCategories).where(eq(promotionCategories.id, category.id));
        const [promotion] = await db().select().from(promotions).where(eq(promotions.title, form.title));
        if (kept) {
          expect(deleted!.status).toBe(409);
          expect(saved!.status).toBe(302);
          expect(promotion).toMatchObject({ categoryId: category.id, category: category.name });
        } else {
          expect(deleted!.status).toBe(302);
          expect(saved).toMatchObject({ status: 400, errors: { categoryId: ["Seçilen kategori bulunamadı"] } });
          expect(promotion).toBeUndefined();
        }
      }
      const dangling = await db().select({ n: count() }).from(promotions).where(and(isNull(promotions.categoryId), isNotNull(promotions.category)));
      expect(dangling[0]!.n).toBe(0);
    });

    it.runIf(driver === "postgres")("waits for a promotion being saved with the category, then refuses the delete", async () => {
      const category = await insertCategory(db(), { name: "Bekleyen" });
      const client = await database().pool!.connect();
      let outcome;
      try {
        await client.query("begin");
        await client.query("insert into promotions (title, slug, url, category_id, category) values ($1, $2, $3, $4, $5)", [
          "Bekleyen Bonus",
          "bekleyen-bonus",
          "https://x.example",
          category.id,
          "Bekleyen",
        ]);
        const deleting = post({ intent: "delete", id: category.id });
        await someoneWaitsForALock(database());
        await client.query("commit");
        outcome = outcomeOf(await deleting);
      } finally {
        client.release();
      }
      expect(outcome.status).toBe(409);
      expect(await categoryCount()).toBe(1);
      const [promotion] = await db().select().from(promotions);
      expect(promotion).toMatchObject({ categoryId: category.id, category: "Bekleyen" });
    });

    it.runIf(driver === "postgres")("makes a promotion saved while its category is being deleted wait, then refuses it beside the field", async () => {
      const category = await insertCategory(db(), { name: "Silinmekte" });
      const client = await database().pool!.connect();
      let outcome;
      try {
        await client.query("begin");
        await client.query("delete from promotion_categories where id = $1", [category.id]);
        const saving = callAdmin(promotionEditorAction, "/admin/promotions/new", {
          session: admin,
          form: { title: "Geç Kalan Bonus", shortDescription: "Silinen kategoriye bağlanmak isteyen", url: "https://x.example", categoryId: category.id },
        });
        await someoneWaitsForALock(database());
        await client.query("commit");
        outcome = outcomeOf(await saving);
      } finally {
        client.release();
      }
      expect(outcome).toMatchObject({ status: 400, errors: { categoryId: ["Seçilen kategori bulunamadı"] } });
      expect((await db().select({ n: count() }).from(promotions))[0]!.n).toBe(0);
    });
  });

  describe("the public site", () => {
    it("shows a renamed category's chip on the next request and drops the cached pages", async () => {
      const category = await insertCategory(db(), { name: "Eski Chip", slug: "eski-chip" });
      await insertPromotion(db(), { categoryId: category.id, category: "Eski Chip" });
      const store = pageStore();
      const key = "http://localhost/bonuslar";
      store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"c"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
      expect(store.get(key)).toBeDefined();
      await post({ intent: "update", id: category.id, name: "Yeni Chip", slug: "yeni-chip", description: "", isActive: "on" });
      expect(store.get(key)).toBeUndefined();
      // The category's own landing page (issue 10 §2) answers under the new slug.
      const shown = await callRoute(publicPromotionsLoader, "/bonuslar/yeni-chip", { params: { categorySlug: "yeni-chip" } });
      expect(shown.chips.map((chip) => [chip.name, chip.slug])).toEqual([["Yeni Chip", "yeni-chip"]]);
      expect(shown.items.map((p) => p.category)).toEqual(["Yeni Chip"]);
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from the loader and every intent, and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      const category = await insertCategory(db(), { name: "Korunan", slug: "korunan" });
      const calls = [
        callAdmin(loader, "/admin/categories", { session }),
        callAdmin(loader, `/admin/categories?duzenle=${category.id}`, { session }),
        callAdmin(action, "/admin/categories", { session, form: VALID }),
        callAdmin(action, "/admin/categories", { session, form: { ...VALID, intent: "update", id: category.id } }),
        callAdmin(action, "/admin/categories", { session, form: { intent: "delete", id: category.id } }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      const rows = await db().select().from(promotionCategories);
      expect(rows).toMatchObject([{ name: "Korunan", slug: "korunan" }]);
      expect(await db().select().from(auditLog).orderBy(desc(auditLog.id))).toEqual([]);
    });
  });
});
