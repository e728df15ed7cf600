import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { createAdminSession, createNonAdminSession, type TestSession } from "../../../tests/helpers/admin";
import { auditLog, blogPosts, scheduledPublishingLogs, scheduledPublishingSettings } from "~/db/schema";
import { handlePublishFunction, secretMatches } from "~/modules/publishing/publish-function.server";
import { insertPost } from "~/seed/factories.server";
import { action, loader } from "./publish-function";

const SECRET = "cron-secret-cron-secret-cron-secret-0001";
const FUNCTIONS = ["scheduled-blog-publisher", "publish-scheduled-blogs", "publish-blogs-public"];
const HOUR = 60 * 60 * 1000;

type Call = { name?: string; session?: TestSession | null; authorization?: string; body?: string | null; contentType?: string; method?: string; secret?: string | undefined };

/** POST /api/functions/{name} through the route module (the configured secret given as the route would read it). */
async function call({ name = FUNCTIONS[0]!, session, authorization, body = JSON.stringify({ manual: true }), contentType = "application/json", method = "POST", secret = SECRET }: Call = {}) {
  const headers = new Headers();
  if (session) headers.set("Cookie", session.cookie);
  if (authorization !== undefined) headers.set("Authorization", authorization);
  if (body !== null) headers.set("Content-Type", contentType);
  const request = new Request(`http://localhost/api/functions/${name}`, { method, headers, body: method === "GET" || body === null ? undefined : body });
  const reply = await handlePublishFunction(request, { clientAddress: "203.0.113.9" }, { secret });
  return reply;
}

describeEachDriver("POST /api/functions/*", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const drafts = async (n: number) => {
    for (let i = 0; i < n; i++) await insertPost(db(), { title: `Taslak ${i + 1}`, isPublished: false, createdAt: new Date(Date.now() - (50 - i) * HOUR) });
  };
  const publishedCount = async () => (await db().select().from(blogPosts).where(eq(blogPosts.isPublished, true))).length;
  const schedule = (values: Partial<typeof scheduledPublishingSettings.$inferInsert>) =>
    db()
      .insert(scheduledPublishingSettings)
      .values({ id: 1, ...values });

  describe("who may call", () => {
    it("refuses a caller with neither a session nor a bearer: 401 JSON, nothing published", async () => {
      await drafts(2);
      const reply = await call();
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ success: false, publishedCount: 0, message: "Yetkilendirme hatası oluştu" });
      expect(reply.headers?.["WWW-Authenticate"]).toBe("Bearer");
      expect(await publishedCount()).toBe(0);
    });

    it.each([
      ["a wrong secret", `Bearer ${SECRET.slice(0, -1)}x`],
      ["the secret with extra text", `Bearer ${SECRET}x`],
      ["the secret without the Bearer scheme", SECRET],
      ["another scheme", `Basic ${SECRET}`],
      ["an empty bearer", "Bearer "],
      ["the secret followed by another word", `Bearer ${SECRET} ${SECRET}`],
      ["a scheme that only ends in Bearer", `XBearer ${SECRET}`],
      ["the secret followed by a no-break space", `Bearer ${SECRET}\u00a0`],
    ])("refuses %s with 401, even alongside an admin session", async (_, authorization) => {
      await drafts(2);
      for (const session of [null, admin]) {
        const reply = await call({ authorization, session });
        expect(reply.status).toBe(401);
        expect(reply.body.success).toBe(false);
      }
      expect(await publishedCount()).toBe(0);
    });

    it("refuses every bearer when PUBLISH_CRON_SECRET is not set", async () => {
      await drafts(1);
      expect((await call({ authorization: "Bearer undefined", secret: undefined })).status).toBe(401);
      expect((await call({ authorization: "Bearer ", secret: undefined })).status).toBe(401);
      expect(secretMatches("", undefined)).toBe(false);
      expect(await publishedCount()).toBe(0);
    });

    it("accepts the right secret on each of the three functions, publishes and audits as the cron", async () => {
      await drafts(3);
      await schedule({ dailyPublishCount: 1 });
      for (const [i, name] of FUNCTIONS.entries()) {
        const reply = await call({ name, authorization: `Bearer ${SECRET}` });
        expect(reply).toEqual({ status: 200, body: { success: true, publishedCount: 1, message: "1 blog yazısı yayınlandı" } });
        expect(await publishedCount()).toBe(i + 1);
      }
      const entries = await db().select().from(auditLog).where(eq(auditLog.action, "blog-post.publish"));
      expect(entries.map((e) => [e.actorEmail, e.actorId, e.address])).toEqual(Array.from({ length: 3 }, () => ["cron (PUBLISH_CRON_SECRET)", null, "203.0.113.9"]));
    });

    it("accepts the scheme in any case and any run of spaces or tabs around the secret (RFC 9110 §11.1)", async () => {
      await drafts(3);
      await schedule({ dailyPublishCount: 1 });
      for (const authorization of [`bearer ${SECRET}`, `Bearer  \t${SECRET}`, `BEARER\t${SECRET}`]) {
        expect((await call({ authorization })).body).toMatchObject({ success: true, publishedCount: 1 });
      }
      expect(await publishedCount()).toBe(3);
    });

    it("accepts a signed-in admin's session", async () => {
      await drafts(2);
      await schedule({ dailyPublishCount: 2 });
      const reply = await call({ session: admin });
      expect(reply).toEqual({ status: 200, body: { success: true, publishedCount: 2, message: "2 blog yazısı yayınlandı" } });
      expect(await publishedCount()).toBe(2);
      const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "scheduled-publishing.publish"));
      expect(entry).toMatchObject({ actorEmail: "operator@example.com", actorId: admin.userId });
    });

    it("refuses a signed-in user who is not an admin", async () => {
      await drafts(1);
      expect((await call({ session: await createNonAdminSession() })).status).toBe(401);
      expect(await publishedCount()).toBe(0);
    });
  });

  describe("what they do", () => {
    it("with manual and no drafts: success false, 'Yayınlanacak taslak blog bulunamadı'", async () => {
      const reply = await call({ authorization: `Bearer ${SECRET}` });
      expect(reply).toEqual({ status: 200, body: { success: false, publishedCount: 0, message: "Yayınlanacak taslak blog bulunamadı" } });
    });

    it("without manual: publishes only due work, once per due time", async () => {
      await drafts(4);
      await schedule({ dailyPublishCount: 2, isActive: true, nextPublishAt: new Date(Date.now() + HOUR) });
      const cron = { authorization: `Bearer ${SECRET}` };
      expect((await call({ ...cron, body: "" })).body).toEqual({ success: true, publishedCount: 0, message: "Sonraki yayın zamanı henüz gelmedi" });
      expect(await publishedCount()).toBe(0);

      await db().update(scheduledPublishingSettings).set({ nextPublishAt: new Date(Date.now() - HOUR) });
      expect((await call({ ...cron, body: JSON.stringify({ manual: false }) })).body).toEqual({ success: true, publishedCount: 2, message: "2 blog yazısı yayınlandı" });
      expect((await call({ ...cron, body: "{}" })).body.publishedCount).toBe(0);
      expect(await publishedCount()).toBe(2);
      expect(await db().select().from(scheduledPublishingLogs)).toHaveLength(2);

      await db().update(scheduledPublishingSettings).set({ isActive: false, nextPublishAt: new Date(Date.now() - HOUR) });
      expect((await call({ ...cron, body: "{}" })).body).toEqual({ success: true, publishedCount: 0, message: "Zamanlanmış yayın kapalı" });
    });

    it("without manual, a due time with no drafts: success, nothing published, 'Yayınlanacak taslak blog bulunamadı'", async () => {
      await insertPost(db(), { title: "Yayında", isPublished: true });
      await schedule({ dailyPublishCount: 2, isActive: true, nextPublishAt: new Date(Date.now() - HOUR) });
      const reply = await call({ authorization: `Bearer ${SECRET}`, body: "" });
      expect(reply).toEqual({ status: 200, body: { success: true, publishedCount: 0, message: "Yayınlanacak taslak blog bulunamadı" } });
      expect(await db().select().from(scheduledPublishingLogs)).toEqual([]);
    });

    it("takes a body of nothing but a line break (curl -d with an empty line) as the empty body: due work only", async () => {
      await drafts(2);
      await schedule({ dailyPublishCount: 1, isActive: true, nextPublishAt: new Date(Date.now() - HOUR) });
      const reply = await call({ authorization: `Bearer ${SECRET}`, body: "\r\n", contentType: "application/x-www-form-urlencoded" });
      expect(reply).toEqual({ status: 200, body: { success: true, publishedCount: 1, message: "1 blog yazısı yayınlandı" } });
      expect(await publishedCount()).toBe(1);
    });

    it("reads JSON whatever the media type's case and the spaces before its parameters", async () => {
      await drafts(2);
      await schedule({ dailyPublishCount: 1 });
      for (const contentType of ["application/json ; charset=utf-8", "Application/JSON;charset=UTF-8"]) {
        expect((await call({ session: admin, contentType })).body).toEqual({ success: true, publishedCount: 1, message: "1 blog yazısı yayınlandı" });
      }
      expect(await publishedCount()).toBe(2);
    });

    it("answers a failed run with 500 'Yayınlama işlemi başarısız oldu', logged as an error, not as a refusal", async () => {
      allowConsoleError();
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        await drafts(1);
        // A log row cannot be written: the run fails and rolls back.
        await db().execute(sql`alter table scheduled_publishing_logs add constraint test_refuse check (status <> 'success') not valid`);
        try {
          expect(await call({ authorization: `Bearer ${SECRET}` })).toEqual({ status: 500, body: { success: false, publishedCount: 0, message: "Yayınlama işlemi başarısız oldu" } });
        } finally {
          await db().execute(sql`alter table scheduled_publishing_logs drop constraint test_refuse`);
        }
        expect(await publishedCount()).toBe(0);
        expect(errors.mock.calls).toEqual([[expect.stringMatching(/^Publishing function failed: \S/)]]);
        expect(warnings).not.toHaveBeenCalled();
        // A refused call, by contrast, is one warning line naming the refusal.
        expect((await call({ authorization: "Bearer yanlis" })).status).toBe(401);
        expect(warnings.mock.calls).toEqual([['401 POST "/api/functions/scheduled-blog-publisher": function call refused: Yetkilendirme hatası oluştu']]);
      } finally {
        errors.mockRestore();
        warnings.mockRestore();
      }
    });

    it.each([
      ["a form body", "manual=true", "application/x-www-form-urlencoded", 415],
      ["JSON sent as text", '{"manual": true}', "text/plain", 415],
      ["broken JSON", '{"manual": tru', "application/json", 400],
      ["manual as a string", '{"manual": "true"}', "application/json", 400],
      ["an array", "[true]", "application/json", 400],
      ["a body over a kilobyte", JSON.stringify({ manual: true, pad: "x".repeat(2000) }), "application/json", 413],
    ])("refuses %s with %s… and publishes nothing", async (_, body, contentType, status) => {
      await drafts(1);
      const reply = await call({ session: admin, body, contentType });
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ success: false, publishedCount: 0, message: 'İstek gövdesi geçersiz: {"manual": true} biçiminde JSON gönderin.' });
      expect(await publishedCount()).toBe(0);
    });
  });

  describe("the route", () => {
    it("answers JSON that is never cached, with the status the handler chose", async () => {
      const request = new Request("http://localhost/api/functions/publish-blogs-public", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      const response = (await action({ request, params: {}, context: { clientAddress: "127.0.0.1" } } as never)) as Response;
      expect(response.status).toBe(401);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ success: false, publishedCount: 0, message: "Yetkilendirme hatası oluştu" });

      const withSession = new Request("http://localhost/api/functions/publish-blogs-public", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: admin.cookie },
        body: JSON.stringify({ manual: true }),
      });
      const ok = (await action({ request: withSession, params: {}, context: { clientAddress: "127.0.0.1" } } as never)) as Response;
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await ok.json()).toEqual({ success: false, publishedCount: 0, message: "Yayınlanacak taslak blog bulunamadı" });
    });

    it("answers GET with 405", async () => {
      const response = await loader({ request: new Request("http://localhost/api/functions/scheduled-blog-publisher"), params: {}, context: { clientAddress: "127.0.0.1" } } as never);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    });
  });
});
