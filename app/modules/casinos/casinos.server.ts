import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotions, type Casino } from "~/db/schema";
import { SITE_TAG } from "~/lib/page-cache.server";
import { readShared } from "~/lib/shared-reads.server";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { ADMIN_PAGE_SIZE, likePattern, pageCountOf, type ListQuery, type Paged } from "~/lib/list-query";
import { containsFolded } from "~/lib/list-query.server";
import { htmlToText } from "~/lib/text";
import { CASINO_MESSAGES, type CasinoEditorValue, type CasinoFormInput, type CasinoListItem, type CasinoSort } from "./casinos.schema";
import { isUuid, uuidOrNull } from "~/lib/ids";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { slugify } from "~/lib/slug";
import { foldTurkish, sortByTurkishName } from "~/lib/turkish";
import { clicksOfCasinos } from "~/modules/outbound/click-stats.server";
import { nextFormerHosts } from "~/modules/outbound/outbound-target";
// What the public lists show (issue 11 §2): a casino's count says what its page lists.
import { listedPromotion } from "~/modules/promotions/promotions.server";
import type { CasinoCard, CasinoDetail } from "./casinos.schema";
import { isStaleEdit, STALE_EDIT_MESSAGE } from "~/lib/validation";
export type { CasinoCard, CasinoDetail } from "./casinos.schema";


async function activeCountsByCasino(): Promise<Map<string, number>> {
  const rows = await getDb()
    .select({ casinoId: promotions.casinoId, n: count() })
    .from(promotions)
    .where(listedPromotion())
    .groupBy(promotions.casinoId);
  return new Map(rows.filter((r) => r.casinoId).map((r) => [r.casinoId!, r.n]));
}

/** Every casino in Turkish alphabetical order with its active promotion count (public-site.md §2.6-2.7). */
export function listCasinoCards(): Promise<readonly CasinoCard[]> {
  return readShared("casino-cards", async () => {
    const [rows, counts] = await Promise.all([
      getDb()
        .select({ id: casinos.id, name: casinos.name, slug: casinos.slug, logoUrl: casinos.logoUrl, featured: casinos.featured })
        .from(casinos),
      activeCountsByCasino(),
    ]);
    return sortByTurkishName(rows).map((row) => ({ ...row, activePromotionCount: counts.get(row.id) ?? 0 }));
  });
}

/**
 * public-site.md §2.1: the id may be a uuid, a slug of the name, or a partial name.
 * Partial names match the Turkish way ('izmir' finds 'İzmir Casino').
 */
export async function findCasino(idOrName: string): Promise<CasinoDetail | null> {
  const db = getDb();
  let [row] = isUuid(idOrName) ? await db.select().from(casinos).where(eq(casinos.id, idOrName)).limit(1) : [];
  row ??= (await db.select().from(casinos).where(eq(casinos.slug, slugify(idOrName))).limit(1))[0];
  if (!row) {
    const wanted = foldTurkish(idOrName.replace(/-/g, " ").trim());
    const all = sortByTurkishName(await db.select({ id: casinos.id, name: casinos.name, slug: casinos.slug }).from(casinos));
    const match = all.find((c) => foldTurkish(c.name).includes(wanted) || c.slug.includes(slugify(idOrName)));
    if (match) [row] = await db.select().from(casinos).where(eq(casinos.id, match.id)).limit(1);
  }
  if (!row) return null;
  const [active] = await db
    .select({ n: count() })
    .from(promotions)
    .where(and(eq(promotions.casinoId, row.id), listedPromotion()));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logoUrl: row.logoUrl,
    featured: row.featured,
    url: row.url,
    rating: row.rating,
    description: sanitizeRichText(row.description),
    updatedAt: row.updatedAt.toISOString(),
    activePromotionCount: active?.n ?? 0,
  };
}

// ---- Admin (issue 8): reads for the list and the editor, and the audited commands.

/** Casinos appear on nearly every public page (cards, carousel, promotion cards). */
const CASINO_COMMANDS: DomainCommands = {
  entity: "casino",
  invalidates: [SITE_TAG],
  unique: { casinos_slug_unique: { field: "name", message: CASINO_MESSAGES.nameTaken } },
};

export async function listCasinosForAdmin(query: ListQuery<CasinoSort>): Promise<Paged<CasinoListItem>> {
  const db = getDb();
  const where: SQL | undefined = query.q ? or(containsFolded(casinos.name, query.q), ilike(casinos.url, likePattern(query.q))) : undefined;
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "name" ? [direction(casinos.name), asc(casinos.id)] : [direction(casinos.createdAt), asc(casinos.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: casinos.id,
        name: casinos.name,
        slug: casinos.slug,
        url: casinos.url,
        logoUrl: casinos.logoUrl,
        description: casinos.description,
        currentAddress: casinos.currentAddress,
        createdAt: casinos.createdAt,
      })
      .from(casinos)
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(casinos).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [counts, clicks] = await Promise.all([activeCountsFor(ids), clicksOfCasinos(ids)]);
  return {
    items: rows.map(({ description, createdAt, ...row }) => ({
      ...row,
      descriptionText: htmlToText(description).slice(0, 160),
      activePromotionCount: counts.get(row.id) ?? 0,
      clicks30d: clicks.get(row.id) ?? 0,
      createdAt: createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageCount: pageCountOf(total?.n ?? 0),
  };
}

async function activeCountsFor(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({ casinoId: promotions.casinoId, n: count() })
    .from(promotions)
    .where(and(eq(promotions.isActive, true), inArray(promotions.casinoId, ids)))
    .groupBy(promotions.casinoId);
  return new Map(rows.map((r) => [r.casinoId!, r.n]));
}

export async function getCasinoForEdit(id: string): Promise<CasinoEditorValue | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({
      id: casinos.id,
      name: casinos.name,
      url: casinos.url,
      logoUrl: casinos.logoUrl,
      description: casinos.description,
      currentAddress: casinos.currentAddress,
      formerHosts: casinos.formerHosts,
      updatedAt: casinos.updatedAt,
    })
    .from(casinos)
    .where(eq(casinos.id, id))
    .limit(1);
  if (!row) return null;
  const { updatedAt, ...casino } = row;
  return { ...casino, version: updatedAt.toISOString() };
}

/**
 * Creates (id null) or updates a casino; the slug follows the name and stays unique. Issue
 * 11 §3: a new current address (or URL) moves every outbound link of the casino at once (the
 * redirect reads it; the write drops the remembered targets); the host the links led to
 * before joins `former_hosts` in the same write, so promotion links on it keep moving.
 */
export function saveCasino(actor: Actor, id: string | null, input: CasinoFormInput): Promise<CommandResult<Casino>> {
  const { version: _version, overwrite: _overwrite, ...fields } = input;
  const values = { ...fields, description: sanitizeRichText(input.description), slug: slugify(input.name) };
  // The casino an edit names; a malformed id names none (refused below, as in removeCasino).
  const recordId = uuidOrNull(id);
  return runCommand(
    CASINO_COMMANDS,
    id ? "update" : "create",
    actor,
    async (tx) => {
      // A save that keeps the name keeps the address: a short name's slug carries a time
      // suffix (public-site.md §5.2) that would otherwise change on every save.
      // Read under a row lock, so two saves at once cannot both add to the old list.
      const [before] = recordId
        ? await tx
            .select({ url: casinos.url, currentAddress: casinos.currentAddress, formerHosts: casinos.formerHosts, updatedAt: casinos.updatedAt })
            .from(casinos)
            .where(eq(casinos.id, recordId))
            .for("update")
        : [];
      if (id && !before) return reject({ "": [CASINO_MESSAGES.notFound] });
      if (before && isStaleEdit(before.updatedAt, input)) return reject({ "": [STALE_EDIT_MESSAGE] });
      // One casino a name. The unique slug says so for most names, but a name under three
      // letters gets a time-based slug (public-site.md §5.2): ten saves of 'Xq' at once made
      // seven casinos (helper-68). Saves of casinos take their turn here, and a name another
      // casino has (case and Turkish letters aside) is refused with the slug's message.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('casino-names'))`);
      const [namesake] = await tx
        .select({ id: casinos.id })
        .from(casinos)
        .where(and(sql`search_fold(${casinos.name}) = search_fold(${input.name})`, recordId ? ne(casinos.id, recordId) : undefined))
        .limit(1);
      if (namesake) return reject({ name: [CASINO_MESSAGES.nameTaken] });
      const [row] = id
        ? await tx
            .update(casinos)
            .set({
              ...values,
              formerHosts: nextFormerHosts(before!, input),
              slug: sql`case when ${casinos.name} = ${input.name} then ${casinos.slug} else ${values.slug} end`,
              updatedAt: new Date(),
            })
            .where(eq(casinos.id, id))
            .returning()
        : await tx.insert(casinos).values(values).returning();
      if (!row) return reject({ "": [CASINO_MESSAGES.notFound] });
      return { value: row, target: { id: row.id, summary: row.name } };
    },
    { id: recordId, summary: input.name },
  );
}

/** Deletes a casino; its promotions stay, without a casino (the link is set null). */
export function removeCasino(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(CASINO_COMMANDS, "delete", actor, async (tx) => {
    const [row] = isUuid(id) ? await tx.delete(casinos).where(eq(casinos.id, id)).returning({ id: casinos.id, name: casinos.name }) : [];
    if (!row) return reject({ "": [CASINO_MESSAGES.notFound] });
    return { value: { id: row.id }, target: { id: row.id, summary: row.name } };
  });
}
