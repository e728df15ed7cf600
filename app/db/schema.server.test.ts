import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDriver } from "../../tests/helpers/db";
import { insertCasino, insertCategory, insertComment, insertPost, insertPromotion } from "~/seed/factories.server";
import { blogPosts, casinos, heroSection, promotionComments, promotions } from "./schema";

describeEachDriver("data model", ({ db }) => {
  it("applies every migration and creates every table of both spec documents", async () => {
    const result = await db().execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "admin_users", "blog_posts", "casinos", "hero_section", "promotion_categories", "promotion_comments", "promotions",
        "scheduled_publishing_logs", "scheduled_publishing_settings", "seo_settings", "sessions", "settings", "splash_ads", "users",
      ]),
    );
  });

  it("fills the spec's defaults: rating 5, is_active true, view_count 0, casino rating 0", async () => {
    const casino = await insertCasino(db());
    const promotion = await insertPromotion(db(), { casinoId: casino.id });
    const comment = await insertComment(db(), { promotionId: promotion.id });
    const post = await insertPost(db());
    expect(casino.rating).toBe(0);
    expect(promotion.isActive).toBe(true);
    expect(promotion.terms).toEqual([]);
    expect(comment.rating).toBe(5);
    expect(post.viewCount).toBe(0);
  });

  it("rejects duplicate category, casino and blog slugs", async () => {
    await insertCategory(db(), { name: "Tekil", slug: "tekil" });
    await expect(insertCategory(db(), { name: "Tekil 2", slug: "tekil" })).rejects.toThrow();
    await insertCasino(db(), { name: "Aynı Casino" });
    await expect(insertCasino(db(), { name: "Aynı Casino" })).rejects.toThrow();
    await insertPost(db(), { title: "Aynı Yazı" });
    await expect(insertPost(db(), { title: "Aynı Yazı" })).rejects.toThrow();
  });

  it("keeps each promotion's rating count and total right through insert, moderation edit, move and delete", async () => {
    const first = await insertPromotion(db());
    const second = await insertPromotion(db());
    const ratingOf = async (id: string) => {
      const [row] = await db()
        .select({ count: promotions.ratingCount, total: promotions.ratingTotal })
        .from(promotions)
        .where(eq(promotions.id, id));
      return row;
    };
    const five = await insertComment(db(), { promotionId: first.id, rating: 5 });
    const two = await insertComment(db(), { promotionId: first.id, rating: 2 });
    expect(await ratingOf(first.id)).toEqual({ count: 2, total: 7 });

    await db().update(promotionComments).set({ rating: 4 }).where(eq(promotionComments.id, two.id));
    expect(await ratingOf(first.id)).toEqual({ count: 2, total: 9 });

    await db().update(promotionComments).set({ promotionId: second.id }).where(eq(promotionComments.id, five.id));
    expect(await ratingOf(first.id)).toEqual({ count: 1, total: 4 });
    expect(await ratingOf(second.id)).toEqual({ count: 1, total: 5 });

    await db().delete(promotionComments).where(eq(promotionComments.id, two.id));
    expect(await ratingOf(first.id)).toEqual({ count: 0, total: 0 });
    // A user-name edit leaves the numbers alone.
    await db().update(promotionComments).set({ userName: "Başka" }).where(eq(promotionComments.id, five.id));
    expect(await ratingOf(second.id)).toEqual({ count: 1, total: 5 });
  });

  it("keeps comment ratings within 1..5", async () => {
    const promotion = await insertPromotion(db());
    await expect(insertComment(db(), { promotionId: promotion.id, rating: 0 })).rejects.toThrow();
    await expect(insertComment(db(), { promotionId: promotion.id, rating: 6 })).rejects.toThrow();
  });

  it("deletes comments with their promotion, and keeps a promotion whose casino or category goes", async () => {
    const casino = await insertCasino(db());
    const category = await insertCategory(db());
    const promotion = await insertPromotion(db(), { casinoId: casino.id, categoryId: category.id });
    await insertComment(db(), { promotionId: promotion.id });

    await db().delete(casinos).where(eq(casinos.id, casino.id));
    await db().execute(sql`delete from promotion_categories where id = ${category.id}`);
    const [kept] = await db().select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(kept).toMatchObject({ casinoId: null, categoryId: null });

    await db().delete(promotions).where(eq(promotions.id, promotion.id));
    const orphans = await db().select().from(promotionComments).where(eq(promotionComments.promotionId, promotion.id));
    expect(orphans).toEqual([]);
  });

  it("allows only one hero row", async () => {
    const hero = { upperTitle: "a", mainTitle: "b", highlightedText: "c", description: "d", buttonText: "e", buttonUrl: "#f" };
    await db().insert(heroSection).values(hero);
    await expect(db().insert(heroSection).values({ ...hero, id: 2 })).rejects.toThrow();
  });

  it("raises a view count atomically in SQL", async () => {
    const post = await insertPost(db());
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db().update(blogPosts).set({ viewCount: sql`${blogPosts.viewCount} + 1` }).where(eq(blogPosts.id, post.id)),
      ),
    );
    const [row] = await db().select({ viewCount: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.viewCount).toBe(10);
  });
});
