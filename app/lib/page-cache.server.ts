import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { getDatabase } from "~/db/index.server";

/**
 * Rendered public pages, kept in memory and served as stored bytes (issues 4 and 7,
 * docs/decisions/002-page-cache.md). Every entry carries tags; a write invalidates the
 * tags it affects before it answers:
 * - SITE_TAG: every cached page (promotions, casinos, posts... appear almost everywhere);
 * - promotionTag(id): the pages that show that promotion's comments.
 */
export const SITE_TAG = "site";
export const promotionTag = (id: string) => `promotion:${id}`;
/**
 * Issue 11 §2: the pages listing offer cards with their ratings (home, /bonuslar, category
 * and casino pages). A comment does not drop them (the page cache would stop working under
 * comment traffic); the list sweep (modules/promotions/list-sweep.server.ts) does, at most
 * once a minute, when comments arrived.
 */
export const PROMOTION_LISTS_TAG = "promotion-lists";

/**
 * Response headers through which routes talk to the page cache; the cache removes them
 * before anything is sent. Only a response carrying SHARE_HEADER is ever stored: routes
 * opt in, so a page nobody declared shareable (every admin page, whatever its URL's
 * spelling) never is.
 */
export const SHARE_HEADER = "X-Cache-Share";
/** The query parameters the page reads, as `name=kind` pairs; the others are not part of its key. */
export const PARAMS_HEADER = "X-Cache-Params";
/** Tags beyond SITE_TAG, separated by spaces. */
export const TAGS_HEADER = "X-Cache-Tags";
export const INTERNAL_HEADERS: readonly string[] = [SHARE_HEADER, PARAMS_HEADER, TAGS_HEADER];

/** Headers a resource route (sitemap, robots) adds to declare its answer the same for everyone. */
export const SHARED_RESOURCE_HEADERS: Readonly<Record<string, string>> = { [SHARE_HEADER]: "public" };

/**
 * How a page reads a query parameter, so that spellings of one answer share one entry:
 * - text: the first value, trimmed; empty means absent;
 * - page: a page number, 1 to 10,000, anything unreadable is 1; 1 means absent;
 * - raw: the first value as it is (an empty value is not the same as none).
 */
export type ParamKind = "text" | "page" | "raw";
export type ParamSpec = Readonly<Record<string, ParamKind>>;

type HeadersArgs = { parentHeaders: Headers; loaderHeaders: Headers };

/**
 * A route module's `headers` export declaring its answer the same for every anonymous
 * visitor, and naming the query parameters its loader reads. Keeps what the parent
 * routes and the loader set (cache tags); cookies React Router adds itself. `tags` adds
 * cache tags every answer of the route carries (PROMOTION_LISTS_TAG).
 */
export function shareable(params: ParamSpec = {}, tags: readonly string[] = []): (args: HeadersArgs) => Headers {
  const declared = Object.entries(params)
    .map(([name, kind]) => `${encodeURIComponent(name)}=${kind}`)
    .join(" ");
  return ({ parentHeaders, loaderHeaders }) => {
    const headers = new Headers();
    for (const source of [parentHeaders, loaderHeaders]) {
      for (const [name, value] of source) if (name !== "set-cookie") headers.set(name, value);
    }
    headers.set(SHARE_HEADER, "public");
    if (tags.length > 0) headers.set(TAGS_HEADER, [...new Set([...(headers.get(TAGS_HEADER)?.split(/\s+/).filter(Boolean) ?? []), ...tags])].join(" "));
    if (declared) headers.set(PARAMS_HEADER, declared);
    else headers.delete(PARAMS_HEADER);
    return headers;
  };
}

/** Reads PARAMS_HEADER back; unknown kinds are read raw (never merges two answers). */
export function parseParamSpec(header: string | null): ParamSpec {
  const spec: Record<string, ParamKind> = {};
  for (const pair of (header ?? "").split(/\s+/).filter(Boolean)) {
    const [name = "", kind = ""] = pair.split("=");
    spec[decodeURIComponent(name)] = kind === "text" || kind === "page" ? kind : "raw";
  }
  return spec;
}

function normalisedValue(kind: ParamKind, value: string | null): string | null {
  if (value === null) return null;
  if (kind === "raw") return value;
  if (kind === "text") return value.trim() || null;
  // As the list loaders read ?sayfa=: anything unreadable is the first page.
  const page = Math.max(1, Math.min(10_000, Number.parseInt(value, 10) || 1));
  return page === 1 ? null : String(page);
}

// React Router's own: which loaders a client-side data request asks for.
const ROUTER_PARAMS = ["_routes"];

export type Encoding = "gzip" | "br";

export type CachedPage = {
  status: number;
  /** The render's headers, internal ones removed. */
  headers: [string, string][];
  body: Buffer;
  /** Compressed copies, made when a client first asks for that encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
  etag: string;
  tags: string[];
  /** On the store's clock: when its render began answering. */
  renderedAt: number;
  /**
   * On the store's clock: after this the page is rendered again. At most maxAgeMs after
   * the render, or after the oldest kept read it used (ADR 013), whichever is sooner.
   */
  expiresAt: number;
  /** Header lists for a hit, built on the first answer (security headers included). */
  wire?: { base: string[]; contentType: string; notModified: string[] };
  /**
   * A visitor's comment has changed what the page shows (refreshPages): it is still served,
   * marked STALE, while one render in the background replaces it (ADR 010).
   */
  stale?: boolean;
  /** On the store's clock: when a background render of this stale page last began. */
  refreshStartedAt?: number;
};

/** The cookie with which a visitor who just commented reads past the cache (ADR 010). */
export const FRESH_COOKIE = "__fresh";

/** A stale page is rendered again at most this often (ms), however fast comments come. */
export const STALE_REFRESH_MS = 1_000;

// Bounded by bytes. New pages enter a small probation segment and move to the main one
// when asked for again, so a flood of one-off URLs (unique searches, odd spellings) only
// churns probation and never evicts the pages everyone reads.
const PROBATION_BYTES = 16 * 1024 * 1024;
const MAIN_BYTES = 48 * 1024 * 1024;
// Room for the compressed copies made later (HTML compresses to well under a fifth).
const sizeOf = (page: CachedPage) => Math.ceil(page.body.length * 1.4) + 1024;
/** Bounds out-of-band writes (an operator's SQL): no page is older than this. */
export const DEFAULT_MAX_AGE_MS = 60_000;
// Invalidation sequence numbers remembered per tag; older ones fold into a floor.
const MAX_TRACKED_TAGS = 10_000;

/**
 * Records `tags` at sequence number `seq` in `marks`, forgetting the oldest marks past
 * MAX_TRACKED_TAGS; returns the newest mark forgotten (0 for none), for the caller's floor:
 * a render that began before the floor counts as marked by every forgotten tag.
 */
function recordTags(marks: Map<string, number>, tags: readonly string[], seq: number): number {
  for (const tag of tags) {
    marks.delete(tag);
    marks.set(tag, seq);
  }
  let forgotten = 0;
  for (const [tag, at] of marks) {
    if (marks.size <= MAX_TRACKED_TAGS) break;
    forgotten = Math.max(forgotten, at);
    marks.delete(tag);
  }
  return forgotten;
}

export type StoreStats = { hits: number; misses: number; renders: number; stored: number; refused: number };

class PageStore {
  private probation = new LRUCache<string, CachedPage>({ maxSize: PROBATION_BYTES, sizeCalculation: sizeOf });
  private main = new LRUCache<string, CachedPage>({ maxSize: MAIN_BYTES, sizeCalculation: sizeOf });
  /** The query parameters each path's page reads, learnt from its first shareable answer. */
  private readonly paramSpecs = new LRUCache<string, ParamSpec>({ max: 5_000 });

  // Per-tag epochs (issue 7, finding 14): a render may be stored only if none of its tags
  // was invalidated after it began. `seq` counts invalidations.
  private seq = 0;
  private siteInvalidatedAt = 0;
  private floor = 0;
  private readonly tagInvalidatedAt = new Map<string, number>();
  // The same for refreshPages: a render that began before a comment is stored, but stale.
  private staleFloor = 0;
  private readonly tagStaleAt = new Map<string, number>();

  /** The store's clock; tests move it instead of waiting. */
  now: () => number = Date.now;
  maxAgeMs = DEFAULT_MAX_AGE_MS;
  readonly stats: StoreStats = { hits: 0, misses: 0, renders: 0, stored: 0, refused: 0 };
  /** Called with each key about to be rendered (tests count renders with it). */
  onRender?: (key: string) => void;

  // The earliest moment a promotion shown on some page expires: then every page goes.
  private nextExpiryAt = Number.POSITIVE_INFINITY;
  private expiryCheckedAt = Number.NEGATIVE_INFINITY;
  private expiryStale = true;
  private expiryRefresh?: Promise<void>;
  private nextExpiry?: () => Promise<Date | null>;

  /** The current invalidation sequence number; a render records it when it begins. */
  get sequence(): number {
    return this.seq;
  }

  /**
   * The key of a request: origin, path and only the query parameters the page reads,
   * normalised. Before the page has answered once, every parameter counts.
   */
  keyOf(origin: string, pathname: string, search: string): string {
    const base = `${origin}${pathname}`;
    const query = new URLSearchParams(search);
    const spec = this.paramSpecs.get(base);
    const kept: [string, string][] = [];
    if (spec) {
      for (const name of ROUTER_PARAMS) for (const value of query.getAll(name)) kept.push([name, value]);
      for (const [name, kind] of Object.entries(spec)) {
        const value = normalisedValue(kind, query.get(name));
        if (value !== null) kept.push([name, value]);
      }
    } else {
      kept.push(...query.entries());
    }
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const normalised = new URLSearchParams(kept).toString();
    return normalised ? `${base}?${normalised}` : base;
  }

  /** Remembers which parameters the page at this origin and path reads. */
  learn(origin: string, pathname: string, spec: ParamSpec): void {
    this.paramSpecs.set(`${origin}${pathname}`, spec);
  }

  /** Drops everything once the earliest expiry of a listed promotion has passed. */
  private expireIfDue(now: number): void {
    if (now >= this.nextExpiryAt) {
      this.nextExpiryAt = Number.POSITIVE_INFINITY;
      this.invalidate([SITE_TAG]);
    }
  }

  /**
   * Whether data read from sequence number `from`, at time `at`, is still what the site
   * shows: no site-wide write or promotion expiry since, and not older than a page may be
   * (maxAgeMs heals writes made outside the domain functions, as for pages). For the
   * shared reads of lib/shared-reads.server.ts.
   */
  siteDataCurrent(from: number, at: number): boolean {
    const now = this.now();
    this.expireIfDue(now);
    return this.siteInvalidatedAt <= from && now < at + this.maxAgeMs && now >= at;
  }

  get(key: string): CachedPage | undefined {
    const now = this.now();
    this.expireIfDue(now);
    let page = this.main.get(key);
    if (!page) {
      page = this.probation.get(key);
      if (page && page.expiresAt > now) {
        // Asked for twice: a page people read, worth keeping.
        this.probation.delete(key);
        this.main.set(key, page);
      }
    }
    if (page && page.expiresAt <= now) {
      this.main.delete(key);
      this.probation.delete(key);
      return undefined;
    }
    return page;
  }

  /** Stores a page unless one of its tags was invalidated after its render began. */
  set(key: string, page: CachedPage, renderedFrom: number): boolean {
    if (this.invalidatedSince(page.tags, renderedFrom)) {
      this.stats.refused++;
      return false;
    }
    if (this.staleSince(page.tags, renderedFrom)) page.stale = true;
    this.stats.stored++;
    if (this.main.has(key)) this.main.set(key, page);
    else this.probation.set(key, page);
    return true;
  }

  /** Whether any of these tags was invalidated after sequence number `from`. */
  invalidatedSince(tags: readonly string[], from: number): boolean {
    if (this.siteInvalidatedAt > from || this.floor > from) return true;
    return tags.some((tag) => (this.tagInvalidatedAt.get(tag) ?? 0) > from);
  }

  /** Whether any of these tags was marked stale after sequence number `from`. */
  private staleSince(tags: readonly string[], from: number): boolean {
    if (this.staleFloor > from) return true;
    return tags.some((tag) => (this.tagStaleAt.get(tag) ?? 0) > from);
  }

  /**
   * Marks the pages carrying these tags stale: they are still served (X-Cache: STALE) and
   * each is rendered again in the background, at most once per STALE_REFRESH_MS. For writes
   * whose readers can wait a second (a visitor's comment), so that a stream of them does
   * not make every reader of the page wait for a render.
   */
  markStale(tags: readonly string[]): void {
    this.staleFloor = Math.max(this.staleFloor, recordTags(this.tagStaleAt, tags, ++this.seq));
    for (const segment of [this.probation, this.main]) {
      for (const page of segment.values()) if (!page.stale && page.tags.some((tag) => tags.includes(tag))) page.stale = true;
    }
  }

  /**
   * Whether a stale page may be rendered again now: one render per STALE_REFRESH_MS, counted
   * from its render and from the last refresh begun (one that failed or could not be stored
   * waits its turn too). Records the start when it answers yes.
   */
  refreshDue(page: CachedPage): boolean {
    const now = this.now();
    const last = Math.max(page.renderedAt, page.refreshStartedAt ?? Number.NEGATIVE_INFINITY);
    if (now < last + STALE_REFRESH_MS) return false;
    page.refreshStartedAt = now;
    return true;
  }

  invalidate(tags: readonly string[]): void {
    const seq = ++this.seq;
    if (tags.includes(SITE_TAG)) {
      // Every page carries SITE_TAG: older per-tag marks can no longer matter.
      this.siteInvalidatedAt = seq;
      this.tagInvalidatedAt.clear();
      this.tagStaleAt.clear();
      this.probation.clear();
      this.main.clear();
      // A write may have changed which promotion expires next.
      this.expiryStale = true;
      return;
    }
    // Forgetting the oldest marks is safe: a render older than them is simply refused.
    this.floor = Math.max(this.floor, recordTags(this.tagInvalidatedAt, tags, seq));
    for (const segment of [this.probation, this.main]) {
      // Collect first: deleting while the LRU iterates would skip entries.
      const doomed = [...segment.entries()].filter(([, page]) => page.tags.some((tag) => tags.includes(tag))).map(([key]) => key);
      for (const key of doomed) segment.delete(key);
    }
  }

  /**
   * Pages listing promotions must drop one the moment its expiry passes: `next` tells the
   * earliest expiry still ahead. Asked again after every site-wide write and at least
   * once per lifetime (out-of-band writes); called on misses, never on the hot path.
   */
  watchExpiry(next: () => Promise<Date | null>): void {
    this.nextExpiry ??= next;
  }

  refreshExpiryIfDue(): void {
    const next = this.nextExpiry;
    if (!next || this.expiryRefresh) return;
    if (!this.expiryStale && this.now() < this.expiryCheckedAt + this.maxAgeMs) return;
    this.expiryStale = false;
    this.expiryCheckedAt = this.now();
    let failed = false;
    this.expiryRefresh = next()
      .then((date) => {
        this.nextExpiryAt = date ? date.getTime() : Number.POSITIVE_INFINITY;
      })
      .catch((error: unknown) => {
        failed = true;
        this.expiryStale = true;
        console.error("Next promotion expiry could not be read:", error);
      })
      .finally(() => {
        this.expiryRefresh = undefined;
        // A site-wide write landed while asking (it set expiryStale): the answer may predate
        // it (a promotion it set to expire soon), and the misses that would ask again may all
        // have come while this one ran. Ask again now; otherwise this returns at once. (A
        // failed ask also leaves expiryStale set, and waits for the next miss.)
        if (!failed) this.refreshExpiryIfDue();
      });
  }

  /** Settles a pending expiry look-up (tests). */
  async expirySettled(): Promise<void> {
    await this.expiryRefresh;
  }

  /** Empties the store and bounds its segments anew (tests use small ones). */
  resize(bytes: { probation: number; main: number } = { probation: PROBATION_BYTES, main: MAIN_BYTES }): void {
    this.invalidate([SITE_TAG]);
    this.probation = new LRUCache<string, CachedPage>({ maxSize: bytes.probation, sizeCalculation: sizeOf });
    this.main = new LRUCache<string, CachedPage>({ maxSize: bytes.main, sizeCalculation: sizeOf });
  }

  get size(): number {
    return this.probation.size + this.main.size;
  }

  /** Bytes held, as the segments count them. */
  get bytes(): number {
    return this.probation.calculatedSize + this.main.calculatedSize;
  }
}

// On globalThis so that every copy of this module in the process (the server build and,
// in tests, the source modules) shares one store.
const holder = globalThis as typeof globalThis & { __bonusPageStore?: PageStore };

export function pageStore(): PageStore {
  holder.__bonusPageStore ??= new PageStore();
  return holder.__bonusPageStore;
}

export type { PageStore };

const CHANNEL = "page_cache_invalidate";
// Names this process in its notices, so that it does not drop its pages twice.
const SENDER = `from:${randomUUID()}`;
// PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more.
const MAX_PAYLOAD = 7_000;

type Batch = { pool: pg.Pool; tags: Set<string>; sent: Promise<void> };
let openBatch: Batch | undefined;
let lastBatch: Promise<void> = Promise.resolve();

/**
 * One NOTIFY at a time; writes that land while one is on its way share the next (under a
 * stream of comments, most writes then cost no round trip of their own).
 */
function broadcast(pool: pg.Pool, tags: readonly string[]): Promise<void> {
  if (!openBatch || openBatch.pool !== pool) {
    const batch: Batch = { pool, tags: new Set(), sent: Promise.resolve() };
    batch.sent = lastBatch.then(async () => {
      if (openBatch === batch) openBatch = undefined;
      let payload = [SENDER, ...batch.tags].join(" ");
      if (batch.tags.has(SITE_TAG) || payload.length > MAX_PAYLOAD) payload = `${SENDER} ${SITE_TAG}`;
      try {
        await pool.query("select pg_notify($1, $2)", [CHANNEL, payload]);
      } catch (error) {
        console.error("Cache invalidation could not be broadcast:", error);
      }
    });
    lastBatch = batch.sent;
    openBatch = batch;
  }
  for (const tag of tags) openBatch.tags.add(tag);
  return openBatch.sent;
}

/**
 * Drops the affected pages in this process, then tells the other processes on the same
 * PostgreSQL (NOTIFY). Called by runCommand (lib/command.server.ts) after an admin write
 * commits, by a visitor's comment for its promotion's pages, and by the command-line
 * writers (seed:scale) after theirs.
 */
export async function invalidatePages(...tags: string[]): Promise<void> {
  // Nothing to drop: other processes read a notice without tags as "drop everything".
  if (tags.length === 0) return;
  pageStore().invalidate(tags);
  let database;
  try {
    database = getDatabase();
  } catch {
    return;
  }
  if (database.driver !== "postgres") return;
  await broadcast(database.pool!, tags);
}

// In a notice, a tag marked stale (refreshPages) rather than dropped carries this prefix.
const STALE_MARK = "~";

/**
 * Like invalidatePages, for a visitor's comment: the pages carrying these tags stay served,
 * marked stale, while each is rendered again in the background (ADR 010). Other processes
 * are told as for invalidatePages.
 */
export async function refreshPages(...tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  pageStore().markStale(tags);
  let database;
  try {
    database = getDatabase();
  } catch {
    return;
  }
  if (database.driver !== "postgres") return;
  await broadcast(database.pool!, tags.map((tag) => STALE_MARK + tag));
}

/**
 * The tags of a notice, unless this process sent it: those to drop and those to mark stale;
 * a notice without tags means drop everything.
 */
function noticeTags(payload: string | undefined): { drop: string[]; stale: string[] } {
  const words = (payload ?? "").split(" ").filter(Boolean);
  if (words.includes(SENDER)) return { drop: [], stale: [] };
  const tags = words.filter((word) => !word.startsWith("from:"));
  if (!tags.length) return { drop: [SITE_TAG], stale: [] };
  return {
    drop: tags.filter((tag) => !tag.startsWith(STALE_MARK)),
    stale: tags.filter((tag) => tag.startsWith(STALE_MARK)).map((tag) => tag.slice(STALE_MARK.length)),
  };
}

/**
 * Listens for other processes' invalidations on a dedicated connection. A lost
 * connection may have missed some, so reconnecting clears the whole cache.
 */
export function listenForInvalidations(pool: pg.Pool): () => Promise<void> {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, 1000);
  };
  // One loss, one retry: the connection's 'error' and its failing query may both report it,
  // and a late error from a connection already replaced must not release the new one.
  const lost = (connection: pg.PoolClient) => {
    if (connection !== client) return;
    client = undefined;
    connection.release(true);
    scheduleRetry();
  };
  const connect = async () => {
    let connection: pg.PoolClient | undefined;
    try {
      connection = await pool.connect();
      if (stopped) {
        connection.release(true);
        return;
      }
      client = connection;
      const own = connection;
      own.on("notification", (message) => {
        if (message.channel !== CHANNEL) return;
        const { drop, stale } = noticeTags(message.payload);
        if (drop.length) pageStore().invalidate(drop);
        if (stale.length) pageStore().markStale(stale);
      });
      own.on("error", (error) => {
        // One line, and only for the connection in use: until it is back (1 s), writes in
        // other processes reach this one's pages only through their lifetime.
        if (own === client) console.warn(`Cache invalidation listener lost its connection (${error.message.split("\n")[0]}); listening again in 1 s, then this process's cached pages are dropped.`);
        lost(own);
      });
      await own.query(`listen ${CHANNEL}`);
      pageStore().invalidate([SITE_TAG]);
    } catch (error) {
      if (stopped) return;
      console.error("Cache invalidation listener failed; retrying:", error);
      if (connection && connection === client) lost(connection);
      else if (!connection) scheduleRetry();
    }
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const connection = client;
    client = undefined;
    if (connection) {
      await connection.query(`unlisten ${CHANNEL}`).catch(() => {});
      connection.release(true);
    }
  };
}
