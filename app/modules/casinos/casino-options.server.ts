import { getDb } from "~/db/index.server";
import { casinos } from "~/db/schema";
import { readShared } from "~/lib/shared-reads.server";
import { sortByTurkishName } from "~/lib/turkish";

export type CasinoOption = { readonly id: string; readonly name: string };

/**
 * Every casino's id and name in Turkish order: the casino select of the promotion and splash
 * ad editors. Kept between writes (ADR 013, addendum 3): at 300 casinos the read and the
 * Turkish sort were a tenth of each editor load, and every casino write drops it at once.
 * Its own file, not casinos.server.ts, which imports the promotions module that uses this.
 */
export function listCasinoOptions(): Promise<readonly CasinoOption[]> {
  return readShared("casino-options", async () => sortByTurkishName(await getDb().select({ id: casinos.id, name: casinos.name }).from(casinos)));
}
