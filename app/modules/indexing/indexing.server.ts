import { getEnv, type Env } from "~/env.server";

/**
 * Search-engine submission over IndexNow (admin.md §4 and §7, issue 8). Off unless
 * INDEXNOW_KEY is set. A submission never fails a save: an error or a timeout is logged in
 * one line and counted as done (admin.md §8: indexing failures are treated as success).
 */

// admin.md §9: the indexing request times out after 15 s.
export const INDEXNOW_TIMEOUT_MS = 15_000;
export const DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";

export type IndexNowOptions = {
  key: string;
  endpoint: string;
  /** The public origin submitted URLs start with; the request's origin when unset. */
  siteUrl?: string;
  timeoutMs: number;
};

export type IndexNowOutcome = "off" | "submitted" | "failed";

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

function currentOptions(): IndexNowOptions | null {
  return configured === undefined ? indexNowOptionsFromEnv(getEnv()) : configured;
}

/** Whether submissions are made at all. */
export function isIndexNowEnabled(): boolean {
  return currentOptions() !== null;
}

/**
 * Submits one public page (a path such as `bonuslar/casino/bonus`) per the IndexNow
 * protocol: a JSON POST of host, key and urlList. 200 and 202 are acceptance.
 */
export async function submitToIndexNow(path: string, origin: string, options: IndexNowOptions | null = currentOptions()): Promise<IndexNowOutcome> {
  if (!options) return "off";
  const base = (options.siteUrl ?? origin).replace(/\/+$/, "");
  const url = `${base}/${path.replace(/^\/+/, "")}`;
  try {
    const response = await fetch(options.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ host: new URL(base).host, key: options.key, keyLocation: `${base}/${options.key}.txt`, urlList: [url] }),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
    // The body is not needed; reading it frees the connection.
    await response.body?.cancel();
    if (response.status === 200 || response.status === 202) return "submitted";
    console.warn(`IndexNow submission of ${url} failed: HTTP ${response.status}; treated as done`);
  } catch (error) {
    console.warn(`IndexNow submission of ${url} failed: ${reasonOf(error, options.timeoutMs)}; treated as done`);
  }
  return "failed";
}

/** One line, never a stack: the network code when there is one. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error).replace(/\s+/g, " ");
  if (error.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return `${error.message}${typeof code === "string" ? ` (${code})` : ""}`.replace(/\s+/g, " ");
}
