import { indexNowQueue } from "~/db/schema";
import type { Tx } from "~/lib/command.server";
import type { IndexingReason } from "./indexing.schema";
import { isIndexNowEnabled } from "./indexing.server";

/**
 * Issue 9 §7: saves never wait for a search engine. A command that changes what a public
 * URL shows (publish, unpublish, slug change, promotion activation or deletion) calls this
 * inside its transaction; the background sender batches the queue, backs off on 429 and
 * retries later. With IndexNow off (no INDEXNOW_KEY) nothing is queued.
 */
export type IndexingRequest = {
  /** Public path without the leading slash: `blog/{slug}`, `bonuslar/{casino}/{promotion}`. */
  path: string;
  entityType?: "blog-post" | "promotion";
  entityId?: string;
};

export async function enqueueIndexing(tx: Tx, requests: readonly IndexingRequest[], reason: IndexingReason): Promise<void> {
  if (requests.length === 0 || !isIndexNowEnabled()) return;
  await tx.insert(indexNowQueue).values(
    requests.map((request) => ({
      path: request.path.replace(/^\/+/, ""),
      reason,
      entityType: request.entityType ?? null,
      entityId: request.entityId ?? null,
    })),
  );
}
