import { asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, splashAds, type SplashAd } from "~/db/schema";
import { SITE_TAG } from "~/lib/page-cache.server";
import { readShared } from "~/lib/shared-reads.server";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { isUuid, uuidOrNull } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, likePattern, pageCountOf, type ListQuery, type Paged } from "~/lib/list-query";
import { containsFolded } from "~/lib/list-query.server";
import { listCasinoOptions } from "~/modules/casinos/casino-options.server";
import {
  SPLASH_AD_MESSAGES,
  type PublicSplashAd,
  type SplashAdCasinoOption,
  type SplashAdEditorValue,
  type SplashAdFormInput,
  type SplashAdListItem,
  type SplashAdSort,
} from "./splash-ads.schema";

// The view type lives in the browser-safe schema; re-exported for the public overlay's import.
export type { PublicSplashAd } from "./splash-ads.schema";

/** public-site.md §7 "Splash ad": active ads only; the browser picks one at random. */
export function listActiveSplashAds(): Promise<readonly PublicSplashAd[]> {
  return readShared("splash-ads", () =>
    getDb()
      .select({ id: splashAds.id, title: splashAds.title, imageUrl: splashAds.imageUrl, href: splashAds.href, casinoSlug: casinos.slug })
      .from(splashAds)
      .leftJoin(casinos, eq(casinos.id, splashAds.casinoId))
      .where(eq(splashAds.isActive, true)),
  );
}

// ---- Admin (issue 8): reads for the list and the editor, and the audited commands.

/** Every public page carries the active ads (the overlay), so every write drops every cached page. */
const SPLASH_AD_COMMANDS: DomainCommands = { entity: "splash-ad", invalidates: [SITE_TAG] };

export async function listSplashAdsForAdmin(query: ListQuery<SplashAdSort>): Promise<Paged<SplashAdListItem>> {
  const db = getDb();
  const where: SQL | undefined = query.q ? or(containsFolded(splashAds.title, query.q), ilike(splashAds.href, likePattern(query.q))) : undefined;
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "title" ? [direction(splashAds.title), asc(splashAds.id)] : [direction(splashAds.createdAt), asc(splashAds.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: splashAds.id,
        title: splashAds.title,
        href: splashAds.href,
        imageUrl: splashAds.imageUrl,
        isActive: splashAds.isActive,
        createdAt: splashAds.createdAt,
        casinoName: casinos.name,
      })
      .from(splashAds)
      .leftJoin(casinos, eq(casinos.id, splashAds.casinoId))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(splashAds).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: query.page,
    pageCount: pageCountOf(total?.n ?? 0),
  };
}

export async function getSplashAdForEdit(id: string): Promise<SplashAdEditorValue | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({ id: splashAds.id, title: splashAds.title, href: splashAds.href, imageUrl: splashAds.imageUrl, isActive: splashAds.isActive, casinoId: splashAds.casinoId })
    .from(splashAds)
    .where(eq(splashAds.id, id))
    .limit(1);
  return row ?? null;
}

/** The casinos a splash ad may lead to, in Turkish alphabetical order; `including`: the edited ad's casino (listCasinoOptions). */
export function listSplashAdCasinoOptions(including: string | null = null): Promise<readonly SplashAdCasinoOption[]> {
  return listCasinoOptions(including);
}

/** Creates (id null) or updates a splash ad; its casino, when chosen, must exist. */
export function saveSplashAd(actor: Actor, id: string | null, input: SplashAdFormInput): Promise<CommandResult<SplashAd>> {
  return runCommand(
    SPLASH_AD_COMMANDS,
    id ? "update" : "create",
    actor,
    async (tx) => {
      // Locked until the commit, so the casino cannot be deleted under the ad being saved.
      if (input.casinoId) {
        const [casino] = await tx.select({ id: casinos.id }).from(casinos).where(eq(casinos.id, input.casinoId)).for("share");
        if (!casino) return reject({ casinoId: [SPLASH_AD_MESSAGES.casinoMissing] });
      }
      const [row] = id
        ? isUuid(id)
          ? await tx.update(splashAds).set({ ...input, updatedAt: new Date() }).where(eq(splashAds.id, id)).returning()
          : []
        : await tx.insert(splashAds).values(input).returning();
      if (!row) return reject({ "": [SPLASH_AD_MESSAGES.notFound] });
      return { value: row, target: { id: row.id, summary: row.title } };
    },
    { id: uuidOrNull(id), summary: input.title },
  );
}

/**
 * admin.md §4 "Splash ad: active/inactive toggle". The form says which state it wants, so two
 * operators clicking at once both get what they asked for instead of undoing each other.
 */
export function setSplashAdActiveAs(actor: Actor, id: string, isActive: boolean): Promise<CommandResult<{ id: string; isActive: boolean }>> {
  return runCommand(
    SPLASH_AD_COMMANDS,
    isActive ? "activate" : "deactivate",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx.update(splashAds).set({ isActive, updatedAt: new Date() }).where(eq(splashAds.id, id)).returning({ id: splashAds.id, title: splashAds.title })
        : [];
      if (!row) return reject({ "": [SPLASH_AD_MESSAGES.toggleFailed] });
      return { value: { id: row.id, isActive }, target: { id: row.id, summary: row.title } };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}

export function removeSplashAd(actor: Actor, id: string): Promise<CommandResult<{ id: string }>> {
  return runCommand(
    SPLASH_AD_COMMANDS,
    "delete",
    actor,
    async (tx) => {
      const [row] = isUuid(id) ? await tx.delete(splashAds).where(eq(splashAds.id, id)).returning({ id: splashAds.id, title: splashAds.title }) : [];
      if (!row) return reject({ "": [SPLASH_AD_MESSAGES.deleteFailed] });
      return { value: { id: row.id }, target: { id: row.id, summary: row.title } };
    },
    { id: uuidOrNull(id), summary: "" },
  );
}
