import { count } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { getDb } from "~/db/index.server";
import { countAheadLimit } from "./list-query";

/**
 * The count of a list that grows without bound, or is costly to count, only as far as an
 * operator can page (ADR 018): `matching` selects the list's rows (`.$dynamic()`), and the
 * count stops at countAheadLimit(page). Give the result to pagedCount.
 */
export function countAhead(matching: PgSelect, page: number) {
  return getDb()
    .select({ n: count() })
    .from(matching.limit(countAheadLimit(page)).as("counted"));
}
