import { count, desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { auditLog, blogPosts } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { insertPost } from "~/seed/factories.server";
import { countPublishedPosts, findPublishedPost, removePost, savePost, setPostPublished } from "./blog.server";

// The blog's writes until its admin screens arrive: the same audited commands as every
// other domain (ADR 003), so there is no second write path.
const actor: Actor = { userId: null, email: "editor@example.com", address: "203.0.113.9" };
const INPUT = { title: "Çevrim Şartı Rehberi", excerpt: "Kısa özet.", content: "<p>Uzun içerik metni.</p>", category: "Rehber" };
const MISSING = "00000000-0000-4000-8000-000000000000";

describeEachDriver("blog commands", ({ db }) => {
  beforeEach(() => truncateAll(db()));
  const auditRows = () => db().select().from(auditLog).orderBy(desc(auditLog.id));
  const postCount = async () => (await db().select({ n: count() }).from(blogPosts))[0]!.n;

  it("creates a draft with a slug from the title, sanitised content and an audit row", async () => {
    const result = await savePost(actor, null, { ...INPUT, content: '<p>Metin<script>alert(1)</script><img src=x onerror="alert(1)"></p>' });
    if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
    const [row] = await db().select().from(blogPosts);
    expect(row).toMatchObject({ id: result.value.id, slug: "cevrim-sarti-rehberi", isPublished: false, publishedAt: null });
    expect(row!.content).not.toMatch(/script|onerror/);
    expect(await countPublishedPosts()).toBe(0);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ action: "blog-post.create", outcome: "success", entityId: row!.id, summary: "Çevrim Şartı Rehberi", actorEmail: "editor@example.com", address: "203.0.113.9" });
  });

  it("publishes with published_at, reverts to draft without it, and keeps the state on edit", async () => {
    const post = await insertPost(db(), { slug: "taslak", isPublished: false });
    expect(await setPostPublished(actor, post.id, true)).toEqual({ ok: true, value: { id: post.id, isPublished: true } });
    const published = (await db().select().from(blogPosts).where(eq(blogPosts.id, post.id)))[0]!;
    expect(published.publishedAt).toBeInstanceOf(Date);
    expect(await findPublishedPost("taslak")).not.toBeNull();

    await savePost(actor, post.id, { ...INPUT, slug: "taslak" });
    expect((await findPublishedPost("taslak"))?.title).toBe("Çevrim Şartı Rehberi");

    await setPostPublished(actor, post.id, false);
    expect((await db().select().from(blogPosts).where(eq(blogPosts.id, post.id)))[0]).toMatchObject({ isPublished: false, publishedAt: null });
    expect(await findPublishedPost("taslak")).toBeNull();
    expect((await auditRows()).map((entry) => entry.action)).toEqual(["blog-post.unpublish", "blog-post.update", "blog-post.publish"]);
  });

  it("answers a taken slug beside the slug field, writes nothing and records the failure", async () => {
    await insertPost(db(), { slug: "cevrim-sarti-rehberi", title: "İlk" });
    expect(await savePost(actor, null, { ...INPUT, slug: "cevrim-sarti-rehberi" })).toEqual({ ok: false, fieldErrors: { slug: ["Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin."] } });
    // Left empty, the slug comes from the title: the message says so.
    expect(await savePost(actor, null, INPUT)).toEqual({
      ok: false,
      fieldErrors: { slug: ['Başlıktan oluşturulan "cevrim-sarti-rehberi" slug değeri zaten kullanılıyor. Lütfen farklı bir başlık veya slug girin.'] },
    });
    expect(await postCount()).toBe(1);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ action: "blog-post.create", outcome: "failure", summary: "Çevrim Şartı Rehberi" });
  });

  it("deletes a post, and refuses an unknown one with a message and a failure row", async () => {
    const post = await insertPost(db());
    expect(await removePost(actor, post.id)).toEqual({ ok: true, value: { id: post.id } });
    expect(await postCount()).toBe(0);
    for (const id of [post.id, MISSING, "kein-uuid"]) {
      expect(await removePost(actor, id)).toEqual({ ok: false, fieldErrors: { "": ["Blog yazısı bulunamadı"] } });
      expect(await setPostPublished(actor, id, true)).toEqual({ ok: false, fieldErrors: { "": ["Blog yazısı bulunamadı"] } });
      expect(await savePost(actor, id, INPUT)).toEqual({ ok: false, fieldErrors: { "": ["Blog yazısı bulunamadı"] } });
    }
    expect(await postCount()).toBe(0);
    expect((await auditRows()).filter((entry) => entry.outcome === "failure")).toHaveLength(9);
  });
});
