import http from "node:http";
import type { AddressInfo } from "node:net";
import { vi } from "vitest";

/**
 * A scripted IndexNow endpoint on 127.0.0.1 (STYLE.md: external HTTP is a fake server the
 * test starts). `answer` says how it answers the next requests: a status, or "hang" (no
 * answer at all, for the timeout).
 */
export type FakeIndexNow = {
  endpoint: string;
  requests: { method: string; path: string; contentType: string | undefined; body: string }[];
  answer: number | "hang";
  close: () => Promise<void>;
};

export async function startFakeIndexNow(): Promise<FakeIndexNow> {
  const fake: Omit<FakeIndexNow, "endpoint" | "close"> = { requests: [], answer: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      fake.requests.push({ method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") });
      if (fake.answer === "hang") return;
      res.writeHead(fake.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/**
 * Lets fetch reach only the given origins; any other request is refused and remembered,
 * so the test can fail on an unexpected outbound request. Returns the refused URLs.
 */
export function allowOnlyOutbound(...origins: string[]): string[] {
  const refused: string[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!origins.includes(url.origin)) {
      refused.push(url.href);
      return Promise.reject(new Error(`unexpected outbound request to ${url.href}`));
    }
    return realFetch(input, init);
  });
  return refused;
}
