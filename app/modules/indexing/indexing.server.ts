import { getEnv, type Env } from "~/env.server";

/**
 * Search-engine submission over IndexNow (issue 9 §7). Off unless INDEXNOW_KEY is set.
 * Saves never call the endpoint: a command queues the path (indexing-queue.server.ts) and
 * the background sender (indexing-sender.server.ts) posts the queue in batches with
 * postToIndexNow below.
 */

// admin.md §9: the indexing request times out after 15 s.
export const INDEXNOW_TIMEOUT_MS = 15_000;
export const DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";
/** The IndexNow protocol takes up to 10,000 URLs in one request. */
export const MAX_URLS_PER_REQUEST = 10_000;

export type IndexNowOptions = {
  key: string;
  endpoint: string;
  /**
   * The public origin submitted URLs start with (PUBLIC_SITE_URL). A background sender has
   * no request to take an origin from: without it nothing is sent and the queue waits.
   */
  siteUrl?: string;
  timeoutMs: number;
};

/** The configuration INDEXNOW_KEY, INDEXNOW_ENDPOINT and PUBLIC_SITE_URL give; null (off) without a key. */
export function indexNowOptionsFromEnv(env: Pick<Env, "INDEXNOW_KEY" | "INDEXNOW_ENDPOINT" | "PUBLIC_SITE_URL">): IndexNowOptions | null {
  if (!env.INDEXNOW_KEY) return null;
  return { key: env.INDEXNOW_KEY, endpoint: env.INDEXNOW_ENDPOINT ?? DEFAULT_INDEXNOW_ENDPOINT, siteUrl: env.PUBLIC_SITE_URL, timeoutMs: INDEXNOW_TIMEOUT_MS };
}

let configured: IndexNowOptions | null | undefined;

/**
 * Replaces the configuration read from the environment (tests point it at a fake
 * endpoint on 127.0.0.1); `undefined` goes back to the environment's.
 */
export function configureIndexNow(options: IndexNowOptions | null | undefined): void {
  configured = options;
}

/** The configuration in force: null when IndexNow is off. */
export function currentIndexNowOptions(): IndexNowOptions | null {
  return configured === undefined ? indexNowOptionsFromEnv(getEnv()) : configured;
}

/** Whether submissions are made at all. */
export function isIndexNowEnabled(): boolean {
  return currentIndexNowOptions() !== null;
}

/** The site's origin without a trailing slash, or null when PUBLIC_SITE_URL is unset. */
export function submissionOrigin(options: IndexNowOptions): string | null {
  return options.siteUrl ? new URL(options.siteUrl).origin : null;
}

/** The absolute URL of a public path (`blog/x` or `/blog/x`) on the given origin. */
export function absoluteSubmissionUrl(origin: string, path: string): string {
  return `${origin}/${path.replace(/^\/+/, "")}`;
}

export type IndexNowAnswer =
  /** The endpoint answered with this status. */
  | { kind: "answered"; status: number; retryAfter: string | null; body: string; durationMs: number }
  /** No answer: refused connection, DNS, reset, or the timeout. */
  | { kind: "unanswered"; reason: string; timedOut: boolean; durationMs: number };

/**
 * One IndexNow request per the protocol: a JSON POST of host, key, keyLocation and
 * urlList. Never throws; `signal` lets a stopping server abandon it.
 */
export async function postToIndexNow(urls: readonly string[], origin: string, options: IndexNowOptions, signal?: AbortSignal): Promise<IndexNowAnswer> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(options.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ host: new URL(origin).host, key: options.key, keyLocation: `${origin}/${options.key}.txt`, urlList: urls }),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      redirect: "error",
    });
    // A short excerpt is enough to tell an operator why a request was refused.
    const body = (await response.text()).replace(/\s+/g, " ").trim().slice(0, 200);
    return { kind: "answered", status: response.status, retryAfter: response.headers.get("Retry-After"), body, durationMs: duration() };
  } catch (error) {
    const timedOut = timeout.aborted;
    return { kind: "unanswered", reason: timedOut ? `no answer within ${options.timeoutMs} ms` : reasonOf(error), timedOut, durationMs: duration() };
  }
}

/** One line, never a stack: the network code when there is one. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).replace(/\s+/g, " ");
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return `${error.message}${typeof code === "string" ? ` (${code})` : ""}`.replace(/\s+/g, " ").slice(0, 200);
}
