import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { configureIndexNow, type IndexNowOptions } from "~/modules/indexing/indexing.server";

/**
 * A scripted IndexNow endpoint on 127.0.0.1 (STYLE.md: external HTTP is a fake server the
 * test starts). `answer` says how it answers the next requests: a status, a status with a
 * Retry-After header or a body, or "hang" (no answer until `release`, for the timeout and
 * for showing that nothing waits on it).
 */
export type FakeAnswer = number | "hang" | { status: number; retryAfter?: string; body?: string };

export type FakeIndexNow = {
  endpoint: string;
  requests: { method: string; path: string; contentType: string | undefined; body: string }[];
  answer: FakeAnswer;
  /** Requests received and not answered yet ("hang"). */
  readonly held: number;
  /** Answers every held request with this status. */
  release: (status?: number) => void;
  close: () => Promise<void>;
};

export async function startFakeIndexNow(): Promise<FakeIndexNow> {
  const held: http.ServerResponse[] = [];
  const fake: Omit<FakeIndexNow, "endpoint" | "close" | "held" | "release"> = { requests: [], answer: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      fake.requests.push({ method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") });
      const answer = fake.answer;
      if (answer === "hang") {
        held.push(res);
        return;
      }
      if (typeof answer === "number") {
        res.writeHead(answer).end();
        return;
      }
      res.writeHead(answer.status, answer.retryAfter === undefined ? {} : { "Retry-After": answer.retryAfter }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const controls = {
    release: (status = 200) => {
      for (const res of held.splice(0)) if (!res.writableEnded && !res.destroyed) res.writeHead(status).end();
    },
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    close: async () => {
      held.length = 0;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  // A getter, not a copy: the count changes as requests arrive and are released.
  return Object.defineProperty(Object.assign(fake, controls), "held", { get: () => held.length, enumerable: true }) as FakeIndexNow;
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

/** The fake as a test file sees it: the fixture starts and closes it. */
export type FakeIndexNowFixture = Omit<FakeIndexNow, "close"> & {
  /** Lets fetch also reach these origins for the rest of the test; any other is still refused. */
  allowAlso: (...origins: string[]) => void;
};

/**
 * The fake IndexNow endpoint for every test of the enclosing describe block: started once and
 * closed at the end; before each test its requests are forgotten, it answers 200, fetch may
 * reach only it, and IndexNow is pointed at it with `indexNow` (or off, when that is "off",
 * until a test configures it); after each test held requests are answered, the configuration
 * goes back to the environment's, globals and mocks are restored, and the test fails if it
 * tried to reach anything else.
 */
export function setUpFakeIndexNow({ indexNow }: { indexNow: Omit<IndexNowOptions, "endpoint"> | "off" }): FakeIndexNowFixture {
  let started: FakeIndexNow | undefined;
  let refused: string[] = [];
  const fake = (): FakeIndexNow => {
    if (!started) throw new Error("the fake IndexNow endpoint starts in beforeAll: use it in a hook or a test");
    return started;
  };
  beforeAll(async () => {
    started = await startFakeIndexNow();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    fake().requests.length = 0;
    fake().answer = 200;
    refused = allowOnlyOutbound(new URL(fake().endpoint).origin);
    configureIndexNow(indexNow === "off" ? null : { ...indexNow, endpoint: fake().endpoint });
  });
  afterEach(() => {
    // Answers what a test left hanging, so no request outlives it.
    fake().release();
    configureIndexNow(undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(refused, "unexpected outbound request").toEqual([]);
  });
  return {
    get endpoint() {
      return fake().endpoint;
    },
    get requests() {
      return fake().requests;
    },
    get answer() {
      return fake().answer;
    },
    set answer(answer: FakeAnswer) {
      fake().answer = answer;
    },
    get held() {
      return fake().held;
    },
    release: (status?: number) => fake().release(status),
    allowAlso: (...origins: string[]) => {
      vi.unstubAllGlobals();
      refused = allowOnlyOutbound(new URL(fake().endpoint).origin, ...origins);
    },
  };
}
