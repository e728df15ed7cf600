import { getDb } from "~/db/index.server";
import type { Db } from "~/db/db.server";
import { insertCasino, insertCategory, insertComment, insertPost, insertPromotion } from "~/seed/factories.server";
import { appMeta, heroSection, scheduledPublishingSettings, seoSettings, settings, splashAds } from "~/db/schema";
import { istanbulToday } from "~/lib/dates";
import {
  DEMO_BLOG_SECTION_TEXT,
  DEMO_CASINOS,
  DEMO_CATEGORIES,
  DEMO_COMMENTERS,
  DEMO_COMMENTS,
  DEMO_HERO,
  DEMO_POSTS,
  DEMO_SEO,
  DEMO_SPLASH_ADS,
  PROMOTION_TEMPLATES,
  demoPostContent,
} from "./demo-data";

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_MARKER = "demo_content_seeded";

/**
 * Loads the demo content exactly once per database. The marker row and the content are
 * written in one transaction, so a second run (or a second process) finds the marker
 * and does nothing. Returns whether it seeded.
 */
export async function seedDemoContent(db: Db = getDb(), now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key: DEMO_MARKER, value: now.toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await insertDemoRows(tx as unknown as Db, now);
    return true;
  });
}

async function insertDemoRows(db: Db, now: Date): Promise<void> {
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);

  const casinos = [];
  for (const [i, c] of DEMO_CASINOS.entries()) {
    casinos.push(
      await insertCasino(db, {
        name: c.name,
        url: `https://www.${c.key}.example.com`,
        logoUrl: `/demo/logo-${c.key}.svg`,
        rating: c.rating,
        featured: c.featured,
        description: `<p>${c.blurb}</p><p>${c.name}, Türkçe arayüzü, hızlı para yatırma seçenekleri ve düzenli kampanyalarıyla oyunculara kapsamlı bir deneyim sunar.</p>`,
        createdAt: ago(60 - i),
        updatedAt: ago(10 - (i % 5)),
      }),
    );
  }

  const categories = new Map<string, { id: string; name: string }>();
  for (const c of DEMO_CATEGORIES) categories.set(c.name, await insertCategory(db, { name: c.name, description: c.description }));

  // 40 promotions: four per casino, some expired, some inactive, some without an image;
  // more than one page of /bonuslar stays listed once the expired ones leave the lists.
  let n = 0;
  const promotions = [];
  for (const [ci, casino] of casinos.entries()) {
    for (let k = 0; k < 4; k++) {
      const template = PROMOTION_TEMPLATES[(ci + k) % PROMOTION_TEMPLATES.length]!;
      const category = categories.get(template.category)!;
      const expired = n % 9 === 4;
      const inactive = n % 11 === 7;
      const expiryDate = expired ? ago(5 + k) : n % 3 === 0 ? null : new Date(now.getTime() + (20 + n) * DAY);
      promotions.push(
        await insertPromotion(db, {
          title: template.title(casino.name),
          casinoId: casino.id,
          categoryId: category.id,
          category: category.name,
          description: `<p>${template.summary}</p><p>${template.details}</p>`,
          url: `${casino.url}/kampanyalar/${n + 1}`,
          terms: template.terms,
          promotionCode: template.code ?? null,
          // Issue 11 §1: the terms as structured fields; verified a few days ago, some over 30 days ago (issue 11 §6).
          ...template.bonus,
          lastVerifiedAt: istanbulToday(ago([1, 3, 8, 45, 14][n % 5]!)),
          isActive: !inactive,
          expiryDate,
          imageUrl: n % 4 === 3 ? null : `/demo/promo-${(PROMOTION_TEMPLATES.indexOf(template) % 5) + 1}.svg`,
          createdAt: ago(n % 20, n),
          updatedAt: ago(n % 20, n),
        }),
      );
      n++;
    }
  }

  for (const [i, promotion] of promotions.entries()) {
    if (!promotion.isActive || i % 3 === 2) continue;
    const howMany = 1 + (i % 3);
    for (let j = 0; j < howMany; j++) {
      const sample = DEMO_COMMENTS[(i + j) % DEMO_COMMENTS.length]!;
      await insertComment(db, {
        promotionId: promotion.id,
        userName: DEMO_COMMENTERS[(i * 3 + j) % DEMO_COMMENTERS.length]!,
        comment: sample.text,
        rating: sample.rating,
        createdAt: ago(j + (i % 4), i),
      });
    }
  }

  for (const [i, post] of DEMO_POSTS.entries()) {
    await insertPost(db, {
      title: post.title,
      excerpt: post.excerpt,
      content: demoPostContent(post),
      category: post.category,
      author: i % 2 === 0 ? "Bonus Rehberi Editörü" : "Elif Demir",
      imageUrl: `/demo/promo-${(i % 5) + 1}.svg`,
      isPublished: post.published,
      publishedAt: post.published ? ago(post.daysAgo) : null,
      viewCount: post.views,
      seoTitle: post.title,
      seoDescription: post.excerpt,
      seoKeywords: "casino, bonus, promosyon",
      createdAt: ago(post.daysAgo),
      updatedAt: ago(post.daysAgo),
    });
  }

  await db.insert(heroSection).values(DEMO_HERO).onConflictDoNothing();
  await db.insert(settings).values({ blogSectionText: DEMO_BLOG_SECTION_TEXT }).onConflictDoNothing();
  await db.insert(seoSettings).values(DEMO_SEO).onConflictDoNothing();
  await db.insert(splashAds).values(DEMO_SPLASH_ADS);
  await db
    .insert(scheduledPublishingSettings)
    .values({ dailyPublishCount: 1, isActive: false, nextPublishAt: new Date(now.getTime() + DAY) })
    .onConflictDoNothing();
}
