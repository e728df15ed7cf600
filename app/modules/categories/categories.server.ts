import { and, asc, count, desc, eq, ilike, notExists, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { promotionCategories, promotions, type PromotionCategory } from "~/db/schema";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { isUuid, uuidOrNull } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, likePattern, pageCountOf, type ListQuery, type Paged } from "~/lib/list-query";
import { containsFolded } from "~/lib/list-query.server";
import { SITE_TAG } from "~/lib/page-cache.server";
import { CATEGORY_MESSAGES, type CategoryFormInput, type CategoryListItem, type CategorySort } from "./categories.schema";

// ---- Public (issue 10 §2): a category's landing page, /bonuslar/{slug}.

export type CategoryPage = { id: string; name: string; slug: string; description: string | null };

/** The active category with this slug, or null (an inactive or unknown one has no page). */
export async function findActiveCategory(slug: string): Promise<CategoryPage | null> {
  const [row] = await getDb()
    .select({ id: promotionCategories.id, name: promotionCategories.name, slug: promotionCategories.slug, description: promotionCategories.description })
    .from(promotionCategories)
    .where(and(eq(promotionCategories.slug, slug), eq(promotionCategories.isActive, true)))
    .limit(1);
  return row ?? null;
}

// ---- Admin (issue 8): the list, and the dialog's audited commands.

/** Category chips, landing pages (/bonuslar/{slug}) and promotion cards show category names and slugs. */
const CATEGORY_COMMANDS: DomainCommands = {
  entity: "category",
  invalidates: [SITE_TAG],
  unique: { promotion_categories_slug_unique: { field: "slug", message: CATEGORY_MESSAGES.slugTaken } },
};

const listColumns = {
  id: promotionCategories.id,
  name: promotionCategories.name,
  slug: promotionCategories.slug,
  description: promotionCategories.description,
  isActive: promotionCategories.isActive,
};

export async function listCategoriesForAdmin(query: ListQuery<CategorySort>): Promise<Paged<CategoryListItem>> {
  const db = getDb();
  const where: SQL | undefined = query.q ? or(containsFolded(promotionCategories.name, query.q), ilike(promotionCategories.slug, likePattern(query.q))) : undefined;
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "name" ? [direction(promotionCategories.name), asc(promotionCategories.id)] : [direction(promotionCategories.createdAt), asc(promotionCategories.id)];
  const [rows, [total]] = await Promise.all([
    db.select(listColumns).from(promotionCategories).where(where).orderBy(...order).limit(ADMIN_PAGE_SIZE).offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(promotionCategories).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0, page: query.page, pageCount: pageCountOf(total?.n ?? 0) };
}

/** The category the dialog edits, or null. */
export async function getCategoryForEdit(id: string): Promise<CategoryListItem | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb().select(listColumns).from(promotionCategories).where(eq(promotionCategories.id, id)).limit(1);
  return row ?? null;
}

/**
 * Creates or updates a category (the form's intent says which). A taken slug comes back
 * as the slug field's message; renaming also renames the text copy promotions keep (admin.md §5).
 */
export function saveCategory(actor: Actor, input: CategoryFormInput): Promise<CommandResult<PromotionCategory>> {
  const values = { name: input.name, slug: input.slug, description: input.description, isActive: input.isActive };
  const id = input.intent === "update" ? input.id : null;
  return runCommand(
    CATEGORY_COMMANDS,
    input.intent,
    actor,
    async (tx) => {
      if (id === null) {
        const [row] = await tx.insert(promotionCategories).values(values).returning();
        return { value: row!, target: { id: row!.id, summary: row!.name } };
      }
      const [row] = await tx.update(promotionCategories).set({ ...values, updatedAt: new Date() }).where(eq(promotionCategories.id, id)).returning();
      if (!row) return reject({ "": [CATEGORY_MESSAGES.notFound] });
      await tx.update(promotions).set({ category: row.name }).where(eq(promotions.categoryId, id));
      return { value: row, target: { id: row.id, summary: row.name } };
    },
    { id, summary: input.name },
  );
}

/**
 * admin.md §5: a category used by any promotion cannot be deleted. The row is locked first
 * (FOR UPDATE waits for a promotion being saved with it, whose save holds it FOR SHARE),
 * then one statement deletes it only if no promotion uses it, seen as of after that wait.
 */
export function removeCategory(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(
    CATEGORY_COMMANDS,
    "delete",
    actor,
    async (tx) => {
      const [locked] = isUuid(id) ? await tx.select({ id: promotionCategories.id, name: promotionCategories.name }).from(promotionCategories).where(eq(promotionCategories.id, id)).for("update") : [];
      if (!locked) return reject({ "": [CATEGORY_MESSAGES.notFound] });
      const [row] = await tx
        .delete(promotionCategories)
        .where(and(eq(promotionCategories.id, id), notExists(tx.select({ one: sql`1` }).from(promotions).where(eq(promotions.categoryId, id)))))
        .returning({ id: promotionCategories.id, name: promotionCategories.name });
      if (!row) return reject({ "": [CATEGORY_MESSAGES.inUse] }, { id: locked.id, summary: locked.name });
      return { value: { id: row.id }, target: { id: row.id, summary: row.name } };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}
