import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { callRoute } from "../../../../tests/helpers/routes";
import { allowConsoleError } from "../../../../tests/helpers/setup";
import { auditLog, heroSection, settings } from "~/db/schema";
import { DEFAULT_HERO } from "~/modules/content/content";
import type { SettingsEditorValue } from "~/modules/content/content.schema";
import { loader as homeLoader } from "../../public/home";
import { loader as layoutLoader } from "../../public/layout";
import { action, loader } from "./settings";

const HERO = {
  intent: "hero",
  upperTitle: "Kasım kampanyaları",
  mainTitle: "Bu ayın en cömert casino bonusları",
  highlightedText: "en cömert",
  description: "Hoş geldin ve kayıp bonuslarını tek sayfada karşılaştırın.",
  buttonText: "Kampanyalara Git",
  buttonUrl: "/bonuslar",
};

describeEachDriver("admin settings", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("editor@example.com");
  });
  const heroRows = () => db().select().from(heroSection);
  const settingsRows = () => db().select().from(settings);
  const post = (form: Record<string, string>, url = "/admin/settings") => callAdmin(action, url, { session: admin, form }).then(outcomeOf);

  describe("the loader", () => {
    it("creates missing hero and settings rows with what the public site already shows, and fills both forms", async () => {
      expect(await heroRows()).toEqual([]);
      const outcome = outcomeOf(await callAdmin(loader, "/admin/settings", { session: admin }));
      const { settings: value } = outcome.data as { settings: SettingsEditorValue };
      const { updatedAt, ...hero } = value.hero;
      expect(hero).toEqual(DEFAULT_HERO);
      expect(updatedAt).toEqual(expect.any(String));
      expect(value.blogSectionText).toBe("");
      const [row] = await heroRows();
      expect(row).toMatchObject({ id: 1, ...DEFAULT_HERO });
      expect(await settingsRows()).toEqual([expect.objectContaining({ id: 1, blogSectionText: null })]);
      // Creating the rows changed nothing a visitor sees.
      expect((await callRoute(homeLoader, "/")).hero).toEqual(DEFAULT_HERO);
    });

    it("keeps existing rows and shows their values, with when each was saved", async () => {
      await db().insert(heroSection).values({ id: 1, ...DEFAULT_HERO, mainTitle: "Kayıtlı başlık", updatedAt: new Date("2026-02-03T10:00:00Z") });
      await db().insert(settings).values({ id: 1, blogSectionText: "<p>Kayıtlı <strong>metin</strong></p>", updatedAt: new Date("2026-03-04T11:30:00Z") });
      const { settings: value } = outcomeOf(await callAdmin(loader, "/admin/settings", { session: admin })).data as { settings: SettingsEditorValue };
      expect(value.hero.mainTitle).toBe("Kayıtlı başlık");
      expect(value.blogSectionText).toBe("<p>Kayıtlı <strong>metin</strong></p>");
      // The forms are keyed by these: a save refills them with what was stored.
      expect(value.hero.updatedAt).toBe("2026-02-03T10:00:00.000Z");
      expect(value.contentUpdatedAt).toBe("2026-03-04T11:30:00.000Z");
      expect(await heroRows()).toHaveLength(1);
    });

    it("opens with the built-in hero and empty fields when the rows are gone by the time they are read", async () => {
      // As when another process deletes them between the check and the read: a trigger drops the check's inserts.
      await db().execute(sql`create function skip_insert() returns trigger language plpgsql as $$ begin return null; end $$`);
      await db().execute(sql`create trigger skip_hero before insert on hero_section for each row execute function skip_insert()`);
      await db().execute(sql`create trigger skip_settings before insert on settings for each row execute function skip_insert()`);
      try {
        const { settings: value } = outcomeOf(await callAdmin(loader, "/admin/settings", { session: admin })).data as { settings: SettingsEditorValue };
        expect(value.hero).toMatchObject({ mainTitle: "Güvenilir sitelerin en iyi casino bonusları", buttonUrl: "#promotions-section", updatedAt: null });
        expect(value).toMatchObject({ blogSectionText: "", contentUpdatedAt: null, compliance: { helplineLabel: "", helplineUrl: "", splashFrequencyHours: 24 } });
      } finally {
        await db().execute(sql`drop function skip_insert cascade`);
      }
      expect(await heroRows()).toEqual([]);
      expect(await settingsRows()).toEqual([]);
    });
  });

  describe("the hero form", () => {
    it("creates the missing row on save, toasts, and the home page shows the new hero next", async () => {
      const outcome = await post(HERO);
      expect(outcome).toMatchObject({ status: 302, location: "/admin/settings" });
      const { intent: _intent, ...hero } = HERO;
      expect(await heroRows()).toEqual([expect.objectContaining({ id: 1, ...hero })]);
      const home = await callRoute(homeLoader, "/");
      expect(home.hero).toEqual(hero);
    });

    it("updates the existing row in place and moves updated_at on", async () => {
      await db().insert(heroSection).values({ id: 1, ...DEFAULT_HERO, updatedAt: new Date("2026-01-01T00:00:00Z") });
      expect((await post({ ...HERO, mainTitle: "  Boşlukları kırpılmış başlık  " })).status).toBe(302);
      const rows = await heroRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.mainTitle).toBe("Boşlukları kırpılmış başlık");
      expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
    });

    it("holds under concurrent saves on a missing row: each succeeds, one row holds one of them whole", async () => {
      const forms = Array.from({ length: 8 }, (_, i) => ({ ...HERO, mainTitle: `Eşzamanlı başlık ${i}`, description: `Açıklama ${i}` }));
      const outcomes = await Promise.all(forms.map((form) => post(form)));
      expect(outcomes.map((o) => o.status)).toEqual(forms.map(() => 302));
      const rows = await heroRows();
      expect(rows).toHaveLength(1);
      const i = rows[0]!.mainTitle.replace("Eşzamanlı başlık ", "");
      expect(rows[0]!.description).toBe(`Açıklama ${i}`);
      expect(await db().select().from(auditLog)).toHaveLength(8);
    });

    it.each([
      ["upperTitle", "Üst başlık gereklidir"],
      ["mainTitle", "Ana başlık gereklidir"],
      ["highlightedText", "Vurgulanacak metin gereklidir"],
      ["description", "Açıklama gereklidir"],
      ["buttonText", "Buton metni gereklidir"],
      ["buttonUrl", "Buton URL gereklidir"],
    ])("refuses an empty %s with the spec's message and writes nothing", async (field, message) => {
      for (const empty of ["", "   "]) {
        const outcome = await post({ ...HERO, [field]: empty });
        expect(outcome.status).toBe(400);
        expect(outcome.errors?.[field]).toEqual([message]);
      }
      const { [field as keyof typeof HERO]: _omitted, ...without } = HERO;
      const missing = await post(without);
      expect(missing.errors?.[field]).toEqual([message]);
      expect(await heroRows()).toEqual([]);
      expect(await db().select().from(auditLog)).toEqual([]);
    });

    it.each([
      ["javascript:alert(1)", 400],
      ["//evil.example/x", 400],
      ["bonuslar", 400],
      ["#promotions section", 400],
      ["#promotions-section", 302],
      ["/bonuslar?kategori=deneme", 302],
      ["https://example.com/kampanya", 302],
    ])("takes the button URL %s with status %i", async (buttonUrl, status) => {
      const outcome = await post({ ...HERO, buttonUrl });
      expect(outcome.status).toBe(status);
      if (status === 400) {
        expect(outcome.errors?.buttonUrl).toEqual(["Geçerli bir URL giriniz (https://..., /sayfa veya #bolum)"]);
        expect(await heroRows()).toEqual([]);
      } else {
        expect((await heroRows())[0]!.buttonUrl).toBe(buttonUrl);
      }
    });

    it("refuses control characters and over-long text", async () => {
      const control = await post({ ...HERO, upperTitle: "Kasım\u0000" });
      expect(control.errors?.upperTitle).toEqual(["Geçersiz karakter içeriyor"]);
      const long = await post({ ...HERO, mainTitle: "b".repeat(201) });
      expect(long.errors?.mainTitle).toEqual(["En fazla 200 karakter olabilir"]);
      expect(await heroRows()).toEqual([]);
    });

    it("audits the save with who and from where", async () => {
      await post(HERO);
      await callAdmin(action, "/admin/settings", { session: admin, form: HERO, client: "192.0.2.44" });
      const entries = await db().select().from(auditLog);
      expect(entries).toHaveLength(2);
      expect(entries[1]).toMatchObject({ action: "hero.update", outcome: "success", entityType: "hero", entityId: "1", summary: HERO.mainTitle, actorId: admin.userId, actorEmail: "editor@example.com", address: "192.0.2.44" });
    });
  });

  describe("the content form", () => {
    it("saves sanitised rich text, returns to its tab and the home page shows it next", async () => {
      const outcome = await post({ intent: "content", blogSectionText: '<p onclick="x()">Bölüm <strong>metni</strong><script>alert(1)</script></p><iframe src="https://evil.example"></iframe>' });
      expect(outcome).toMatchObject({ status: 302, location: "/admin/settings?sekme=icerik" });
      expect((await settingsRows())[0]!.blogSectionText).toBe("<p>Bölüm <strong>metni</strong></p>");
      expect((await callRoute(homeLoader, "/")).blogSectionText).toBe("<p>Bölüm <strong>metni</strong></p>");
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "settings.update", outcome: "success", entityId: "1", actorEmail: "editor@example.com" });
    });

    it("names the saved text in the audit log by its first 80 characters, and an emptied one as '(boş)'", async () => {
      const words = "Bonus şartlarını okumadan yatırım yapmayın; çevrim şartı ve son tarih her kampanyada farklıdır, dikkat edin.";
      await post({ intent: "content", blogSectionText: `<p>${words}</p>` });
      await post({ intent: "content", blogSectionText: "<p> </p>" });
      const entries = await db().select().from(auditLog);
      expect(entries.map((entry) => entry.summary)).toEqual(["Bonus şartlarını okumadan yatırım yapmayın; çevrim şartı ve son tarih her kampan", "(boş)"]);
    });

    it("is optional: an empty or invisible text clears the section", async () => {
      await db().insert(settings).values({ id: 1, blogSectionText: "<p>Eski metin</p>" });
      for (const blogSectionText of ["", "<p></p><p> </p>"]) {
        expect((await post({ intent: "content", blogSectionText })).status).toBe(302);
        expect((await settingsRows())[0]!.blogSectionText).toBeNull();
      }
      expect((await post({ intent: "content" })).status).toBe(302);
      expect((await callRoute(homeLoader, "/")).blogSectionText).toBe("");
    });

    it("refuses a text over the limit and writes nothing", async () => {
      const outcome = await post({ intent: "content", blogSectionText: `<p>${"x".repeat(50_000)}</p>` });
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.blogSectionText).toEqual(["En fazla 50000 karakter olabilir"]);
      expect(await settingsRows()).toEqual([]);
    });

    it("never lets one form's fields into the other's row", async () => {
      await post({ ...HERO, intent: "content", blogSectionText: "<p>Sadece içerik</p>" });
      expect(await heroRows()).toEqual([]);
      await post({ ...HERO, blogSectionText: "<p>Sızmamalı</p>" });
      expect((await settingsRows())[0]!.blogSectionText).toBe("<p>Sadece içerik</p>");
    });
  });

  describe("the responsible gambling form (issue 11 §5)", () => {
    const COMPLIANCE = { intent: "compliance", helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "https://destek.example.org/yardim", splashFrequencyHours: "72" };
    const publicCompliance = async () => (await callRoute(layoutLoader, "/bonuslar")).compliance;

    it("shows the built-in helpline and a daily splash before anything is saved", async () => {
      expect(await publicCompliance()).toEqual({ helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 });
      const { settings: value } = outcomeOf(await callAdmin(loader, "/admin/settings", { session: admin })).data as { settings: SettingsEditorValue };
      expect(value.compliance).toEqual({ helplineLabel: "", helplineUrl: "", splashFrequencyHours: 24 });
    });

    it("saves, returns to its tab, audits, and every public page carries the new values", async () => {
      const outcome = await post({ ...COMPLIANCE, helplineLabel: "  Kumar Destek Hattı 0850  " }, "/admin/settings?sekme=sorumlu-oyun");
      expect(outcome).toMatchObject({ status: 302, location: "/admin/settings?sekme=sorumlu-oyun" });
      expect(await settingsRows()).toEqual([
        expect.objectContaining({ id: 1, helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "https://destek.example.org/yardim", splashFrequencyHours: 72 }),
      ]);
      expect(await publicCompliance()).toEqual({ helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "https://destek.example.org/yardim", splashFrequencyHours: 72 });
      const { settings: value } = outcomeOf(await callAdmin(loader, "/admin/settings", { session: admin })).data as { settings: SettingsEditorValue };
      expect(value.compliance).toEqual({ helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "https://destek.example.org/yardim", splashFrequencyHours: 72 });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "compliance.update", outcome: "success", entityType: "compliance", entityId: "1", actorEmail: "editor@example.com" });
      expect(entry!.summary).toContain("Kumar Destek Hattı 0850");
    });

    it("keeps the blog section text when it saves, and the content form keeps the helpline", async () => {
      await db().insert(settings).values({ id: 1, blogSectionText: "<p>Kalan metin</p>" });
      expect((await post(COMPLIANCE)).status).toBe(302);
      expect((await settingsRows())[0]).toMatchObject({ blogSectionText: "<p>Kalan metin</p>", helplineLabel: "Kumar Destek Hattı 0850", splashFrequencyHours: 72 });
      expect((await post({ intent: "content", blogSectionText: "<p>Yeni metin</p>" })).status).toBe(302);
      expect((await settingsRows())[0]).toMatchObject({ blogSectionText: "<p>Yeni metin</p>", helplineLabel: "Kumar Destek Hattı 0850", splashFrequencyHours: 72 });
    });

    it("takes an empty label and link as the defaults, and a phone link", async () => {
      await db().insert(settings).values({ id: 1, helplineLabel: "Eski hat", helplineUrl: "tel:0850", splashFrequencyHours: 12 });
      expect((await post({ intent: "compliance", helplineLabel: " ", helplineUrl: "", splashFrequencyHours: "24" })).status).toBe(302);
      expect((await settingsRows())[0]).toMatchObject({ helplineLabel: null, helplineUrl: null, splashFrequencyHours: 24 });
      expect(await publicCompliance()).toEqual({ helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 });

      expect((await post({ ...COMPLIANCE, helplineUrl: "tel:+90-850-123-45-67", splashFrequencyHours: "1" })).status).toBe(302);
      expect(await publicCompliance()).toEqual({ helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "tel:+90-850-123-45-67", splashFrequencyHours: 1 });
      expect((await post({ ...COMPLIANCE, splashFrequencyHours: "8760" })).status).toBe(302);
      expect((await publicCompliance()).splashFrequencyHours).toBe(8760);
    });

    const URL_MESSAGE = "Geçerli bir bağlantı giriniz (https://... veya tel:115)";
    const HOURS_MESSAGE = "Splash reklam sıklığı 1 ile 8760 saat arasında bir tam sayı olmalıdır";
    it.each([
      [{ helplineUrl: "javascript:alert(1)" }, "helplineUrl", URL_MESSAGE],
      [{ helplineUrl: "tel:yardim" }, "helplineUrl", URL_MESSAGE],
      [{ helplineUrl: "115" }, "helplineUrl", URL_MESSAGE],
      [{ helplineUrl: "/sorumlu-oyun" }, "helplineUrl", URL_MESSAGE],
      [{ helplineUrl: "" }, "helplineUrl", "Yardım hattı adı girildiğinde bağlantısı da gereklidir"],
      [{ helplineLabel: "" }, "helplineLabel", "Bağlantı girildiğinde yardım hattı adı da gereklidir"],
      [{ helplineLabel: "h".repeat(121) }, "helplineLabel", "En fazla 120 karakter olabilir"],
      [{ helplineLabel: "Hat\u0000" }, "helplineLabel", "Geçersiz karakter içeriyor"],
      [{ splashFrequencyHours: "0" }, "splashFrequencyHours", HOURS_MESSAGE],
      [{ splashFrequencyHours: "8761" }, "splashFrequencyHours", HOURS_MESSAGE],
      [{ splashFrequencyHours: "1.5" }, "splashFrequencyHours", HOURS_MESSAGE],
      [{ splashFrequencyHours: "-24" }, "splashFrequencyHours", HOURS_MESSAGE],
      [{ splashFrequencyHours: "her gün" }, "splashFrequencyHours", HOURS_MESSAGE],
      [{ splashFrequencyHours: "" }, "splashFrequencyHours", HOURS_MESSAGE],
    ])("refuses %j with a 400 and the Turkish message beside %s, and stores nothing", async (change, field, message) => {
      const outcome = await post({ ...COMPLIANCE, ...change }, "/admin/settings?sekme=sorumlu-oyun");
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await settingsRows()).toEqual([]);
      expect(await db().select().from(auditLog)).toEqual([]);
      expect(await publicCompliance()).toEqual({ helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 });
    });

    it("refuses a missing frequency field too", async () => {
      const { splashFrequencyHours: _omitted, ...without } = COMPLIANCE;
      const outcome = await post(without);
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.splashFrequencyHours).toEqual([HOURS_MESSAGE]);
      expect(await settingsRows()).toEqual([]);
    });

    it("sends a stranger to sign-in and stores nothing", async () => {
      for (const session of [null, await createNonAdminSession()]) {
        const outcome = outcomeOf(await callAdmin(action, "/admin/settings", { session, form: COMPLIANCE }));
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await settingsRows()).toEqual([]);
    });

    it("falls back to the defaults for a row written around the form", async () => {
      await db().insert(settings).values({ id: 1, helplineLabel: "Hat", helplineUrl: "javascript:alert(1)", splashFrequencyHours: 6 });
      expect(await publicCompliance()).toEqual({ helplineLabel: "Hat", helplineUrl: "tel:115", splashFrequencyHours: 6 });
    });
  });

  describe("a save the database fails", () => {
    const COMPLIANCE = { intent: "compliance", helplineLabel: "Kumar Destek Hattı 0850", helplineUrl: "https://destek.example.org/yardim", splashFrequencyHours: "72" };
    it.each([
      ["hero", "hero_section", HERO, "hero.update", "Bu ayın en cömert casino bonusları"],
      ["content", "settings", { intent: "content", blogSectionText: "<p>Bonus şartlarını <strong>okuyun</strong></p>" }, "settings.update", "Bonus şartlarını okuyun"],
      ["compliance", "settings", COMPLIANCE, "compliance.update", "Kumar Destek Hattı 0850 (https://destek.example.org/yardim), splash 72 saatte bir"],
    ])("keeps the %s form with an error and audits the failure with the row and what was tried", async (_, table, form, auditAction, summary) => {
      allowConsoleError();
      await db().execute(sql.raw(`alter table ${table} rename to ${table}_away`));
      try {
        const outcome = await post(form);
        expect(outcome.status).toBe(500);
        expect(outcome.errors?.[""]).toEqual(["Kaydedilirken bir hata oluştu: Bilinmeyen hata"]);
      } finally {
        await db().execute(sql.raw(`alter table ${table}_away rename to ${table}`));
      }
      expect(await db().select().from(auditLog)).toEqual([
        expect.objectContaining({ action: auditAction, outcome: "failure", entityId: "1", summary, actorEmail: "editor@example.com" }),
      ]);
    });
  });

  it("answers a missing or unknown intent with 400 and writes nothing", async () => {
    const { intent: _intent, ...noIntent } = HERO;
    for (const form of [noIntent, { ...HERO, intent: "seo" }]) {
      const outcome = await post(form);
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.intent).toBeDefined();
    }
    expect(await heroRows()).toEqual([]);
    expect(await settingsRows()).toEqual([]);
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from the loader and both forms and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      const calls = [
        callAdmin(loader, "/admin/settings", { session }),
        callAdmin(action, "/admin/settings", { session, form: HERO }),
        callAdmin(action, "/admin/settings", { session, form: { intent: "content", blogSectionText: "<p>Yetkisiz</p>" } }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      // Not even the loader's row creation runs for a stranger.
      expect(await heroRows()).toEqual([]);
      expect(await settingsRows()).toEqual([]);
      expect(await db().select().from(auditLog)).toEqual([]);
    });
  });
});
