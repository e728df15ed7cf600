import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { checkbox, editedVersion, isStaleEdit, optionalId, optionalImageUrl, optionalParsed, optionalText, optionalWebUrl, richText, text, webUrl } from "./validation";

// Messages the callers pass in are the spec's (admin.md §5); the builders' own texts are
// written out literally, so a changed word fails here.
const NAME = "Casino adı en az 2 karakter olmalıdır";
const URL_MESSAGE = "Geçerli bir URL giriniz";
const LOGO = "Geçerli bir logo URL giriniz";
const CONTENT = "İçerik en az 50 karakter olmalıdır";
const INVALID_CHARACTER = "Geçersiz karakter içeriyor";
const ID = "3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60";

/** The messages a schema answers for a value: none when it is accepted. */
function messagesFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The parsed value, failing the test with the messages when the schema refuses it. */
function parsed(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`refused ${JSON.stringify(value)}: ${result.error.issues.map((issue) => issue.message).join(", ")}`);
  return result.data;
}

// Inside the text, since trim() would remove \u000b and \u000c at its ends.
const REFUSED_CONTROLS = ["\u0000", "\u0008", "\u000b", "\u000c", "\u000e", "\u001f", "\u007f"];
const KEPT_WHITE_SPACE = ["\u0009", "\u000a", "\u000d", "\u0020"];

describe("text", () => {
  const name = text({ min: 2, max: 5, message: NAME });

  it("needs at least one character by default, counted after trimming", () => {
    const required = text({ max: 5, message: "Başlık gereklidir" });
    expect(messagesFor(required, "")).toEqual(["Başlık gereklidir"]);
    expect(messagesFor(required, "   ")).toEqual(["Başlık gereklidir"]);
    expect(parsed(required, "a")).toBe("a");
  });

  it("takes exactly the minimum and refuses one less, spaces around not counted", () => {
    expect(parsed(name, "ab")).toBe("ab");
    expect(messagesFor(name, "a")).toEqual([NAME]);
    expect(messagesFor(name, "  a  ")).toEqual([NAME]);
  });

  it("takes exactly the maximum after trimming and refuses one more with the default message", () => {
    expect(parsed(name, "  abcde  ")).toBe("abcde");
    expect(messagesFor(name, "abcdef")).toEqual(["En fazla 5 karakter olabilir"]);
  });

  it("says the caller's words when a value is too long, if it gives some", () => {
    const title = text({ max: 3, message: NAME, maxMessage: "Başlık çok uzun" });
    expect(messagesFor(title, "abcd")).toEqual(["Başlık çok uzun"]);
  });

  it("answers a missing or non-text value with the field's message", () => {
    expect(messagesFor(name, undefined)).toEqual([NAME]);
    expect(messagesFor(name, 12)).toEqual([NAME]);
  });

  it.each(REFUSED_CONTROLS)("refuses the control character %j", (character) => {
    expect(messagesFor(text({ max: 20, message: NAME }), `a${character}b`)).toEqual([INVALID_CHARACTER]);
  });

  it.each(KEPT_WHITE_SPACE)("keeps the white space %j inside the text", (character) => {
    expect(parsed(text({ max: 20, message: NAME }), `a${character}b`)).toBe(`a${character}b`);
  });
});

describe("optionalText", () => {
  const note = optionalText(5);

  it.each(["", "   ", undefined])("saves %j as null", (value) => {
    expect(parsed(note, value)).toBeNull();
  });

  it("trims, then takes exactly the maximum and refuses one more", () => {
    expect(parsed(note, "  abcde  ")).toBe("abcde");
    expect(messagesFor(note, "abcdef")).toEqual(["En fazla 5 karakter olabilir"]);
  });

  it.each(REFUSED_CONTROLS)("refuses the control character %j", (character) => {
    expect(messagesFor(optionalText(20), `a${character}b`)).toEqual([INVALID_CHARACTER]);
  });

  it.each(KEPT_WHITE_SPACE)("keeps the white space %j inside the text", (character) => {
    expect(parsed(optionalText(20), `a${character}b`)).toBe(`a${character}b`);
  });
});

describe("optionalId", () => {
  const casinoId = optionalId("Geçersiz casino");

  it.each(["", "  ", undefined])("reads %j as no reference", (value) => {
    expect(parsed(casinoId, value)).toBeNull();
  });

  it("takes a uuid, trimmed", () => {
    expect(parsed(casinoId, ` ${ID} `)).toBe(ID);
  });

  it.each(["1 OR 1=1", ID.slice(1), `${ID}0`])("refuses %j with the caller's message", (value) => {
    expect(messagesFor(casinoId, value)).toEqual(["Geçersiz casino"]);
  });
});

const REFUSED_ADDRESSES = ["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://bonus.example/", "bonus.example", "https://user:secret@bonus.example/"];

describe("webUrl", () => {
  const url = webUrl(URL_MESSAGE);

  it.each(["https://bonus.example/kampanya", "http://bonus.example"])("takes %s", (value) => {
    expect(parsed(url, value)).toBe(value);
  });

  it("trims before checking", () => {
    expect(parsed(url, "  https://bonus.example/  ")).toBe("https://bonus.example/");
  });

  it.each([...REFUSED_ADDRESSES, "", "   ", "/media/a.png", undefined])("refuses %j with the caller's message", (value) => {
    expect(messagesFor(url, value)).toEqual([URL_MESSAGE]);
  });
});

describe("optionalWebUrl", () => {
  const url = optionalWebUrl(URL_MESSAGE);

  it.each(["", "   ", undefined])("saves %j as null", (value) => {
    expect(parsed(url, value)).toBeNull();
  });

  it("takes an http(s) address, trimmed", () => {
    expect(parsed(url, " https://bonus.example/a ")).toBe("https://bonus.example/a");
    expect(parsed(url, "http://bonus.example")).toBe("http://bonus.example");
  });

  it.each([...REFUSED_ADDRESSES, "/media/a.png"])("refuses %j with the caller's message", (value) => {
    expect(messagesFor(url, value)).toEqual([URL_MESSAGE]);
  });
});

describe("optionalImageUrl", () => {
  const logo = optionalImageUrl(LOGO);

  it.each(["", "   ", undefined])("saves %j as null", (value) => {
    expect(parsed(logo, value)).toBeNull();
  });

  it.each(["https://cdn.example/logo.png", "/media/casinos/logo.png", "/demo/promo-1.svg", "/images/a.webp"])("takes %s", (value) => {
    expect(parsed(logo, ` ${value} `)).toBe(value);
  });

  it.each([...REFUSED_ADDRESSES, "data:image/png;base64,iVBORw0KGgo=", "/admin/logout", "/media/../admin"])("refuses %j with the caller's message", (value) => {
    expect(messagesFor(logo, value)).toEqual([LOGO]);
  });
});

describe("optionalParsed", () => {
  const wholeNumber = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);
  const count = optionalParsed(wholeNumber, "Bir sayı giriniz");

  it.each(["", "   ", undefined])("saves %j as null without reading it", (value) => {
    const unread = optionalParsed(() => {
      throw new Error("read an empty value");
    }, "Bir sayı giriniz");
    expect(parsed(unread, value)).toBeNull();
  });

  it("reads the trimmed text, keeping a value that is falsy but not null", () => {
    expect(parsed(count, " 42 ")).toBe(42);
    expect(parsed(count, "0")).toBe(0);
  });

  it("refuses text the reader answers with null, with the caller's message", () => {
    expect(messagesFor(count, "kırk")).toEqual(["Bir sayı giriniz"]);
  });
});

describe("richText", () => {
  const content = richText({ min: 50, max: 80, message: CONTENT });
  const paragraph = (length: number) => `<p>${"a".repeat(length)}</p>`;

  it("counts the visible text against the minimum, not the tags", () => {
    expect(parsed(content, paragraph(50))).toBe(paragraph(50));
    expect(messagesFor(content, paragraph(49))).toEqual([CONTENT]);
    // 49 letters in more than 50 characters of markup are still too few.
    expect(messagesFor(content, `<p><strong>${"a".repeat(49)}</strong></p>`)).toEqual([CONTENT]);
  });

  it.each(["<p></p>", "<p>   </p>", "<p>&nbsp;</p>", "", undefined])("refuses %j as empty content", (value) => {
    const body = richText({ min: 1, max: 80, message: "İçerik alanı boş olamaz" });
    expect(messagesFor(body, value)).toEqual(["İçerik alanı boş olamaz"]);
  });

  it("reads nothing as empty text when no minimum is asked", () => {
    const optional = richText({ max: 80 });
    expect(parsed(optional, undefined)).toBe("");
    expect(parsed(optional, "<p></p>")).toBe("<p></p>");
  });

  it("takes exactly the maximum of stored characters, markup included, and refuses one more", () => {
    // <p></p> is 7 characters: 73 letters fill 80.
    expect(parsed(content, paragraph(73))).toBe(paragraph(73));
    expect(messagesFor(content, paragraph(74))).toEqual(["En fazla 80 karakter olabilir"]);
  });

  it.each(REFUSED_CONTROLS)("refuses the control character %j", (character) => {
    expect(messagesFor(richText({ max: 80 }), `<p>a${character}b</p>`)).toEqual([INVALID_CHARACTER]);
  });

  it.each(KEPT_WHITE_SPACE)("keeps the white space %j", (character) => {
    expect(parsed(richText({ max: 80 }), `<p>a</p>${character}<p>b</p>`)).toBe(`<p>a</p>${character}<p>b</p>`);
  });
});

describe("checkbox", () => {
  it.each(["on", "true", true])("reads %j as ticked", (value) => {
    expect(parsed(checkbox(), value)).toBe(true);
  });

  it.each([false, undefined])("reads %j as not ticked", (value) => {
    expect(parsed(checkbox(), value)).toBe(false);
  });

  it.each(["false", "off", "1", "yes", "ON", "", 1])("does not take %j for ticked", (value) => {
    expect(checkbox().safeParse(value).success).toBe(false);
  });
});

// ADR 022: the version an editor was opened on.
describe("editedVersion", () => {
  const STALE = "Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.";

  it("reads an ISO instant to its milliseconds, and nothing (a new record) as null", () => {
    expect(parsed(editedVersion(), "2026-11-28T02:45:51.123Z")).toBe(Date.UTC(2026, 10, 28, 2, 45, 51, 123));
    expect(parsed(editedVersion(), "")).toBeNull();
    expect(parsed(editedVersion(), undefined)).toBeNull();
  });

  it.each(["abc", "2026-11-28", "2026-11-28T02:45:51Z", "2026-11-28T02:45:51.123+03:00", " 2026-11-28T02:45:51.123Z", "2026-13-28T02:45:51.123Z"])(
    "refuses %j with the stale-edit message instead of skipping the check",
    (value) => {
      expect(messagesFor(editedVersion(), value)).toEqual([STALE]);
    },
  );
});

describe("isStaleEdit", () => {
  const stored = new Date("2026-11-28T02:45:51.123Z");
  it("is stale when the stored version is not the one the editor was opened on, unless saving over it was asked", () => {
    expect(isStaleEdit(stored, { version: stored.getTime(), overwrite: false })).toBe(false);
    expect(isStaleEdit(stored, { version: stored.getTime() - 1, overwrite: false })).toBe(true);
    expect(isStaleEdit(stored, { version: stored.getTime() + 1, overwrite: false })).toBe(true);
    expect(isStaleEdit(stored, { version: stored.getTime() - 1, overwrite: true })).toBe(false);
    expect(isStaleEdit(stored, { version: null, overwrite: false })).toBe(false);
  });
});

// A schema built in a describe block is built before any test runs, and the patterns (control
// characters, the ISO instant) and the stale-edit text are built as the module loads: here the
// module is loaded afresh and each schema built inside the test that reads it.
describe("the field builders, loaded afresh", () => {
  const STALE = "Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.";
  const fresh = async () => {
    vi.resetModules();
    return import("./validation");
  };

  it("reads required text: the field's message for nothing, the default length message, control characters refused", async () => {
    const { text: freshText } = await fresh();
    const name = freshText({ min: 2, max: 5, message: NAME });
    expect(messagesFor(name, undefined)).toEqual([NAME]);
    expect(messagesFor(name, "abcdef")).toEqual(["En fazla 5 karakter olabilir"]);
    expect(messagesFor(name, "a\u0000b")).toEqual([INVALID_CHARACTER]);
    expect(parsed(name, "  Ege  ")).toBe("Ege");
  });

  it("reads optional text trimmed, with the default length message", async () => {
    const { optionalText: freshOptional } = await fresh();
    const note = freshOptional(5);
    expect(parsed(note, "  abcde  ")).toBe("abcde");
    expect(messagesFor(note, "abcdef")).toEqual(["En fazla 5 karakter olabilir"]);
  });

  it("refuses rich text over its stored length with the default length message", async () => {
    const { richText: freshRich } = await fresh();
    const content = freshRich({ max: 10 });
    expect(messagesFor(content, "<p>abcdefg</p>")).toEqual(["En fazla 10 karakter olabilir"]);
    expect(parsed(content, "<p>abc</p>")).toBe("<p>abc</p>");
  });

  it("reads an editor's version and 'Yine de kaydet' together, and refuses what is no ISO instant with the stale-edit text", async () => {
    const { editedVersion: freshVersion, editedVersionFields } = await fresh();
    const fields = z.object(editedVersionFields());
    expect(parsed(fields, { version: "2026-11-28T02:45:51.123Z", overwrite: "on" })).toEqual({ version: Date.UTC(2026, 10, 28, 2, 45, 51, 123), overwrite: true });
    expect(parsed(fields, { version: "2026-11-28T02:45:51.123Z" })).toEqual({ version: Date.UTC(2026, 10, 28, 2, 45, 51, 123), overwrite: false });
    // A year written with six digits and a sign is a date to Date.parse, but not the form the editor posts.
    expect(messagesFor(freshVersion(), "+002026-11-28T02:45:51.123Z")).toEqual([STALE]);
  });
});
