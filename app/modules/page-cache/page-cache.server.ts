import { LRUCache } from "lru-cache";
import type pg from "pg";
import { getDatabase } from "~/db/index.server";

/**
 * Rendered public pages, kept in memory and served as stored bytes (issue 4). Every
 * entry carries tags; a write invalidates the tags it affects before it answers:
 * - SITE_TAG: every cached page (promotions, casinos, posts... appear almost everywhere);
 * - promotionTag(id): the pages that show that promotion's comments.
 */
export const SITE_TAG = "site";
export const promotionTag = (id: string) => `promotion:${id}`;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  tags: string[];
  /** Complete header lists for a hit, built on the first answer (security headers included). */
  wire?: { identity: string[]; gzip: string[]; br: string[]; notModified: string[] };
};

// Bounded by bytes: a busy site with many pages keeps the most recent ones.
const MAX_BYTES = 64 * 1024 * 1024;

class PageStore {
  private readonly entries = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + page.gzip.length + page.brotli.length + 512,
  });
  /** Raised by every invalidation: a render that began before it must not be stored. */
  epoch = 0;

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: CachedPage, startedAtEpoch: number): boolean {
    if (startedAtEpoch !== this.epoch) return false;
    this.entries.set(key, page);
    return true;
  }

  invalidate(tags: readonly string[]): void {
    this.epoch++;
    if (tags.includes(SITE_TAG)) {
      this.entries.clear();
      return;
    }
    // Collect first: deleting while the LRU iterates would skip entries.
    const doomed = [...this.entries.entries()].filter(([, page]) => page.tags.some((tag) => tags.includes(tag))).map(([key]) => key);
    for (const key of doomed) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

// On globalThis so that every copy of this module in the process (the server build and,
// in tests, the source modules) shares one store.
const holder = globalThis as typeof globalThis & { __bonusPageStore?: PageStore };

export function pageStore(): PageStore {
  holder.__bonusPageStore ??= new PageStore();
  return holder.__bonusPageStore;
}

const CHANNEL = "page_cache_invalidate";

/**
 * Drops the affected pages in this process, then tells the other processes on the same
 * PostgreSQL (NOTIFY). Called by domain write functions after their write commits.
 */
export async function invalidatePages(...tags: string[]): Promise<void> {
  pageStore().invalidate(tags);
  let database;
  try {
    database = getDatabase();
  } catch {
    return;
  }
  if (database.driver !== "postgres") return;
  try {
    await database.pool!.query("select pg_notify($1, $2)", [CHANNEL, tags.join(" ")]);
  } catch (error) {
    console.error("Cache invalidation could not be broadcast:", error);
  }
}

/**
 * Listens for other processes' invalidations on a dedicated connection. A lost
 * connection may have missed some, so reconnecting clears the whole cache.
 */
export function listenForInvalidations(pool: pg.Pool): () => Promise<void> {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    try {
      client = await pool.connect();
      client.on("notification", (message) => {
        if (message.channel === CHANNEL) pageStore().invalidate((message.payload ?? SITE_TAG).split(" "));
      });
      client.on("error", () => reconnect());
      await client.query(`listen ${CHANNEL}`);
      pageStore().invalidate([SITE_TAG]);
    } catch (error) {
      console.error("Cache invalidation listener failed; retrying:", error);
      reconnect();
    }
  };
  const reconnect = () => {
    client?.release(true);
    client = undefined;
    if (!stopped) retry = setTimeout(connect, 1000);
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    if (client) {
      await client.query(`unlisten ${CHANNEL}`).catch(() => {});
      client.release(true);
    }
  };
}
