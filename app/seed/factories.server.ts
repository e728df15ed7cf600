import type { Db } from "~/db/db.server";
import {
  blogPosts,
  casinos,
  promotionCategories,
  promotionComments,
  promotions,
  type BlogPost,
  type Casino,
  type NewBlogPost,
  type NewCasino,
  type NewPromotion,
  type NewPromotionCategory,
  type NewPromotionComment,
  type Promotion,
  type PromotionCategory,
  type PromotionComment,
} from "~/db/schema";
import { slugify } from "~/lib/slug";
import { derivePromotionFields } from "~/modules/promotions/promotions.schema";

/**
 * Row builders shared by the demo seed, the scale seed and the tests, so that all of
 * them create data the way the product does (slugs by the spec's rule, spec defaults).
 */
let sequence = 0;
const next = () => ++sequence;

export async function insertCasino(db: Db, values: Partial<NewCasino> = {}): Promise<Casino> {
  const name = values.name ?? `Test Casino ${next()}`;
  const [row] = await db
    .insert(casinos)
    .values({
      url: `https://${slugify(name)}.example.com`,
      description: `<p>${name} hakkında kısa bir açıklama.</p>`,
      ...values,
      name,
      slug: values.slug ?? slugify(name),
    })
    .returning();
  return row!;
}

export async function insertCategory(db: Db, values: Partial<NewPromotionCategory> = {}): Promise<PromotionCategory> {
  const name = values.name ?? `Kategori ${next()}`;
  const [row] = await db
    .insert(promotionCategories)
    .values({ ...values, name, slug: values.slug ?? slugify(name) })
    .returning();
  return row!;
}

export async function insertPromotion(db: Db, values: Partial<NewPromotion> = {}): Promise<Promotion> {
  const title = values.title ?? `Deneme Bonusu ${next()}`;
  const description = values.description ?? `<p>${title} için kısa açıklama metni.</p>`;
  const derived = derivePromotionFields(title, description);
  const [row] = await db
    .insert(promotions)
    .values({
      url: "https://example.com/bonus",
      ...values,
      title,
      description,
      slug: values.slug ?? derived.slug,
      searchText: derived.searchText,
    })
    .returning();
  return row!;
}

export async function insertPost(db: Db, values: Partial<NewBlogPost> = {}): Promise<BlogPost> {
  const title = values.title ?? `Blog Yazısı ${next()}`;
  const isPublished = values.isPublished ?? true;
  const [row] = await db
    .insert(blogPosts)
    .values({
      excerpt: `${title} yazısının özeti.`,
      content: `<p>${title} yazısının içeriği, en az elli karakterlik bir paragraf.</p>`,
      category: "Rehber",
      ...values,
      title,
      isPublished,
      publishedAt: values.publishedAt ?? (isPublished ? new Date() : null),
      slug: values.slug ?? slugify(title),
    })
    .returning();
  return row!;
}

export async function insertComment(db: Db, values: Partial<NewPromotionComment> & { promotionId: string }): Promise<PromotionComment> {
  const [row] = await db
    .insert(promotionComments)
    .values({ userName: "Ziyaretçi", comment: "Harika bir bonus, teşekkürler.", ...values })
    .returning();
  return row!;
}
