import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, like, lt, lte, min, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotionCategories, promotions, type Promotion } from "~/db/schema";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands, type FieldErrors, type Tx } from "~/lib/command.server";
import { addDays, istanbulToday } from "~/lib/dates";
import { isUuid, uuidOrNull } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, likePattern, pageCountOf, pagedCount, type ListQuery, type Paged } from "~/lib/list-query";
import { countAhead, containsFolded } from "~/lib/list-query.server";
import { keepAnswersByText } from "~/lib/keep-answers";
import { sanitizeRichTextUncached } from "~/lib/sanitize.server";
import { compareTurkish, foldForSearch, sortByTurkishName } from "~/lib/turkish";
import { listCasinoOptions } from "~/modules/casinos/casino-options.server";
import { enqueueIndexing } from "~/modules/indexing/indexing-queue.server";
import { clicksOfPromotions } from "~/modules/outbound/click-stats.server";
import { SITE_TAG } from "~/lib/page-cache.server";
import { readShared, readSharedHolding } from "~/lib/shared-reads.server";
import { resolvePromotionSlug, type SlugCandidate } from "./fuzzy";
import { isBonusType, isWageringBasis, VERIFICATION_STALE_DAYS, type BonusTerms } from "./bonus-terms";
import { verificationOf } from "./bonus-details";
import {
  bonusTermsEditorValue,
  bonusTermsOf,
  composePromotionDescription,
  dateToIstanbulLocal,
  derivePromotionFields,
  freePromotionSlug,
  isExpired,
  PROMOTION_MESSAGES,
  promotionFailure,
  promotionPublicPath,
  promotionStatusOf,
  shortDescriptionOf,
  splitPromotionDescription,
  type PromotionCategoryOption,
  type PromotionEditorOptions,
  type PromotionEditorValue,
  type PromotionFormInput,
  type PromotionListItem,
  type PromotionSort,
  type PromotionStatus,
} from "./promotions.schema";
import type { PublicPromotion } from "./promotions.schema";
import { isStaleEdit, STALE_EDIT_MESSAGE } from "~/lib/validation";
export type { PublicPromotion } from "./promotions.schema";


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
  // Issue 11 §1-2: the structured terms and the rating columns the trigger keeps.
  bonusType: promotions.bonusType,
  bonusAmount: promotions.bonusAmount,
  bonusPercent: promotions.bonusPercent,
  bonusCap: promotions.bonusCap,
  freeSpins: promotions.freeSpins,
  minDeposit: promotions.minDeposit,
  wageringMultiplier: promotions.wageringMultiplier,
  wageringBasis: promotions.wageringBasis,
  maxBet: promotions.maxBet,
  maxCashout: promotions.maxCashout,
  eligibleGames: promotions.eligibleGames,
  lastVerifiedAt: promotions.lastVerifiedAt,
  ratingCount: promotions.ratingCount,
  ratingTotal: promotions.ratingTotal,
};

type PromotionRow = {
  id: string; title: string; slug: string; description: string; terms: string[]; url: string; expiryDate: Date | null;
  imageUrl: string | null; promotionCode: string | null; category: string | null; categoryId: string | null; createdAt: Date;
  casinoId: string | null; casinoName: string | null; casinoSlug: string | null; casinoLogoUrl: string | null;
  ratingCount: number; ratingTotal: number;
} & StoredTerms;

type StoredTerms = Pick<Promotion, "bonusType" | "bonusAmount" | "bonusPercent" | "bonusCap" | "freeSpins" | "minDeposit" | "wageringMultiplier" | "wageringBasis" | "maxBet" | "maxCashout" | "eligibleGames" | "lastVerifiedAt">;

/** The stored structured terms (the columns' checks keep the type and basis to the known values). */
function bonusTermsFrom(row: StoredTerms): BonusTerms {
  return {
    bonusType: isBonusType(row.bonusType) ? row.bonusType : null,
    bonusAmount: row.bonusAmount,
    bonusPercent: row.bonusPercent,
    bonusCap: row.bonusCap,
    freeSpins: row.freeSpins,
    minDeposit: row.minDeposit,
    wageringMultiplier: row.wageringMultiplier === null ? null : Number(row.wageringMultiplier),
    wageringBasis: isWageringBasis(row.wageringBasis) ? row.wageringBasis : null,
    maxBet: row.maxBet,
    maxCashout: row.maxCashout,
    eligibleGames: row.eligibleGames,
    lastVerifiedAt: row.lastVerifiedAt,
  };
}

/**
 * Each description made safe and shortened once per text, not once per card rendered: room
 * for about 3,000 descriptions of the scale seed's size (8 M characters, 16 MB at most);
 * beyond that the least recently shown are computed again.
 */
const describePromotion = keepAnswersByText((raw) => ({ description: sanitizeRichTextUncached(raw), shortDescription: shortDescriptionOf(raw) }), {
  maxInputChars: 16 * 1024,
  maxChars: 8 * 1024 * 1024,
  sizeOf: (answer) => answer.description.length + answer.shortDescription.length,
});

function toPublicPromotion(row: PromotionRow): PublicPromotion {
  const { description, shortDescription } = describePromotion(row.description);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description,
    shortDescription,
    terms: row.terms,
    claimLink: row.url,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    promotionCode: row.promotionCode,
    category: row.category,
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
    casino: row.casinoId ? { id: row.casinoId, name: row.casinoName!, slug: row.casinoSlug!, logoUrl: row.casinoLogoUrl } : null,
    bonus: bonusTermsFrom(row),
    ratingCount: row.ratingCount,
    ratingTotal: row.ratingTotal,
  };
}

function selectPublic() {
  return getDb().select(publicColumns).from(promotions).leftJoin(casinos, eq(casinos.id, promotions.casinoId));
}

const newestFirst = [desc(promotions.createdAt), desc(promotions.id)];

/**
 * What the public lists show: active promotions whose expiry has not passed (issue 7: an
 * expired offer leaves the lists when it expires). Its own page stays reachable by link.
 */
export const listedPromotion = () => and(eq(promotions.isActive, true), or(isNull(promotions.expiryDate), gt(promotions.expiryDate, sql`now()`)))!;

/** The next moment a listed promotion expires, or null: the page cache drops the lists then. */
export async function nextPromotionExpiry(): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: min(promotions.expiryDate) })
    .from(promotions)
    .where(and(eq(promotions.isActive, true), gt(promotions.expiryDate, sql`now()`)));
  return row?.at ?? null;
}

/** Active promotions, newest first (public-site.md §7 "Promotion lists"). */
export async function listActivePromotions(limit: number): Promise<PublicPromotion[]> {
  const rows = await selectPublic().where(listedPromotion()).orderBy(...newestFirst).limit(limit);
  return rows.map(toPublicPromotion);
}

/**
 * Issue 10 §1: the visitor's words, folded as the stored search text is (foldForSearch: no
 * Turkish letters, any case), in the title, the short description or the casino's name.
 * The casinos so named are read first (few rows; a trigram index on search_fold(name)),
 * so the planner sees their ids as constants and estimates the promotions' side well:
 * the trigram index on search_text and promotions_casino_idx, combined, instead of a
 * scan of every promotion (drizzle/0006). LIKE's wildcards in the query match themselves.
 */
async function matchesSearch(folded: string): Promise<SQL> {
  const pattern = likePattern(folded);
  const named = await getDb().select({ id: casinos.id }).from(casinos).where(sql`search_fold(${casinos.name}) like ${pattern}`);
  const inText = like(promotions.searchText, pattern);
  return named.length > 0 ? or(inText, inArray(promotions.casinoId, named.map((casino) => casino.id)))! : inText;
}

export type PromotionSearch = { query?: string; categorySlug?: string; page: number; pageSize: number };

/**
 * public-site.md §5.3 and issue 10 §1: search over the title, the short description and
 * the casino's name, as visitors type it ('bogazici' finds 'Boğaziçi' and the reverse),
 * and the category whose slug is selected; one page, newest first.
 */
export async function searchActivePromotions(search: PromotionSearch): Promise<{ items: PublicPromotion[]; total: number }> {
  const queries = await promotionSearchQueries(search);
  const [rows, [totals]] = await Promise.all([queries.rows, queries.total]);
  return { items: rows.map(toPublicPromotion), total: totals?.n ?? 0 };
}

/** The two queries behind one page of search results: exported so a test can EXPLAIN them. */
export async function promotionSearchQueries({ query, categorySlug, page, pageSize }: PromotionSearch) {
  const conditions = [listedPromotion()];
  const folded = foldForSearch(query?.trim() ?? "");
  if (folded) conditions.push(await matchesSearch(folded));
  if (categorySlug) {
    const owner = getDb().select({ id: promotionCategories.id }).from(promotionCategories).where(eq(promotionCategories.slug, categorySlug));
    conditions.push(sql`${promotions.categoryId} in (${owner})`);
  }
  const where = and(...conditions);
  return {
    rows: selectPublic().where(where).orderBy(...newestFirst).limit(pageSize).offset((page - 1) * pageSize),
    total: getDb().select({ n: count() }).from(promotions).where(where),
  };
}

export type CategoryChip = { id: string; name: string; slug: string; count: number };

/** public-site.md §2.4: active categories with at least one active promotion, with counts, in Turkish order. */
export function listCategoryChips(): Promise<readonly CategoryChip[]> {
  return readShared("category-chips", async () => {
    // Counted once over the listed promotions, then joined: joined first, PostgreSQL read
    // every promotion once per category (27 ms at 5,000 promotions and 6 categories, 4.7 now).
    const live = getDb()
      .select({ categoryId: promotions.categoryId, n: count().as("n") })
      .from(promotions)
      .where(listedPromotion())
      .groupBy(promotions.categoryId)
      .as("live");
    const rows = await getDb()
      .select({ id: promotionCategories.id, name: promotionCategories.name, slug: promotionCategories.slug, count: live.n })
      .from(promotionCategories)
      .innerJoin(live, eq(live.categoryId, promotionCategories.id))
      .where(eq(promotionCategories.isActive, true));
    return rows.sort((a, b) => compareTurkish(a.name, b.name));
  });
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
      .where(and(eq(promotions.isActive, true), where))
      // Of two active promotions with one slug, the newest: the one /git/ leads to (ADR 012).
      .orderBy(...newestFirst);
  // Slugs are written without Turkish letters (slugify): an address typed with them
  // ('kayıp-bonusu', 'HOŞ-GELDİN') is read as its slug would be.
  const wanted = foldForSearch(promotionSlug);
  const exact = await candidates(eq(promotions.slug, wanted));
  // Every other address (a typo, a changed title, a made-up one) scores all active
  // promotions: their slugs are kept between writes (ADR 013), so a stream of addresses
  // that match nothing costs no database read each (27 ms at 5,000 promotions).
  const all = exact.length > 0 ? exact : await readShared<readonly SlugCandidate[]>("promotion-slug-candidates", () => candidates(undefined));
  const id = resolvePromotionSlug(all, foldForSearch(casinoSlug), wanted);
  return id ? findActivePromotionById(id) : null;
}

// public-site.md §9: up to 10 related promotions.
export const RELATED_PROMOTIONS_LIMIT = 10;

/** Other active promotions of the same casino (public-site.md §2.9). */
export async function listRelatedPromotions(promotion: PublicPromotion): Promise<PublicPromotion[]> {
  if (!promotion.casino) return [];
  const rows = await selectPublic()
    .where(and(eq(promotions.casinoId, promotion.casino.id), listedPromotion(), ne(promotions.id, promotion.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_PROMOTIONS_LIMIT);
  return rows.map(toPublicPromotion);
}

export async function listActivePromotionsOfCasino(casinoId: string): Promise<PublicPromotion[]> {
  const rows = await selectPublic()
    .where(and(eq(promotions.casinoId, casinoId), listedPromotion()))
    .orderBy(...newestFirst);
  return rows.map(toPublicPromotion);
}

// ---- Admin (issue 8): reads for the list and the editor, and the audited commands.

/** Promotions appear on most public pages (lists, cards, casino pages, the sitemap). */
const PROMOTION_COMMANDS: DomainCommands = { entity: "promotion", invalidates: [SITE_TAG] };

export type PromotionListQuery = ListQuery<PromotionSort> & { status: PromotionStatus | null; needsVerification?: boolean };

/**
 * Issue 11 §6: not verified for more than VERIFICATION_STALE_DAYS days (Istanbul calendar,
 * as the offer page's 'Son doğrulama' line counts them), or never.
 */
function needsVerificationCondition(now: Date): SQL | undefined {
  const cutoff = addDays(istanbulToday(now), -VERIFICATION_STALE_DAYS);
  return or(isNull(promotions.lastVerifiedAt), lt(promotions.lastVerifiedAt, cutoff));
}

function statusCondition(status: PromotionStatus, now: Date): SQL | undefined {
  // As the public lists: listed while the expiry is still ahead.
  const notExpired = or(isNull(promotions.expiryDate), gt(promotions.expiryDate, now));
  if (status === "expired") return lte(promotions.expiryDate, now);
  return and(eq(promotions.isActive, status === "active"), notExpired);
}

export async function listPromotionsForAdmin(query: PromotionListQuery, now: Date = new Date()): Promise<Paged<PromotionListItem>> {
  const db = getDb();
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    // The stored search text is folded by foldForSearch (issue 10 §1); the casino's name alike.
    const folded = likePattern(foldForSearch(query.q));
    conditions.push(or(like(promotions.searchText, folded), containsFolded(casinos.name, query.q), ilike(promotions.promotionCode, likePattern(query.q))));
  }
  if (query.status) conditions.push(statusCondition(query.status, now));
  if (query.needsVerification) conditions.push(needsVerificationCondition(now));
  const where = and(...conditions);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const order =
    query.sort === "title"
      ? [direction === "asc" ? asc(promotions.title) : desc(promotions.title), asc(promotions.id)]
      : query.sort === "expiryDate"
        ? // Open-ended promotions ('Süresiz') sort after every dated one, either way.
          [direction === "asc" ? sql`${promotions.expiryDate} asc nulls last` : sql`${promotions.expiryDate} desc nulls last`, asc(promotions.id)]
        : // Ties in either direction as promotions_created_idx reads them (forwards or backwards).
          direction === "asc"
          ? [asc(promotions.createdAt), asc(promotions.id)]
          : [desc(promotions.createdAt), desc(promotions.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: promotions.id,
        title: promotions.title,
        casinoName: casinos.name,
        category: promotions.category,
        promotionCode: promotions.promotionCode,
        isActive: promotions.isActive,
        expiryDate: promotions.expiryDate,
        lastVerifiedAt: promotions.lastVerifiedAt,
        createdAt: promotions.createdAt,
      })
      .from(promotions)
      .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    // Only a search reads the casino's name: without one, the count needs no join (an index-only
    // scan, exact). A search reads every promotion's row to count: it counts only as far as an
    // operator can page (ADR 018, addendum), as the comments list does.
    query.q
      ? countAhead(db.select({ one: sql`1` }).from(promotions).leftJoin(casinos, eq(casinos.id, promotions.casinoId)).where(where).$dynamic(), query.page)
      : db.select({ n: count() }).from(promotions).where(where),
  ]);
  const clicks = await clicksOfPromotions(rows.map((row) => row.id));
  return {
    items: rows.map(({ lastVerifiedAt, ...row }) => {
      const status = promotionStatusOf(row, now);
      return {
        ...row,
        clicks30d: clicks.get(row.id) ?? 0,
        verification: verificationOf(lastVerifiedAt, now),
        status,
        canToggle: status !== "expired",
        expiryDate: row.expiryDate?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    page: query.page,
    ...(query.q ? pagedCount(total?.n ?? 0, query.page) : { total: total?.n ?? 0, pageCount: pageCountOf(total?.n ?? 0) }),
  };
}

/** The promotion to edit, its stored description split back into the form's two fields. */
export async function getPromotionForEdit(id: string): Promise<PromotionEditorValue | null> {
  if (!isUuid(id)) return null;
  const [found] = await getDb()
    .select({ row: promotions, casinoSlug: casinos.slug })
    .from(promotions)
    .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
    .where(eq(promotions.id, id))
    .limit(1);
  if (!found) return null;
  const { row, casinoSlug } = found;
  const { shortDescription, fullDescription } = splitPromotionDescription(row.description);
  return {
    id: row.id,
    title: row.title,
    casinoId: row.casinoId,
    categoryId: row.categoryId,
    imageUrl: row.imageUrl,
    shortDescription,
    fullDescription,
    terms: row.terms.join("\n"),
    url: row.url,
    promotionCode: row.promotionCode,
    expiryDate: row.expiryDate ? dateToIstanbulLocal(row.expiryDate) : "",
    isActive: row.isActive,
    version: row.updatedAt.toISOString(),
    address: promotionPublicPath({ id: row.id, slug: row.slug, casinoSlug }),
    ...bonusTermsEditorValue(bonusTermsFrom(row)),
  };
}

/**
 * What the promotion editor offers (ADR 013, addendum 3: both lists kept between writes):
 * every casino, and the active categories in Turkish order plus the edited promotion's own,
 * which it keeps when that category is later deactivated. `current`: the edited promotion's
 * casino and category, which a list kept from before they were written must not lack.
 */
export async function listPromotionEditorOptions(current: { casinoId: string | null; categoryId: string | null } | null): Promise<PromotionEditorOptions> {
  const categoryId = current?.categoryId ?? null;
  const [casinoOptions, categoryRows] = await Promise.all([listCasinoOptions(current?.casinoId ?? null), readSharedHolding("promotion-category-options", readCategoryOptions, categoryId)]);
  return { casinos: casinoOptions, categories: categoryRows.filter((category) => category.isActive || category.id === categoryId) };
}

async function readCategoryOptions(): Promise<readonly PromotionCategoryOption[]> {
  return sortByTurkishName(
    await getDb().select({ id: promotionCategories.id, name: promotionCategories.name, isActive: promotionCategories.isActive }).from(promotionCategories),
  );
}

export type SavedPromotion = {
  id: string;
  title: string;
  slug: string;
  casinoSlug: string | null;
  isActive: boolean;
  /** Turned from inactive (or new) to active by this write: its page was queued for indexing. */
  activated: boolean;
};

/** A promotion's public path as the IndexNow queue takes it (no leading slash). */
function indexingPathOf(promotion: { id: string; slug: string; casinoSlug: string | null }): string {
  return promotionPublicPath(promotion).slice(1);
}

type Lookup = { casinoSlug: string | null; categoryName: string | null; errors: FieldErrors };

/**
 * The chosen casino and category must exist (the category must be active unless the
 * promotion already had it). Both rows are locked FOR SHARE until the commit, so a
 * category deleted meanwhile is either still there when the promotion is written or
 * seen as gone, never deleted under it (which would leave its name behind).
 */
async function lookUpChoices(tx: Tx, input: PromotionFormInput, currentCategoryId: string | null): Promise<Lookup> {
  const result: Lookup = { casinoSlug: null, categoryName: null, errors: {} };
  if (input.casinoId) {
    const [casino] = await tx.select({ slug: casinos.slug }).from(casinos).where(eq(casinos.id, input.casinoId)).for("share");
    if (casino) result.casinoSlug = casino.slug;
    else result.errors.casinoId = [PROMOTION_MESSAGES.casinoMissing];
  }
  if (input.categoryId) {
    const [category] = await tx
      .select({ name: promotionCategories.name, isActive: promotionCategories.isActive })
      .from(promotionCategories)
      .where(eq(promotionCategories.id, input.categoryId))
      .for("share");
    // admin.md §5: the saved category text is the chosen category's name, read here.
    if (category && (category.isActive || input.categoryId === currentCategoryId)) result.categoryName = category.name;
    else result.errors.categoryId = [PROMOTION_MESSAGES.categoryMissing];
  }
  return result;
}

/**
 * ADR 023: the slug this promotion takes in its casino, free of the casino's other
 * promotions. Saves into one casino pick their slugs one at a time (a transaction lock per
 * casino), so two saves of one title at once cannot both take it. A promotion without a
 * casino is addressed by its id: any slug does.
 */
async function slugFreeInCasino(tx: Tx, casinoId: string | null, base: string, id: string | null, current: string | null): Promise<string> {
  if (!casinoId) return base;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promotion-slugs:${casinoId}`}::text))`);
  const others = await tx
    .select({ slug: promotions.slug })
    .from(promotions)
    .where(and(eq(promotions.casinoId, casinoId), id ? ne(promotions.id, id) : undefined));
  return freePromotionSlug(base, new Set(others.map((row) => row.slug)), current);
}

/**
 * Creates (id null) or updates a promotion from the editor's form. Stored as admin.md §3
 * says; the slug and search text follow the title and description. Becoming active resets
 * `indexed` and queues the public page for IndexNow in the same transaction (issue 9 §7:
 * the save never waits for the search engine; the sender sets `indexed` on success). An
 * active promotion whose address changes (new title or casino) queues the old address and
 * the new one, and its `indexed` is reset until the new one is accepted; one saved live at
 * the same address queues that address, so the search engine reads the new terms.
 */
export function savePromotion(actor: Actor, id: string | null, input: PromotionFormInput): Promise<CommandResult<SavedPromotion>> {
  const failure = id ? promotionFailure.update : promotionFailure.create;
  const description = composePromotionDescription(input.shortDescription, sanitizeRichTextUncached(input.fullDescription));
  return runCommand(
    PROMOTION_COMMANDS,
    id ? "update" : "create",
    actor,
    async (tx) => {
      let current: { isActive: boolean; categoryId: string | null; slug: string; casinoId: string | null; updatedAt: Date } | undefined;
      if (id !== null) {
        [current] = isUuid(id)
          ? await tx
              .select({ isActive: promotions.isActive, categoryId: promotions.categoryId, slug: promotions.slug, casinoId: promotions.casinoId, updatedAt: promotions.updatedAt })
              .from(promotions)
              .where(eq(promotions.id, id))
              .for("update")
          : [];
        if (!current) return reject({ "": [failure(PROMOTION_MESSAGES.notFound)] });
        if (isStaleEdit(current.updatedAt, input)) return reject({ "": [STALE_EDIT_MESSAGE] });
      }
      const choices = await lookUpChoices(tx, input, current?.categoryId ?? null);
      if (Object.keys(choices.errors).length > 0) return reject(choices.errors);
      const activated = input.isActive && !current?.isActive;
      const fields = derivePromotionFields(input.title, description);
      const derived = { ...fields, slug: await slugFreeInCasino(tx, input.casinoId, fields.slug, id, current?.casinoId === input.casinoId ? current.slug : null) };
      // An active promotion staying active whose address changes: a new title (slug) or casino.
      const oldPath =
        id !== null && current?.isActive && input.isActive ? indexingPathOf({ id, slug: current.slug, casinoSlug: await casinoSlugOf(tx, current.casinoId) }) : null;
      const moved = oldPath !== null && oldPath !== indexingPathOf({ id: id!, slug: derived.slug, casinoSlug: choices.casinoSlug });
      // A live offer's page changed where it is: the search engine is told, as WordPress's IndexNow plugin does on an update.
      const updatedLive = oldPath !== null && !moved;
      const values = {
        title: input.title,
        ...derived,
        casinoId: input.casinoId,
        categoryId: input.categoryId,
        category: choices.categoryName,
        description,
        url: input.url,
        terms: input.terms,
        promotionCode: input.promotionCode,
        expiryDate: input.expiryDate,
        imageUrl: input.imageUrl,
        isActive: input.isActive,
        ...bonusTermsOf(input),
        ...(activated || moved || updatedLive ? { indexed: false } : {}),
      };
      const [row] = id
        ? await tx.update(promotions).set({ ...values, updatedAt: new Date() }).where(eq(promotions.id, id)).returning()
        : await tx.insert(promotions).values(values).returning();
      const page = { path: indexingPathOf({ id: row!.id, slug: row!.slug, casinoSlug: choices.casinoSlug }), entityType: "promotion" as const, entityId: row!.id };
      if (activated) await enqueueIndexing(tx, [page], "promotion.activate");
      else if (moved && oldPath) await enqueueIndexing(tx, [{ path: oldPath }, page], "promotion.slug-change");
      else if (updatedLive) await enqueueIndexing(tx, [page], "promotion.update");
      return {
        value: { id: row!.id, title: row!.title, slug: row!.slug, casinoSlug: choices.casinoSlug, isActive: row!.isActive, activated },
        target: { id: row!.id, summary: row!.title },
      };
    },
    { id, summary: input.title },
  );
}

/** The list's active/inactive switch; an expired promotion has none (admin.md §4). */
export function setPromotionActiveByAdmin(actor: Actor, id: string, isActive: boolean, now: Date = new Date()): Promise<CommandResult<SavedPromotion>> {
  return runCommand(
    PROMOTION_COMMANDS,
    isActive ? "activate" : "deactivate",
    actor,
    async (tx) => {
      const [row] = isUuid(id) ? await tx.select().from(promotions).where(eq(promotions.id, id)).for("update") : [];
      if (!row) return reject({ "": [promotionFailure.update(PROMOTION_MESSAGES.notFound)] });
      if (isExpired(row.expiryDate, now)) return reject({ "": [promotionFailure.update(PROMOTION_MESSAGES.expiredToggle)] }, { id: row.id, summary: row.title });
      const activated = isActive && !row.isActive;
      await tx
        .update(promotions)
        .set({ isActive, updatedAt: new Date(), ...(activated ? { indexed: false } : {}) })
        .where(eq(promotions.id, id));
      const casinoSlug = await casinoSlugOf(tx, row.casinoId);
      // issue 9 §7: queued in this transaction; the background sender submits it and sets `indexed`.
      if (activated) await enqueueIndexing(tx, [{ path: indexingPathOf({ id: row.id, slug: row.slug, casinoSlug }), entityType: "promotion", entityId: row.id }], "promotion.activate");
      return {
        value: { id: row.id, title: row.title, slug: row.slug, casinoSlug, isActive, activated },
        target: { id: row.id, summary: row.title },
      };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}

/** Deletes a promotion (its comments go with it); an active one's address is queued so the search engine drops it. */
export function removePromotion(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(PROMOTION_COMMANDS, "delete", actor, async (tx) => {
    const [row] = isUuid(id)
      ? await tx
          .delete(promotions)
          .where(eq(promotions.id, id))
          .returning({ id: promotions.id, title: promotions.title, slug: promotions.slug, casinoId: promotions.casinoId, isActive: promotions.isActive })
      : [];
    if (!row) return reject({ "": [promotionFailure.delete(PROMOTION_MESSAGES.notFound)] });
    // An inactive promotion had no public page: nothing changed for a search engine.
    if (row.isActive) await enqueueIndexing(tx, [{ path: indexingPathOf({ id: row.id, slug: row.slug, casinoSlug: await casinoSlugOf(tx, row.casinoId) }) }], "promotion.delete");
    return { value: { id: row.id }, target: { id: row.id, summary: row.title } };
  });
}

async function casinoSlugOf(tx: Tx, casinoId: string | null): Promise<string | null> {
  if (!casinoId) return null;
  const [casino] = await tx.select({ slug: casinos.slug }).from(casinos).where(eq(casinos.id, casinoId));
  return casino?.slug ?? null;
}
