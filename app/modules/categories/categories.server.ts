import { eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { promotionCategories, promotions, type PromotionCategory } from "~/db/schema";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";

// admin.md §5 and §8
export const CATEGORY_IN_USE_MESSAGE = "Bu kategori kullanımda olduğu için silinemez";

export type CategoryInput = { name: string; slug: string; description?: string | null; isActive?: boolean };

// Writes; chips and promotion cards show category names, so each invalidates the cached pages.
export async function createCategory(input: CategoryInput): Promise<PromotionCategory> {
  const [row] = await getDb().insert(promotionCategories).values(input).returning();
  await invalidatePages(SITE_TAG);
  return row!;
}

/** Renaming a category renames the text copy promotions keep (admin.md §5). */
export async function updateCategory(id: string, input: CategoryInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.update(promotionCategories).set({ ...input, updatedAt: new Date() }).where(eq(promotionCategories.id, id));
    await tx.update(promotions).set({ category: input.name }).where(eq(promotions.categoryId, id));
  });
  await invalidatePages(SITE_TAG);
}

/** admin.md §5: a category used by any promotion cannot be deleted. */
export async function deleteCategory(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const [used] = await getDb().select({ id: promotions.id }).from(promotions).where(eq(promotions.categoryId, id)).limit(1);
  if (used) return { ok: false, message: CATEGORY_IN_USE_MESSAGE };
  await getDb().delete(promotionCategories).where(eq(promotionCategories.id, id));
  await invalidatePages(SITE_TAG);
  return { ok: true };
}
