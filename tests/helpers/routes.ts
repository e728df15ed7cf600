/** Calls a route loader or action as React Router would, with a real Request. */
export async function callRoute<T>(
  fn: (args: never) => T | Promise<T>,
  url: string,
  options: { params?: Record<string, string>; method?: string; form?: Record<string, string>; client?: string; headers?: Record<string, string> } = {},
): Promise<Awaited<T>> {
  const request = new Request(new URL(url, "http://localhost").toString(), {
    method: options.method ?? (options.form ? "POST" : "GET"),
    headers: options.headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  return (await fn({ request, params: options.params ?? {}, context: { clientAddress: options.client ?? "127.0.0.1" } } as never)) as Awaited<T>;
}

/** The status and body of what a loader threw (data() or a Response). */
export async function thrown(promise: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: await error.text() };
    const e = error as { type?: string; init?: { status?: number }; data?: unknown };
    if (e?.type === "DataWithResponseInit") return { status: e.init?.status ?? 200, data: e.data };
    throw error;
  }
  throw new Error("expected the loader to throw");
}

/** Unwraps data(value, init) results. */
export function unwrap<T>(result: T): { status: number; data: unknown } {
  const r = result as { type?: string; init?: { status?: number } | null; data?: unknown };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, data: r.data };
  return { status: 200, data: result };
}
