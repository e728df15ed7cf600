import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BlogPostFormSchema, effectiveSlug, firstBlogTabWithErrors, postPublicPath } from "./blog.schema";

const valid = {
  title: "Çevrim Şartı",
  category: "Rehber",
  excerpt: "On karakterden uzun bir özet.",
  content: `<p>${"a".repeat(50)}</p>`,
  imageUrl: "",
  seoTitle: "",
  seoDescription: "",
  seoKeywords: "",
  slug: "",
};

const parse = (change: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...valid, ...change })) form.set(name, value);
  const submission = parseWithZod(form, { schema: BlogPostFormSchema });
  return { status: submission.status, value: submission.status === "success" ? submission.value : null, error: submission.status === "success" ? undefined : submission.error };
};

describe("the blog post form (admin.md §5)", () => {
  it("turns empty optional fields into null and keeps a slug left empty for the title to build", () => {
    const result = parse({});
    expect(result.status).toBe("success");
    expect(result.value).toEqual({ ...valid, content: valid.content, imageUrl: null, seoTitle: null, seoDescription: null, seoKeywords: null, slug: null, version: null, overwrite: false });
  });

  it("builds a typed slug by the slug rule, and reads one without letters or digits as empty", () => {
    const typed = parse({ slug: " Şanslı Günler İçin! " });
    expect(typed.value?.slug).toBe("sansli-gunler-icin");
    const symbols = parse({ slug: "---!!!" });
    expect(symbols.status).toBe("success");
    expect(symbols.value?.slug).toBeNull();
  });

  it("takes an uploaded image's own path or an http(s) address, nothing else", () => {
    expect(parse({ imageUrl: "/media/blog-images/blog_1_a.webp" }).status).toBe("success");
    expect(parse({ imageUrl: "https://cdn.example/a.png" }).status).toBe("success");
    expect(parse({ imageUrl: "data:image/png;base64,AAAA" }).error?.imageUrl).toEqual(["Geçerli bir görsel URL giriniz"]);
  });

  it("puts the limits of §9 exactly at 2, 10, 50 and 1", () => {
    expect(parse({ title: "ab" }).status).toBe("success");
    expect(parse({ title: "a" }).error?.title).toEqual(["Blog başlığı en az 2 karakter olmalıdır"]);
    expect(parse({ excerpt: "0123456789" }).status).toBe("success");
    expect(parse({ excerpt: "012345678" }).error?.excerpt).toEqual(["Özet en az 10 karakter olmalıdır"]);
    expect(parse({ content: `<p>${"b".repeat(49)}</p>` }).error?.content).toEqual(["İçerik en az 50 karakter olmalıdır"]);
    expect(parse({ category: "x" }).status).toBe("success");
    expect(parse({ category: "" }).error?.category).toEqual(["Kategori giriniz"]);
  });
});

describe("the editor's helpers", () => {
  it("takes a typed slug by the slug rule, and the title's when none (or one without a letter or digit) was typed", () => {
    expect(effectiveSlug("Özel Adres", "Başlık Burada")).toBe("ozel-adres");
    expect(effectiveSlug(null, "Çevrim Şartı Nedir?")).toBe("cevrim-sarti-nedir");
    expect(effectiveSlug("", "Çevrim Şartı Nedir?")).toBe("cevrim-sarti-nedir");
    expect(effectiveSlug("---", "Çevrim Şartı Nedir?")).toBe("cevrim-sarti-nedir");
  });

  it("opens the first tab that has an error", () => {
    expect(firstBlogTabWithErrors([])).toBeNull();
    expect(firstBlogTabWithErrors(["slug"])).toBe("seo");
    expect(firstBlogTabWithErrors(["seoTitle", "content"])).toBe("content");
  });

  it("gives the public address under /blog", () => {
    expect(postPublicPath({ slug: "cevrim-sarti" })).toBe("/blog/cevrim-sarti");
  });
});
