import { describe, expect, it } from "vitest";
import { CategoryFormSchema, categorySlugFor } from "./categories.schema";

const VALID = { intent: "create", name: "Yatırım Bonusu", slug: "yatirim-bonusu", description: "", isActive: "on" };

/** Each field's messages; one message is what the dialog shows beside the field. */
function messagesOf(input: Record<string, string>): Record<string, string | undefined> {
  const result = CategoryFormSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return Object.fromEntries(Object.entries(byField).map(([field, messages]) => [field, messages.join(" | ")]));
}

describe("the category form schema (admin.md §5)", () => {
  it("trims the description and saves an empty one as null", () => {
    expect(CategoryFormSchema.parse({ ...VALID, description: "  Yatırımda geçerli bonuslar  " })).toMatchObject({ description: "Yatırımda geçerli bonuslar" });
    expect(CategoryFormSchema.parse({ ...VALID, description: "   " })).toMatchObject({ description: null, isActive: true });
    expect(CategoryFormSchema.parse({ intent: "create", name: "A", slug: "a" })).toMatchObject({ description: null, isActive: false });
  });

  it("refuses an empty (or blank) name and slug with the spec's words", () => {
    expect(messagesOf({ ...VALID, name: "   " }).name).toBe("Kategori adı boş olamaz");
    expect(messagesOf({ ...VALID, slug: "" }).slug).toBe("Kategori slug değeri boş olamaz");
    expect(messagesOf({ intent: "create" })).toMatchObject({ name: "Kategori adı boş olamaz", slug: "Kategori slug değeri boş olamaz" });
  });

  it("refuses a slug that cannot be part of an address", () => {
    for (const slug of ["Yatırım Bonusu", "yatırım", "-bas", "son-", "iki--tire", "a/b"]) {
      expect(messagesOf({ ...VALID, slug }).slug, slug).toBe("Slug yalnızca küçük harf (a-z), rakam ve tire içerebilir");
    }
    expect(messagesOf({ ...VALID, slug: "vip-2026" })).toEqual({});
  });

  it("needs the category's id to update it", () => {
    expect(messagesOf({ ...VALID, intent: "update" }).id).toBe("Kategori bulunamadı");
    expect(messagesOf({ ...VALID, intent: "drop" }).intent).toBeDefined();
  });
});

describe("the slug the dialog proposes", () => {
  it("follows the slug rule for the name, and is empty for no name", () => {
    expect(categorySlugFor("Çevrimsiz Bonuslar")).toBe("cevrimsiz-bonuslar");
    expect(categorySlugFor("  ")).toBe("");
  });
});
