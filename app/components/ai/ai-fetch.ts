import type { AiFailure } from "~/modules/ai/ai.schema";

// The AI controls talk to /admin/ai/* with fetch: JSON answers, no navigation, so an open
// editor keeps what the operator typed. Every failure becomes `{ ok: false, error }` in
// Turkish, also a lost session (the guard's redirect) and a lost connection.

export const AI_FETCH_MESSAGES = {
  signedOut: "Oturumunuz sona erdi. Lütfen tekrar giriş yapın.",
  offline: "Sunucuya ulaşılamadı. Bağlantınızı kontrol edin.",
  unexpected: (status: number) => `Sunucudan beklenmeyen bir yanıt geldi (HTTP ${status}).`,
} as const;

export async function aiRequest<T extends { ok: true }>(url: string, options: { form?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T | AiFailure> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.form ? "POST" : "GET",
      body: options.form ? new URLSearchParams(options.form) : undefined,
      headers: { Accept: "application/json" },
      // The guard answers a stranger with a redirect to sign-in: that is "signed out", not a page to read.
      redirect: "manual",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, error: AI_FETCH_MESSAGES.offline };
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return { ok: false, error: AI_FETCH_MESSAGES.signedOut };
  if (!(response.headers.get("Content-Type") ?? "").includes("json")) return { ok: false, error: AI_FETCH_MESSAGES.unexpected(response.status) };
  try {
    const body = (await response.json()) as T | AiFailure | { message?: string };
    if (body && typeof body === "object" && "ok" in body) return body;
    return { ok: false, error: (body as { message?: string })?.message ?? AI_FETCH_MESSAGES.unexpected(response.status) };
  } catch {
    return { ok: false, error: AI_FETCH_MESSAGES.unexpected(response.status) };
  }
}
