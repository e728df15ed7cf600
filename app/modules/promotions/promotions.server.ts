import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotions } from "~/db/schema";
import { htmlToText, SHORT_DESCRIPTION_LENGTH, cutText } from "~/lib/text";

/** A promotion as the public pages show it: the joined casino and the derived fields of public-site.md §3. */
export type PublicPromotion = {
  id: string;
  title: string;
  slug: string;
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

type PromotionRow = { [K in keyof typeof publicColumns]: (typeof publicColumns)[K]["_"]["data"] | null };

function toPublicPromotion(row: PromotionRow): PublicPromotion {
  return {
    id: row.id!,
    title: row.title!,
    slug: row.slug!,
    description: row.description ?? "",
    // public-site.md §3: shortDescription is the first 150 characters of description.
    shortDescription: cutText(htmlToText(row.description ?? ""), SHORT_DESCRIPTION_LENGTH),
    terms: row.terms ?? [],
    claimLink: row.url!,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    promotionCode: row.promotionCode,
    category: row.category,
    categoryId: row.categoryId,
    createdAt: row.createdAt!.toISOString(),
    casino: row.casinoId
      ? { id: row.casinoId, name: row.casinoName!, slug: row.casinoSlug!, logoUrl: row.casinoLogoUrl }
      : null,
  };
}

/** Active promotions, newest first (public-site.md §7 "Promotion lists"). */
export async function listActivePromotions(options: { limit?: number } = {}): Promise<PublicPromotion[]> {
  const query = getDb()
    .select(publicColumns)
    .from(promotions)
    .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(eq(promotions.isActive, true))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(toPublicPromotion);
}

export async function findActivePromotionById(id: string): Promise<PublicPromotion | null> {
  const [row] = await getDb()
    .select(publicColumns)
    .from(promotions)
    .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(and(eq(promotions.id, id), eq(promotions.isActive, true)))
    .limit(1);
  return row ? toPublicPromotion(row) : null;
}
