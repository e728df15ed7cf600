import { count, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { getDb } from "~/db/index.server";
import { countAheadLimit, likePattern } from "./list-query";
import { foldForSearch } from "./turkish";

/**
 * A text column holding what an operator typed, searched as Turkish operators type:
 * search_fold() (drizzle/0006) folds the column in SQL as foldForSearch folds the words, so
 * 'isik', 'IŞIK' and 'ışık' find 'Işık' (a plain ilike lowers 'I' to 'i', never to 'ı').
 * `%`, `_` and `\` are matched as written.
 */
export function containsFolded(column: SQLWrapper, q: string): SQL {
  return sql`search_fold(${column}) like ${likePattern(foldForSearch(q))}`;
}

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
