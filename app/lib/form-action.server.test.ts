import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { z } from "zod";
import { thrown, unwrap } from "../../tests/helpers/routes";
import { allowConsoleError } from "../../tests/helpers/setup";
import type { CommandResult } from "./command.server";
import { editedId, readForm, refusedPartsOf, refusePageForm, refuseSubmission, splitErrors, submitForm } from "./form-action.server";

// The admin action's middle, written once (ADR 003), tested on its own: what the operator
// reads back (status, messages beside the fields, what they typed) and the one log line.

const PATH = "/admin/casinos/new";
const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request(`http://localhost${PATH}`, { method: "POST", body, headers });
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

// A screen's schema, with its Turkish messages.
const NAME_REQUIRED = "Casino adı zorunludur";
const URL_INVALID = "Geçerli bir adres girin";
const CasinoForm = z.object({ name: z.string(NAME_REQUIRED), url: z.url(URL_INVALID) });
type CasinoInput = z.output<typeof CasinoForm>;

/** conform's reply inside what an action answered. */
const replyOf = (answer: unknown) => {
  const { status, data } = unwrap(answer);
  return { status, result: (data as { result: SubmissionResult<string[]> }).result };
};

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());
const warnings = () => warn.mock.calls.map((call) => call.map(String).join(" "));

describe("readForm", () => {
  it("answers the posted fields of a urlencoded or multipart form", async () => {
    const urlencoded = await readForm(post(new URLSearchParams({ name: "Şans Casino", url: "https://sans.example" })));
    expect(urlencoded.get("name")).toBe("Şans Casino");
    const multipart = await readForm(post(formOf({ name: "Çok Parçalı" })));
    expect(multipart.get("name")).toBe("Çok Parçalı");
    expect(warnings()).toEqual([]);
  });

  it("takes an admin form past the public forms' 64 KB bound (a long article), under the admin bound of 1 MB", async () => {
    const article = "<p>uzun yazı</p>".repeat(25_000); // about 780 KB as sent
    const form = await readForm(post(new URLSearchParams({ content: article })));
    expect(form.get("content")).toBe(article);
  });

  it("refuses a body over 1 MB with a 413 and the Turkish message", async () => {
    const answer = await thrown(readForm(post(new URLSearchParams({ content: "a".repeat(1024 * 1024) }))));
    expect(answer).toEqual({ status: 413, data: { message: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin." } });
    expect(warnings()).toEqual([`413 POST "${PATH}": body over the limit of 1048576 bytes`]);
  });

  it.each([
    ["JSON", "application/json", JSON.stringify({ name: "Şans" })],
    ["plain text", "text/plain", "name=Şans"],
  ])("refuses %s with a 415 and the Turkish message", async (_, type, body) => {
    expect(await thrown(readForm(post(body, { "Content-Type": type })))).toEqual({ status: 415, data: { message: "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın." } });
    expect(warnings()).toHaveLength(1);
  });

  it("refuses a broken multipart body with a 400 and the Turkish message", async () => {
    const answer = await thrown(readForm(post("--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" })));
    expect(answer).toEqual({ status: 400, data: { message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." } });
  });
});

describe("refusePageForm", () => {
  it("answers a form posted to a page that takes none with 405 in Turkish and one log line", async () => {
    const request = new Request("http://localhost/admin/dashboard", { method: "POST" });
    expect(await thrown(Promise.resolve().then(() => refusePageForm(request)))).toEqual({ status: 405, data: { message: "Bu sayfa form kabul etmiyor." } });
    expect(warnings()).toEqual(['405 POST "/admin/dashboard": form refused: the page takes no form']);
  });
});

describe("editedId", () => {
  const NOT_FOUND = "Casino bulunamadı";

  it("is null on the new screen, whose URL names no record", () => {
    expect(editedId({}, NOT_FOUND)).toBeNull();
  });

  it("answers the id an edit screen's URL names", () => {
    expect(editedId({ id: "0f8fad5b-d9cb-469f-a165-70867728950e" }, NOT_FOUND)).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(editedId({ id: "0F8FAD5B-D9CB-469F-A165-70867728950E" }, NOT_FOUND)).toBe("0F8FAD5B-D9CB-469F-A165-70867728950E");
  });

  it.each(["", "42", "gizli-kimlik", "0f8fad5b-d9cb-469f-a165-70867728950e-x"])("throws a 404 with the screen's message for a malformed id (%j)", async (id) => {
    expect(await thrown(Promise.resolve().then(() => editedId({ id }, NOT_FOUND)))).toEqual({ status: 404, data: { message: NOT_FOUND } });
    // A page's loader passes no request: its 404 is the error boundary's, not a refused form.
    expect(warnings()).toEqual([]);
  });

  it("logs a save's malformed id as one refused-form line, and a well-formed one not at all", async () => {
    const save = new Request("http://localhost/admin/casinos/edit/42", { method: "POST" });
    expect(await thrown(Promise.resolve().then(() => editedId({ id: "42" }, NOT_FOUND, save)))).toEqual({ status: 404, data: { message: NOT_FOUND } });
    expect(warnings()).toEqual(['404 POST "/admin/casinos/edit/42": form refused: Casino bulunamadı']);
    expect(editedId({ id: "0f8fad5b-d9cb-469f-a165-70867728950e" }, NOT_FOUND, save)).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(editedId({}, NOT_FOUND, save)).toBeNull();
    expect(warnings()).toHaveLength(1);
  });
});

describe("splitErrors", () => {
  it("puts a command's form-level messages apart from those beside the fields", () => {
    expect(splitErrors({ "": ["Kayıt bulunamadı"], name: ["Bu ad kullanılıyor"], url: ["Adres gerekli"] })).toEqual({
      fieldErrors: { name: ["Bu ad kullanılıyor"], url: ["Adres gerekli"] },
      formErrors: ["Kayıt bulunamadı"],
    });
  });

  it("has no form-level messages when the command gave none, and no field messages when it gave only those", () => {
    expect(splitErrors({ name: ["Bu ad kullanılıyor"] })).toEqual({ fieldErrors: { name: ["Bu ad kullanılıyor"] }, formErrors: [] });
    expect(splitErrors({ "": ["Kayıt bulunamadı"] })).toEqual({ fieldErrors: {}, formErrors: ["Kayıt bulunamadı"] });
  });
});

describe("refusedPartsOf (what the log says failed, never what was typed)", () => {
  const refused = (error: SubmissionResult<string[]>["error"]): SubmissionResult<string[]> => ({ status: "error", initialValue: { name: "gizli-değer" }, error });

  it("names the fields that failed", () => {
    expect(refusedPartsOf(refused({ name: [NAME_REQUIRED], url: [URL_INVALID, "İkinci kural"] }))).toBe("name, url");
  });

  it("gives the form's own messages, joined, beside the field names", () => {
    expect(refusedPartsOf(refused({ "": ["Kayıt bulunamadı", "Tekrar deneyin"], slug: ["Bu adres kullanılıyor"] }))).toBe("Kayıt bulunamadı Tekrar deneyin, slug");
  });

  it("leaves out fields without a message", () => {
    expect(refusedPartsOf(refused({ name: [], url: null, slug: ["Bu adres kullanılıyor"] }))).toBe("slug");
  });

  it.each([
    ["no errors at all", undefined],
    ["only fields without a message", { name: [], url: null }],
  ])("says no field is named when there are %s", (_, error) => {
    expect(refusedPartsOf(refused(error))).toBe("no field named");
  });

  it("cuts the list at 200 characters", () => {
    const error = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${String(i).padStart(2, "0")}`, ["x"]]));
    const parts = refusedPartsOf(refused(error));
    expect(parts).toHaveLength(200);
    expect(parts.startsWith("field00, field01, ")).toBe(true);
  });
});

describe("refuseSubmission", () => {
  it("answers conform's reply at the status given and logs one line naming what failed", () => {
    const submission = parseWithZod(formOf({ name: "Şans", url: "https://sans.example" }), { schema: CasinoForm });
    const { status, result } = replyOf(refuseSubmission(post(null), submission, 404, { formErrors: ["Casino bulunamadı"] }));
    expect(status).toBe(404);
    expect(result.error).toEqual({ "": ["Casino bulunamadı"] });
    expect(result.initialValue).toEqual({ name: "Şans", url: "https://sans.example" });
    expect(warnings()).toEqual([`404 POST "${PATH}": form refused: Casino bulunamadı`]);
  });

  it("answers the schema's own errors when none are given", () => {
    const submission = parseWithZod(formOf({ name: "Şans", url: "gizli-adres" }), { schema: CasinoForm });
    const { status, result } = replyOf(refuseSubmission(new Request("http://localhost/admin/casinos/edit/1f0e", { method: "PUT" }), submission, 422));
    expect(status).toBe(422);
    expect(result.error).toEqual({ url: [URL_INVALID] });
    expect(warnings()).toEqual(['422 PUT "/admin/casinos/edit/1f0e": form refused: url']);
  });
});

describe("submitForm", () => {
  const saved = (value: string): CommandResult<string> => ({ ok: true, value });
  const toList = (id: string) => redirect(`/admin/casinos?saved=${encodeURIComponent(id)}`);

  it("refuses a form its schema rejects with a 400, the messages beside the fields and one log line, without running the command", async () => {
    const command = vi.fn(async () => saved("c-1"));
    const answer = await submitForm(post(null), formOf({ url: "gizli-adres" }), CasinoForm, command, toList);
    const { status, result } = replyOf(answer);
    expect(status).toBe(400);
    expect(result.error).toEqual({ name: [NAME_REQUIRED], url: [URL_INVALID] });
    expect(result.initialValue).toEqual({ url: "gizli-adres" });
    expect(command).not.toHaveBeenCalled();
    expect(warnings()).toEqual([`400 POST "${PATH}": form refused: name, url`]);
  });

  it("hands the parsed form to the command and answers what onSuccess makes of the saved value", async () => {
    const command = vi.fn(async (input: CasinoInput) => saved(`id-of-${input.name}`));
    const answer = await submitForm(post(null), formOf({ name: "Şans", url: "https://sans.example" }), CasinoForm, command, toList);
    expect(command).toHaveBeenCalledExactlyOnceWith({ name: "Şans", url: "https://sans.example" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe(`/admin/casinos?saved=${encodeURIComponent("id-of-Şans")}`);
    expect(warnings()).toEqual([]);
  });

  it("answers a command's refusal with a 400: field messages beside the fields, its own messages above the form", async () => {
    const onSuccess = vi.fn(toList);
    const answer = await submitForm(
      post(null),
      formOf({ name: "Şans", url: "https://sans.example" }),
      CasinoForm,
      async () => ({ ok: false, fieldErrors: { name: ["Bu casino adı zaten kullanılıyor"], "": ["Kaydetmeden önce sayfayı yenileyin"] } }),
      onSuccess,
    );
    const { status, result } = replyOf(answer);
    expect(status).toBe(400);
    expect(result.error).toEqual({ name: ["Bu casino adı zaten kullanılıyor"], "": ["Kaydetmeden önce sayfayı yenileyin"] });
    // The operator keeps what they typed.
    expect(result.initialValue).toEqual({ name: "Şans", url: "https://sans.example" });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(new RegExp(`^400 POST "${PATH}": form refused: `));
    expect(warnings()[0]).toContain("name");
    expect(warnings()[0]).toContain("Kaydetmeden önce sayfayı yenileyin");
  });

  describe("when the command fails unexpectedly", () => {
    let logged: MockInstance<typeof console.error>;
    beforeEach(() => {
      allowConsoleError();
      logged = vi.spyOn(console, "error");
    });

    it("answers 500 with the generic save failure above the form, keeps what was typed, and logs one line without a stack", async () => {
      const onSuccess = vi.fn(toList);
      const answer = await submitForm(
        post(null),
        formOf({ name: "Şans", url: "https://sans.example" }),
        CasinoForm,
        async () => {
          throw new Error("connection terminated");
        },
        onSuccess,
      );
      const { status, result } = replyOf(answer);
      expect(status).toBe(500);
      // admin.md §8
      expect(result.error).toEqual({ "": ["Kaydedilirken bir hata oluştu: Bilinmeyen hata"] });
      expect(result.initialValue).toEqual({ name: "Şans", url: "https://sans.example" });
      expect(onSuccess).not.toHaveBeenCalled();
      expect(logged.mock.calls).toEqual([["Save failed: connection terminated"]]);
      expect(warnings()).toEqual([]);
    });

    it("says the failure message the screen gives, and logs what was thrown when it is not an Error", async () => {
      const answer = await submitForm(
        post(null),
        formOf({ name: "Şans", url: "https://sans.example" }),
        CasinoForm,
        async () => {
          throw "pool exhausted";
        },
        toList,
        "Yazı kaydedilemedi",
      );
      const { status, result } = replyOf(answer);
      expect(status).toBe(500);
      expect(result.error).toEqual({ "": ["Yazı kaydedilemedi"] });
      expect(logged.mock.calls).toEqual([["Save failed: pool exhausted"]]);
    });
  });
});
