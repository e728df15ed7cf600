import { AsyncLocalStorage } from "node:async_hooks";
import { getDatabase } from "~/db/index.server";
import { pageStore } from "./page-cache.server";

/**
 * Issue 10 §3 (cold renders): reads whose answer is the same on every public page and for
 * every visitor (the splash ads, the compliance line, the hero, the blog section text, the
 * SEO rows, the category chips, the casino directory) are kept between renders, under the
 * page cache's rules (ADR 002, ADR 013): dropped by every site-wide write (runCommand's
 * SITE_TAG, in this process and, by NOTIFY, in the others), when a listed promotion
 * expires, and after at most maxAgeMs (60 s) for writes made outside the domain functions.
 * A page rendered afresh then reads only what is its own (a search, a list page, a promotion).
 *
 * Keys are fixed names chosen by the code, never visitor input; the entries belong to the
 * open database, so a test that installs another one reads afresh.
 */
type Entry = { value: Promise<unknown>; from: number; at: number };
/** What one render used: the time of the oldest kept answer (a page may not outlive it). */
type Usage = { oldestAt: number };

const holder = globalThis as typeof globalThis & {
  __bonusSharedReads?: WeakMap<object, Map<string, Entry>>;
  __bonusSharedReadUsage?: AsyncLocalStorage<Usage>;
};
// On globalThis, as the page store: every copy of this module in the process shares them.
const usage = (holder.__bonusSharedReadUsage ??= new AsyncLocalStorage<Usage>());
// The keys are a name per read; the bound only guards a mistake.
export const MAX_SHARED_READS = 1_000;

function entriesOf(): Map<string, Entry> {
  holder.__bonusSharedReads ??= new WeakMap();
  const database = getDatabase();
  let entries = holder.__bonusSharedReads.get(database);
  if (!entries) {
    entries = new Map();
    holder.__bonusSharedReads.set(database, entries);
  }
  return entries;
}

/**
 * The value of `read()` as last read, or read now when it may have changed since. Callers
 * that arrive while a read is under way share it; a failed read is not kept. The value is
 * shared by every page: callers must not change it (the types say readonly).
 */
export function readShared<T>(key: string, read: () => Promise<T>): Promise<T> {
  const store = pageStore();
  const entries = entriesOf();
  let entry = entries.get(key);
  if (!entry || !store.siteDataCurrent(entry.from, entry.at)) {
    // Renders that skip the page cache (signed-in operators, __fresh) read through here
    // too: they must also learn when the next promotion expires.
    store.refreshExpiryIfDue();
    if (entries.size >= MAX_SHARED_READS) entries.clear();
    // The sequence number is taken before the read begins: a write landing during it
    // makes the entry old at once. Once, as a real promise: a drizzle query runs again on
    // every `then` of its builder.
    const fresh: Entry = { from: store.sequence, at: store.now(), value: Promise.resolve().then(read) };
    fresh.value.catch(() => {
      if (entries.get(key) === fresh) entries.delete(key);
    });
    entries.set(key, fresh);
    entry = fresh;
  }
  const used = usage.getStore();
  if (used) used.oldestAt = Math.min(used.oldestAt, entry.at);
  return entry.value as Promise<T>;
}

/**
 * readShared for a list of records that must hold `id` (the record an editor shows, or null
 * for none): a list kept from before that record was written where this process has not
 * heard of it (with SQL, or by another process whose NOTIFY has not arrived) is read again,
 * so an editor never offers a list without the value it is filled with.
 */
export async function readSharedHolding<T extends { readonly id: string }>(key: string, read: () => Promise<readonly T[]>, id: string | null): Promise<readonly T[]> {
  const kept = await readShared(key, read);
  if (id === null || kept.some((row) => row.id === id)) return kept;
  entriesOf().delete(key);
  return readShared(key, read);
}

/**
 * Drops, in this process, the kept answers whose key starts with `prefix`: for reads of
 * what changes without a site-wide write (the click tally, written every few seconds by
 * its own writer). The next caller reads afresh; a read under way is not kept.
 */
export function dropSharedReads(prefix: string): void {
  const entries = entriesOf();
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/**
 * Runs one render and tells when the oldest kept answer it used was read, so that the page
 * cache stores the page no longer than that answer may live (a page rendered at 59 s from
 * an answer read at 0 s must go at 60 s, as the answer would).
 */
export async function trackSharedReads<T>(render: () => Promise<T>): Promise<{ value: T; oldestAt: number }> {
  const used: Usage = { oldestAt: Number.POSITIVE_INFINITY };
  const value = await usage.run(used, render);
  return { value, oldestAt: used.oldestAt };
}
