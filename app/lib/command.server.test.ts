import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../tests/helpers/db";
import { auditLog, promotionCategories, users } from "~/db/schema";
import { actorOf, auditInTx, pgErrorOf, recordAudit, reject, runCommand, type Actor, type DomainCommands } from "./command.server";
import { pageStore, type CachedPage } from "./page-cache.server";

// The one way an admin write reaches the database (ADR 003), tested on its own: what the
// operator sees (the saved value or the messages beside the fields), what the audit log
// says of it, and which cached pages stop being served.

const SLUG_TAKEN = "Bu adres başka bir kategoride kullanılıyor.";
const DOMAIN: DomainCommands = {
  entity: "category",
  invalidates: ["test:category-pages"],
  unique: { promotion_categories_slug_unique: { field: "slug", message: SLUG_TAKEN } },
};

const page = (tags: string[]): CachedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from("<html></html>"),
  encoded: {},
  etag: 'W/"p"',
  tags,
  renderedAt: 0,
  expiresAt: Number.POSITIVE_INFINITY,
});

/** Three cached pages: one the domain's writes drop, one a single write drops, one no write here touches. */
function cachePages(): { cached: () => Record<string, boolean> } {
  const store = pageStore();
  store.set("/kategoriler", page(["test:category-pages"]), store.sequence);
  store.set("/bonuslar/hos-geldin", page(["test:one-category"]), store.sequence);
  store.set("/blog", page(["test:blog"]), store.sequence);
  return { cached: () => Object.fromEntries(["/kategoriler", "/bonuslar/hos-geldin", "/blog"].map((key) => [key, store.get(key) !== undefined])) };
}

/** The error a promise rejected with (fails the test when it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describeEachDriver("runCommand: an audited, cache-invalidating transaction (ADR 003)", ({ db }) => {
  let actor: Actor;
  beforeEach(async () => {
    await truncateAll(db());
    const [user] = await db().insert(users).values({ email: "operator@example.com", passwordHash: "x" }).returning({ id: users.id });
    actor = { userId: user!.id, email: "operator@example.com", address: "203.0.113.7" };
  });

  const categories = () => db().select({ name: promotionCategories.name, slug: promotionCategories.slug }).from(promotionCategories).orderBy(asc(promotionCategories.slug));
  const auditRows = () =>
    db()
      .select({
        actorId: auditLog.actorId,
        actorEmail: auditLog.actorEmail,
        address: auditLog.address,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        summary: auditLog.summary,
        outcome: auditLog.outcome,
      })
      .from(auditLog)
      .orderBy(asc(auditLog.id));
  const insertCategory = (tx: Parameters<Parameters<typeof runCommand>[3]>[0], slug: string) =>
    tx.insert(promotionCategories).values({ name: "Hoş Geldin", slug }).returning({ id: promotionCategories.id });

  it("commits the work and records one success row naming who did what to which record", async () => {
    const result = await runCommand(DOMAIN, "create", actor, async (tx) => {
      const [row] = await insertCategory(tx, "hos-geldin");
      return { value: row!.id, target: { id: row!.id, summary: "Hoş Geldin" } };
    });
    expect(result.ok).toBe(true);
    const [stored] = await db().select({ id: promotionCategories.id }).from(promotionCategories);
    expect(result).toEqual({ ok: true, value: stored!.id });
    expect(await auditRows()).toEqual([
      {
        actorId: actor.userId,
        actorEmail: "operator@example.com",
        address: "203.0.113.7",
        action: "category.create",
        entityType: "category",
        entityId: stored!.id,
        summary: "Hoş Geldin",
        outcome: "success",
      },
    ]);
  });

  it("cuts a long summary at 200 characters in the audit row", async () => {
    const title = "a".repeat(200) + "b".repeat(50);
    await runCommand(DOMAIN, "update", actor, async () => ({ value: null, target: { id: null, summary: title } }));
    const [row] = await auditRows();
    expect(row!.summary).toBe("a".repeat(200));
    expect(row!.entityId).toBeNull();
  });

  it("writes the audit row in the work's transaction: when it cannot be written, the work is not kept either", async () => {
    // An actor whose user row is gone: the audit row's reference to it fails.
    const ghost: Actor = { ...actor, userId: randomUUID() };
    const error = await rejection(
      runCommand(DOMAIN, "create", ghost, async (tx) => {
        const [row] = await insertCategory(tx, "hos-geldin");
        return { value: row!.id, target: { id: row!.id, summary: "Hoş Geldin" } };
      }),
    );
    expect(pgErrorOf(error)?.code).toBe("23503");
    expect(await categories()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("rolls the work back on reject(), answers the field errors and records a failure naming what was attempted", async () => {
    const attemptedId = randomUUID();
    const result = await runCommand(
      DOMAIN,
      "update",
      actor,
      async (tx) => {
        await insertCategory(tx, "yari-yolda");
        return reject({ name: ["Ad gerekli"], "": ["Kayıt bulunamadı"] });
      },
      { id: attemptedId, summary: "Eski Ad" },
    );
    expect(result).toEqual({ ok: false, fieldErrors: { name: ["Ad gerekli"], "": ["Kayıt bulunamadı"] } });
    expect(await categories()).toEqual([]);
    expect(await auditRows()).toEqual([
      { actorId: actor.userId, actorEmail: "operator@example.com", address: "203.0.113.7", action: "category.update", entityType: "category", entityId: attemptedId, summary: "Eski Ad", outcome: "failure" },
    ]);
  });

  it("names in the failure row the record a rejection found, rather than what the caller knew before", async () => {
    const foundId = randomUUID();
    const result = await runCommand(DOMAIN, "delete", actor, async () => reject({ "": ["Bu kategori kullanımda"] }, { id: foundId, summary: "Kullanımda Olan" }), {
      id: null,
      summary: "silme isteği",
    });
    expect(result.ok).toBe(false);
    expect(await auditRows()).toEqual([expect.objectContaining({ action: "category.delete", entityId: foundId, summary: "Kullanımda Olan", outcome: "failure" })]);
  });

  it("records a failure without a record when a rejection names none and nothing was attempted", async () => {
    await runCommand(DOMAIN, "create", actor, async () => reject({ name: ["Ad gerekli"] }));
    expect(await auditRows()).toEqual([expect.objectContaining({ action: "category.create", entityId: null, summary: "", outcome: "failure" })]);
  });

  it("turns a clash on a declared unique constraint into that field's message and a failure row", async () => {
    await db().insert(promotionCategories).values({ name: "Var Olan", slug: "hos-geldin" });
    const attemptedId = randomUUID();
    const result = await runCommand(DOMAIN, "update", actor, async (tx) => {
      const [row] = await insertCategory(tx, "hos-geldin");
      return { value: row!.id, target: { id: row!.id, summary: "Hoş Geldin" } };
    }, { id: attemptedId, summary: "Hoş Geldin" });
    expect(result).toEqual({ ok: false, fieldErrors: { slug: [SLUG_TAKEN] } });
    expect(await categories()).toEqual([{ name: "Var Olan", slug: "hos-geldin" }]);
    expect(await auditRows()).toEqual([expect.objectContaining({ action: "category.update", entityId: attemptedId, summary: "Hoş Geldin", outcome: "failure" })]);
  });

  it.each([
    ["a domain that declares no unique constraint", { entity: "category", invalidates: [] } satisfies DomainCommands],
    ["a domain that declares another one", { entity: "category", invalidates: [], unique: { casinos_slug_unique: { field: "name", message: "Bu ad kullanılıyor" } } } satisfies DomainCommands],
  ])("rethrows a unique clash that %s, and audits it as a failure", async (_, domain) => {
    await db().insert(promotionCategories).values({ name: "Var Olan", slug: "hos-geldin" });
    const error = await rejection(
      runCommand(domain, "create", actor, async (tx) => {
        const [row] = await insertCategory(tx, "hos-geldin");
        return { value: row!.id, target: { id: row!.id, summary: "Hoş Geldin" } };
      }, { id: null, summary: "Hoş Geldin" }),
    );
    expect(pgErrorOf(error)).toMatchObject({ code: "23505", constraint: "promotion_categories_slug_unique" });
    expect(await categories()).toEqual([{ name: "Var Olan", slug: "hos-geldin" }]);
    expect(await auditRows()).toEqual([expect.objectContaining({ action: "category.create", entityId: null, summary: "Hoş Geldin", outcome: "failure" })]);
  });

  it("maps only unique violations: another database error on a declared constraint's name is rethrown", async () => {
    const notUnique = Object.assign(new Error("foreign key"), { code: "23503", constraint: "promotion_categories_slug_unique" });
    const error = await rejection(
      runCommand(DOMAIN, "create", actor, async () => {
        throw notUnique;
      }),
    );
    expect(error).toBe(notUnique);
    expect(await auditRows()).toEqual([expect.objectContaining({ action: "category.create", outcome: "failure" })]);
  });

  it("rethrows an unexpected error, keeps nothing of the work and audits a failure naming what was attempted", async () => {
    const boom = new Error("disk on fire");
    const attemptedId = randomUUID();
    const error = await rejection(
      runCommand(DOMAIN, "publish", actor, async (tx) => {
        await insertCategory(tx, "yari-yolda");
        throw boom;
      }, { id: attemptedId, summary: "Yayınlanacak" }),
    );
    expect(error).toBe(boom);
    expect(await categories()).toEqual([]);
    expect(await auditRows()).toEqual([
      { actorId: actor.userId, actorEmail: "operator@example.com", address: "203.0.113.7", action: "category.publish", entityType: "category", entityId: attemptedId, summary: "Yayınlanacak", outcome: "failure" },
    ]);
  });

  it.each([
    ["a string", "disk on fire"],
    ["null", null],
  ])("rethrows %s thrown by the work as it is (not a TypeError of its own) and audits a failure", async (_, thrown) => {
    const error = await rejection(
      runCommand(DOMAIN, "publish", actor, async () => {
        throw thrown;
      }),
    );
    expect(error).toBe(thrown);
    expect((await auditRows()).map((row) => row.outcome)).toEqual(["failure"]);
  });

  it("still rethrows the work's own error when its failure row cannot be written either", async () => {
    const boom = new Error("disk on fire");
    const ghost: Actor = { ...actor, userId: randomUUID() };
    const error = await rejection(
      runCommand(DOMAIN, "create", ghost, async () => {
        throw boom;
      }),
    );
    expect(error).toBe(boom);
    expect(await auditRows()).toEqual([]);
  });

  describe("cached pages", () => {
    it("drops, after a success, the pages the domain declares and those the work names, and no other", async () => {
      const { cached } = cachePages();
      expect(cached()).toEqual({ "/kategoriler": true, "/bonuslar/hos-geldin": true, "/blog": true });
      await runCommand(DOMAIN, "update", actor, async () => ({ value: 1, target: { id: null, summary: "" }, invalidates: ["test:one-category"] }));
      expect(cached()).toEqual({ "/kategoriler": false, "/bonuslar/hos-geldin": false, "/blog": true });
    });

    it("drops the domain's pages when the work names none of its own", async () => {
      const { cached } = cachePages();
      await runCommand(DOMAIN, "update", actor, async () => ({ value: 1, target: { id: null, summary: "" } }));
      expect(cached()).toEqual({ "/kategoriler": false, "/bonuslar/hos-geldin": true, "/blog": true });
    });

    it("drops the work's pages in a domain that declares none", async () => {
      const { cached } = cachePages();
      await runCommand({ entity: "category", invalidates: [] }, "update", actor, async () => ({ value: 1, target: { id: null, summary: "" }, invalidates: ["test:blog"] }));
      expect(cached()).toEqual({ "/kategoriler": true, "/bonuslar/hos-geldin": true, "/blog": false });
    });

    it("keeps every page when the command was refused or failed: nothing changed", async () => {
      const { cached } = cachePages();
      await runCommand(DOMAIN, "update", actor, async () => reject({ name: ["Ad gerekli"] }));
      await db().insert(promotionCategories).values({ name: "Var Olan", slug: "hos-geldin" });
      await runCommand(DOMAIN, "create", actor, async (tx) => {
        await insertCategory(tx, "hos-geldin");
        return { value: 1, target: { id: null, summary: "" }, invalidates: ["test:one-category"] };
      });
      await rejection(
        runCommand(DOMAIN, "create", actor, async () => {
          throw new Error("disk on fire");
        }),
      );
      expect(cached()).toEqual({ "/kategoriler": true, "/bonuslar/hos-geldin": true, "/blog": true });
    });
  });

  describe("auditInTx", () => {
    it("writes one row per record with the transaction, and nothing for an empty list", async () => {
      const first = randomUUID();
      const second = randomUUID();
      await db().transaction(async (tx) => {
        await auditInTx(tx, { entity: "post" }, "publish", actor, []);
        await auditInTx(tx, { entity: "post" }, "publish", actor, [
          { id: first, summary: "İlk yazı" },
          { id: second, summary: "x".repeat(250) },
        ]);
      });
      expect(await auditRows()).toEqual([
        { actorId: actor.userId, actorEmail: "operator@example.com", address: "203.0.113.7", action: "post.publish", entityType: "post", entityId: first, summary: "İlk yazı", outcome: "success" },
        { actorId: actor.userId, actorEmail: "operator@example.com", address: "203.0.113.7", action: "post.publish", entityType: "post", entityId: second, summary: "x".repeat(200), outcome: "success" },
      ]);
    });

    it("writes nothing, and does not fail, for a bulk write that touched no record", async () => {
      await db().transaction((tx) => auditInTx(tx, { entity: "post" }, "publish", actor, []));
      expect(await auditRows()).toEqual([]);
    });

    it("rolls back with the transaction it was given", async () => {
      await rejection(
        db().transaction(async (tx) => {
          await auditInTx(tx, { entity: "post" }, "publish", actor, [{ id: randomUUID(), summary: "Geri alınan" }]);
          throw new Error("the bulk write failed after its audit rows");
        }),
      );
      expect(await auditRows()).toEqual([]);
    });
  });

  describe("recordAudit (writes outside a domain command: sign-in attempts)", () => {
    it("records the action as given, with the entity type, record and outcome given", async () => {
      const entityId = randomUUID();
      await recordAudit({ action: "auth.sign-in.locked", actor, entityType: "user", entityId, summary: "operator@example.com", outcome: "failure" });
      expect(await auditRows()).toEqual([
        { actorId: actor.userId, actorEmail: "operator@example.com", address: "203.0.113.7", action: "auth.sign-in.locked", entityType: "user", entityId, summary: "operator@example.com", outcome: "failure" },
      ]);
    });

    it("records no record and an empty summary when none are given", async () => {
      await recordAudit({ action: "indexing.send", actor: { userId: null, email: "system", address: "127.0.0.1" }, entityType: "indexing", outcome: "success" });
      expect(await auditRows()).toEqual([
        { actorId: null, actorEmail: "system", address: "127.0.0.1", action: "indexing.send", entityType: "indexing", entityId: null, summary: "", outcome: "success" },
      ]);
    });

    it("cuts its summary at 200 characters", async () => {
      await recordAudit({ action: "auth.sign-in", actor, entityType: "user", summary: "é".repeat(201), outcome: "success" });
      const [row] = await db().select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, "auth.sign-in"));
      expect(row!.summary).toBe("é".repeat(200));
    });
  });

  it("finds the database's code and constraint inside the error drizzle throws for a real clash", async () => {
    await db().insert(promotionCategories).values({ name: "Var Olan", slug: "hos-geldin" });
    const error = await rejection(db().insert(promotionCategories).values({ name: "Yeni", slug: "hos-geldin" }));
    const found = pgErrorOf(error);
    expect(found).toMatchObject({ code: "23505", constraint: "promotion_categories_slug_unique" });
    expect(found!.message).toMatch(/\S/);
  });
});

describe("pgErrorOf", () => {
  it("finds the SQLSTATE code in the error itself or down its chain of causes", () => {
    const driver = { code: "23505", message: "duplicate key value", constraint: "casinos_slug_unique" };
    expect(pgErrorOf(driver)).toStrictEqual(driver);
    expect(pgErrorOf(new Error("Failed query", { cause: driver }))).toStrictEqual(driver);
    expect(pgErrorOf(new Error("outer", { cause: new Error("middle", { cause: driver }) }))).toStrictEqual(driver);
  });

  it("skips links whose code is not a SQLSTATE (Node's own codes, numbers, other lengths)", () => {
    const driver = { code: "40001", message: "could not serialize access" };
    for (const code of ["ECONNRESET", "2350", "235055", "x23505", 23505, null]) {
      expect(pgErrorOf({ code, message: "not the database", cause: driver })).toStrictEqual(driver);
    }
  });

  it("answers null when no link carries a SQLSTATE", () => {
    expect(pgErrorOf(new Error("timeout", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) }))).toBeNull();
    expect(pgErrorOf({ code: "23505x" })).toBeNull();
    expect(pgErrorOf(null)).toBeNull();
    expect(pgErrorOf(undefined)).toBeNull();
    expect(pgErrorOf("23505")).toBeNull();
    expect(pgErrorOf(new Error("failed", { cause: "23505" }))).toBeNull();
  });

  it("keeps the constraint only when it is text, and an empty message when there is none", () => {
    expect(pgErrorOf({ code: "23502", message: "null value", constraint: 7 })).toStrictEqual({ code: "23502", message: "null value" });
    expect(pgErrorOf({ code: "23502", message: "null value" })).toStrictEqual({ code: "23502", message: "null value" });
    expect(pgErrorOf({ code: "57P01", message: { text: "terminating" }, constraint: "c" })).toStrictEqual({ code: "57P01", message: "", constraint: "c" });
  });
});

describe("actorOf", () => {
  it("names the signed-in admin and the address the request came from", () => {
    expect(actorOf({ userId: "u-1", email: "operator@example.com" }, { clientAddress: "198.51.100.4" })).toStrictEqual({
      userId: "u-1",
      email: "operator@example.com",
      address: "198.51.100.4",
    });
  });
});
