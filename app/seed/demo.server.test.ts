import { and, count, eq, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { describeEachDriver } from "../../tests/helpers/db";
import {
  blogPosts,
  casinos,
  heroSection,
  promotionCategories,
  promotionComments,
  promotions,
  seoSettings,
  settings,
  splashAds,
} from "~/db/schema";
import { seedDemoContent } from "./demo.server";

describeEachDriver("demo content", ({ db }) => {
  const total = async (table: PgTable, where?: SQL) => {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    return row!.n;
  };

  it("loads realistic content on an empty database", async () => {
    expect(await seedDemoContent()).toBe(true);
    expect(await total(casinos)).toBeGreaterThanOrEqual(8);
    expect(await total(casinos, isNotNull(casinos.logoUrl))).toBe(await total(casinos));
    expect(await total(promotionCategories)).toBe(5);
    expect(await total(promotions)).toBe(40);
    expect(await total(promotions, eq(promotions.isActive, false))).toBeGreaterThan(0);
    expect(await total(promotions, lt(promotions.expiryDate, new Date()))).toBeGreaterThan(0);
    expect(await total(promotions, isNotNull(promotions.promotionCode))).toBeGreaterThan(0);
    // Issue 11 §1: every demo offer states its terms as fields; some were verified over 30 days ago.
    expect(await total(promotions, isNull(promotions.bonusType))).toBe(0);
    expect(await total(promotions, isNull(promotions.wageringMultiplier))).toBe(0);
    expect(await total(promotions, isNull(promotions.lastVerifiedAt))).toBe(0);
    expect(await total(promotions, lt(promotions.lastVerifiedAt, new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)))).toBeGreaterThan(0);
    expect(await total(blogPosts)).toBe(12);
    expect(await total(blogPosts, eq(blogPosts.isPublished, false))).toBeGreaterThan(0);
    expect(await total(promotionComments)).toBeGreaterThan(10);
    expect(await total(heroSection)).toBe(1);
    expect(await total(settings)).toBe(1);
    expect(await total(splashAds, and(eq(splashAds.isActive, true)))).toBe(2);
    const paths = (await db().select({ p: seoSettings.pagePath }).from(seoSettings)).map((r) => r.p);
    expect(paths).toEqual(expect.arrayContaining(["/", "/bonuslar", "/guvenilir-siteler", "/blog"]));
  });

  it("writes posts of several hundred words", async () => {
    const posts = await db().select({ content: blogPosts.content }).from(blogPosts);
    for (const post of posts) {
      const words = post.content.replace(/<[^>]+>/g, " ").trim().split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(300);
    }
  });

  it("is idempotent: a second run adds nothing", async () => {
    const before = await total(promotions);
    expect(await seedDemoContent()).toBe(false);
    expect(await total(promotions)).toBe(before);
    expect(await total(casinos)).toBe(10);
  });
});
