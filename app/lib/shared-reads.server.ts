import { getDatabase } from "~/db/index.server";
import { pageStore } from "./page-cache.server";

/**
 * Issue 10 §3 (cold renders): reads whose answer is the same on every public page and for
 * every visitor (the splash ads, the compliance line, the category chips, the casino
 * directory, the hero and the pages' SEO rows) are kept between renders, under exactly the
 * page cache's rules (ADR 002): dropped by every site-wide write (runCommand's SITE_TAG, in
 * this process and, by NOTIFY, in the others), when a listed promotion expires, and after
 * at most maxAgeMs (60 s) for writes made outside the domain functions. A page rendered
 * afresh then reads only what is its own (a search, a list page, a promotion).
 *
 * Keys are fixed names chosen by the code, never visitor input; the entries belong to the
 * open database, so a test that installs another one reads afresh.
 */
type Entry = { value: Promise<unknown>; from: number; at: number };

const holder = globalThis as typeof globalThis & { __bonusSharedReads?: WeakMap<object, Map<string, Entry>> };
// The number of distinct keys is bounded by the code (a name per read, a path per page
// with SEO settings); the bound only guards a mistake.
const MAX_ENTRIES = 1_000;

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
 * that arrive while a read is under way share it; a failed read is not kept.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const store = pageStore();
  const entries = entriesOf();
  const kept = entries.get(key);
  if (kept && store.siteDataCurrent(kept.from, kept.at)) return kept.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  // Recorded before the read begins: a write landing during it makes the entry old at once.
  const entry: Entry = { value: Promise.resolve(), from: store.sequence, at: store.now() };
  // Once, as a real promise: a drizzle query runs again on every `then` of its builder.
  const value = Promise.resolve().then(read);
  entry.value = value;
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}
