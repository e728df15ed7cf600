import { describe, expect, it } from "vitest";
import { auditActionLabel, auditOutcomeLabel, auditRecordHref, formatAuditTime, parseAuditFilter } from "./audit.schema";

const ID = "0b7e6a52-3c1f-4d8e-9a2b-5f4c3d2e1a0b";

describe("audit labels", () => {
  it("reads entity.verb as the entity's name and the verb's past tense", () => {
    expect(auditActionLabel("casino.create")).toBe("Casino eklendi");
    expect(auditActionLabel("casino.update")).toBe("Casino güncellendi");
    expect(auditActionLabel("casino.delete")).toBe("Casino silindi");
    expect(auditActionLabel("splash-ad.activate")).toBe("Splash reklam yayına alındı");
    expect(auditActionLabel("splash-ad.deactivate")).toBe("Splash reklam yayından kaldırıldı");
    expect(auditActionLabel("promotion.toggle")).toBe("Promosyon durumu değiştirildi");
    expect(auditActionLabel("blog-post.publish")).toBe("Blog yazısı yayınlandı");
    expect(auditActionLabel("category.create")).toBe("Kategori eklendi");
    expect(auditActionLabel("auth.sign-in")).toBe("Giriş denemesi");
  });

  it("names what back office II writes: AI runs, bulk posts, the schedule and search-engine submissions", () => {
    expect(auditActionLabel("ai-job.create")).toBe("AI yazı işi eklendi");
    expect(auditActionLabel("ai-job.discard")).toBe("AI yazı işi iptal edildi");
    expect(auditActionLabel("ai-job.schedule")).toBe("AI yazı işi zamanlandı");
    expect(auditActionLabel("ai-job.save")).toBe("AI yazı işi kaydedildi");
    expect(auditActionLabel("scheduled-publishing.toggle")).toBe("Zamanlanmış yayın durumu değiştirildi");
    expect(auditActionLabel("indexing.send")).toBe("Arama motoru bildirimi gönderildi");
    expect(auditActionLabel("indexing.retry")).toBe("Arama motoru bildirimi yeniden denendi");
  });

  it("shows an action it does not know as it was stored", () => {
    expect(auditActionLabel("casino.explode")).toBe("casino.explode");
    expect(auditActionLabel("rocket.create")).toBe("rocket.create");
    expect(auditActionLabel("create")).toBe("create");
    expect(auditActionLabel(".create")).toBe(".create");
    expect(auditActionLabel("casino.")).toBe("casino.");
    // Names of Object.prototype are not labels.
    expect(auditActionLabel("constructor.toString")).toBe("constructor.toString");
    // Nor as a whole action: these read as stored, not as a function or an object React cannot show.
    expect(auditActionLabel("toString")).toBe("toString");
    expect(auditActionLabel("constructor")).toBe("constructor");
    expect(auditActionLabel("__proto__")).toBe("__proto__");
    expect(auditOutcomeLabel("toString")).toBe("toString");
  });

  it("says Başarılı or Başarısız", () => {
    expect(auditOutcomeLabel("success")).toBe("Başarılı");
    expect(auditOutcomeLabel("failure")).toBe("Başarısız");
  });
});

describe("auditRecordHref", () => {
  it("links a record to its edit screen", () => {
    expect(auditRecordHref({ action: "casino.update", entityType: "casino", entityId: ID })).toBe(`/admin/casinos/edit/${ID}`);
    expect(auditRecordHref({ action: "promotion.create", entityType: "promotion", entityId: ID })).toBe(`/admin/promotions/edit/${ID}`);
    expect(auditRecordHref({ action: "splash-ad.activate", entityType: "splash-ad", entityId: ID })).toBe(`/admin/splash-ads/edit/${ID}`);
    expect(auditRecordHref({ action: "blog-post.update", entityType: "blog-post", entityId: ID })).toBe(`/admin/blog/edit/${ID}`);
  });

  it("gives no link for a deleted record, a record without an edit screen, or an id that is not one", () => {
    expect(auditRecordHref({ action: "casino.delete", entityType: "casino", entityId: ID })).toBeNull();
    expect(auditRecordHref({ action: "category.update", entityType: "category", entityId: ID })).toBeNull();
    expect(auditRecordHref({ action: "casino.update", entityType: "casino", entityId: null })).toBeNull();
    expect(auditRecordHref({ action: "casino.update", entityType: "casino", entityId: "../../logout" })).toBeNull();
    expect(auditRecordHref({ action: "x.update", entityType: "__proto__", entityId: ID })).toBeNull();
  });
});

describe("formatAuditTime", () => {
  it("gives the date and time to the second in Istanbul", () => {
    expect(formatAuditTime("2026-03-31T21:30:05Z")).toBe("1 Nisan 2026 00:30:05");
  });
});

describe("parseAuditFilter", () => {
  const parse = (search: string) => parseAuditFilter(new URL(`http://x/admin/audit${search}`));
  it("takes the offered record types and operations and ignores anything else", () => {
    expect(parse("?tur=casino&islem=create")).toEqual({ entity: "casino", verb: "create" });
    expect(parse("?tur=splash-ad")).toEqual({ entity: "splash-ad", verb: null });
    expect(parse("?islem=sign-in")).toEqual({ entity: null, verb: "sign-in" });
    expect(parse("?tur=%25&islem=x")).toEqual({ entity: null, verb: null });
  });
});
