import { and, count, desc, eq, like, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotionCategories, promotions, type NewPromotion, type Promotion } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { compareTurkish, foldTurkish } from "~/lib/turkish";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";
import { resolvePromotionSlug } from "./fuzzy";
import { derivePromotionFields, shortDescriptionOf } from "./promotions.schema";

/** A promotion as the public pages show it: the joined casino and the derived fields of public-site.md §3. */
export type PublicPromotion = {
  id: string;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  description: string;
  shortDescription: string;
  terms: string[];
  claimLink: string;
  expiryDate: string | null;
  imageUrl: string | null;
  promotionCode: string | null;
  category: string | null;
  categoryId: string | null;
  createdAt: string;
  casino: { id: string; name: string; slug: string; logoUrl: string | null } | null;
};

const publicColumns = {
  id: promotions.id,
  title: promotions.title,
  slug: promotions.slug,
  description: promotions.description,
  terms: promotions.terms,
  url: promotions.url,
  expiryDate: promotions.expiryDate,
  imageUrl: promotions.imageUrl,
  promotionCode: promotions.promotionCode,
  category: promotions.category,
  categoryId: promotions.categoryId,
  createdAt: promotions.createdAt,
  casinoId: casinos.id,
  casinoName: casinos.name,
  casinoSlug: casinos.slug,
  casinoLogoUrl: casinos.logoUrl,
};

type PromotionRow = {
  id: string; title: string; slug: string; description: string; terms: string[]; url: string; expiryDate: Date | null;
  imageUrl: string | null; promotionCode: string | null; category: string | null; categoryId: string | null; createdAt: Date;
  casinoId: string | null; casinoName: string | null; casinoSlug: string | null; casinoLogoUrl: string | null;
};

function toPublicPromotion(row: PromotionRow): PublicPromotion {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: sanitizeRichText(row.description),
    shortDescription: shortDescriptionOf(row.description),
    terms: row.terms,
    claimLink: row.url,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    promotionCode: row.promotionCode,
    category: row.category,
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
    casino: row.casinoId ? { id: row.casinoId, name: row.casinoName!, slug: row.casinoSlug!, logoUrl: row.casinoLogoUrl } : null,
  };
}

function selectPublic() {
  return getDb().select(publicColumns).from(promotions).leftJoin(casinos, eq(casinos.id, promotions.casinoId));
}

const newestFirst = [desc(promotions.createdAt), desc(promotions.id)];

/** Active promotions, newest first (public-site.md §7 "Promotion lists"). */
export async function listActivePromotions(limit: number): Promise<PublicPromotion[]> {
  const rows = await selectPublic().where(eq(promotions.isActive, true)).orderBy(...newestFirst).limit(limit);
  return rows.map(toPublicPromotion);
}

/** Escapes LIKE's wildcards so a visitor's '%' or '_' matches itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type PromotionSearch = { query?: string; categorySlug?: string; page: number; pageSize: number };

/**
 * public-site.md §5.3: search over title and short description (case-insensitive, the
 * Turkish way) and the category whose slug is selected; one page, newest first.
 */
export async function searchActivePromotions({ query, categorySlug, page, pageSize }: PromotionSearch): Promise<{ items: PublicPromotion[]; total: number }> {
  const conditions = [eq(promotions.isActive, true)];
  const folded = foldTurkish(query?.trim() ?? "");
  if (folded) conditions.push(like(promotions.searchText, `%${escapeLike(folded)}%`));
  if (categorySlug) {
    const owner = getDb().select({ id: promotionCategories.id }).from(promotionCategories).where(eq(promotionCategories.slug, categorySlug));
    conditions.push(sql`${promotions.categoryId} in (${owner})`);
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    selectPublic().where(where).orderBy(...newestFirst).limit(pageSize).offset((page - 1) * pageSize),
    getDb().select({ n: count() }).from(promotions).where(where),
  ]);
  return { items: rows.map(toPublicPromotion), total: totals?.n ?? 0 };
}

export type CategoryChip = { id: string; name: string; slug: string; count: number };

/** public-site.md §2.4: active categories with at least one active promotion, with counts, in Turkish order. */
export async function listCategoryChips(): Promise<CategoryChip[]> {
  const rows = await getDb()
    .select({ id: promotionCategories.id, name: promotionCategories.name, slug: promotionCategories.slug, count: count(promotions.id) })
    .from(promotionCategories)
    .innerJoin(promotions, and(eq(promotions.categoryId, promotionCategories.id), eq(promotions.isActive, true)))
    .where(eq(promotionCategories.isActive, true))
    .groupBy(promotionCategories.id);
  return rows.sort((a, b) => compareTurkish(a.name, b.name));
}

export async function findActivePromotionById(id: string): Promise<PublicPromotion | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectPublic().where(and(eq(promotions.id, id), eq(promotions.isActive, true))).limit(1);
  return row ? toPublicPromotion(row) : null;
}

/**
 * public-site.md §5.4: /bonuslar/{casinoSlug}/{promotionSlug}. An exact slug (step 1) is an
 * indexed look-up; only when there is none are all active promotions scored (steps 2-4).
 */
export async function findActivePromotionBySlugs(casinoSlug: string, promotionSlug: string): Promise<PublicPromotion | null> {
  const candidates = (where: SQL | undefined) =>
    getDb()
      .select({ id: promotions.id, slug: promotions.slug, casinoSlug: casinos.slug })
      .from(promotions)
      .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
      .where(and(eq(promotions.isActive, true), where));
  const wanted = promotionSlug.toLowerCase();
  const exact = await candidates(eq(promotions.slug, wanted));
  const id = resolvePromotionSlug(exact.length > 0 ? exact : await candidates(undefined), casinoSlug.toLowerCase(), wanted);
  return id ? findActivePromotionById(id) : null;
}

// public-site.md §9: up to 10 related promotions.
export const RELATED_PROMOTIONS_LIMIT = 10;

/** Other active promotions of the same casino (public-site.md §2.9). */
export async function listRelatedPromotions(promotion: PublicPromotion): Promise<PublicPromotion[]> {
  if (!promotion.casino) return [];
  const rows = await selectPublic()
    .where(and(eq(promotions.casinoId, promotion.casino.id), eq(promotions.isActive, true), ne(promotions.id, promotion.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_PROMOTIONS_LIMIT);
  return rows.map(toPublicPromotion);
}

export async function listActivePromotionsOfCasino(casinoId: string): Promise<PublicPromotion[]> {
  const rows = await selectPublic()
    .where(and(eq(promotions.casinoId, casinoId), eq(promotions.isActive, true)))
    .orderBy(...newestFirst);
  return rows.map(toPublicPromotion);
}

// Writes. Each one invalidates the cached pages before it returns (issue 4); the
// back-office screens validate their input with the promotion form schema first.
export type PromotionInput = Omit<NewPromotion, "id" | "slug" | "searchText" | "category" | "createdAt" | "updatedAt" | "indexed">;

/** admin.md §5: if a category is chosen, the saved category text is that category's name. */
async function categoryNameOf(categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const [row] = await getDb().select({ name: promotionCategories.name }).from(promotionCategories).where(eq(promotionCategories.id, categoryId)).limit(1);
  return row?.name ?? null;
}

export async function createPromotion(input: PromotionInput): Promise<Promotion> {
  const [row] = await getDb()
    .insert(promotions)
    .values({ ...input, ...derivePromotionFields(input.title, input.description ?? ""), category: await categoryNameOf(input.categoryId) })
    .returning();
  await invalidatePages(SITE_TAG);
  return row!;
}

export async function updatePromotion(id: string, input: PromotionInput): Promise<Promotion | null> {
  const [row] = await getDb()
    .update(promotions)
    .set({ ...input, ...derivePromotionFields(input.title, input.description ?? ""), category: await categoryNameOf(input.categoryId), updatedAt: new Date() })
    .where(eq(promotions.id, id))
    .returning();
  await invalidatePages(SITE_TAG);
  return row ?? null;
}

/** admin.md §4: activating resets indexed to false (the page is submitted again). */
export async function setPromotionActive(id: string, isActive: boolean): Promise<void> {
  await getDb()
    .update(promotions)
    .set(isActive ? { isActive, indexed: false, updatedAt: new Date() } : { isActive, updatedAt: new Date() })
    .where(eq(promotions.id, id));
  await invalidatePages(SITE_TAG);
}

export async function deletePromotion(id: string): Promise<void> {
  await getDb().delete(promotions).where(eq(promotions.id, id));
  await invalidatePages(SITE_TAG);
}
