import { getDb } from "~/db/index.server";
import { casinos } from "~/db/schema";
import { readSharedHolding } from "~/lib/shared-reads.server";
import { sortByTurkishName } from "~/lib/turkish";
import type { CasinoOption } from "./casinos.schema";

async function readCasinoOptions(): Promise<readonly CasinoOption[]> {
  return sortByTurkishName(await getDb().select({ id: casinos.id, name: casinos.name }).from(casinos));
}

/**
 * Every casino's id and name in Turkish order: the casino select of the promotion and splash
 * ad editors. Kept between writes (ADR 013, addendum 3), as the 300 rows and their Turkish
 * sort were read on every editor load; every casino write drops it at once.
 *
 * `including`: the casino of the record being edited, which the list must hold, or the
 * editor would save the record without it (readSharedHolding).
 *
 * Its own file, not casinos.server.ts, which imports the promotions module that uses this.
 */
export function listCasinoOptions(including: string | null = null): Promise<readonly CasinoOption[]> {
  return readSharedHolding("casino-options", readCasinoOptions, including);
}
