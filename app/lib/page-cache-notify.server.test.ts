import { EventEmitter } from "node:events";
import type pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/db.server";
import { getDatabase, setDatabase } from "~/db/index.server";
import { cachedPage, cachePromotionPages, PROMOTION_PAGE_TAGS } from "../../tests/helpers/page-cache";
import { allowConsoleError } from "../../tests/helpers/setup";
import { invalidatePages, listenForInvalidations, pageStore, promotionTag, refreshPages, SITE_TAG } from "./page-cache.server";

// ADR 002, "Several processes", without a PostgreSQL: the processes' notices go through a
// small fake of what the page cache uses of pg (a pool's `query` and `connect`, a client's
// `query`, `release` and its 'notification' and 'error' events). The same rules are tested
// against a real PostgreSQL in page-cache-invalidation.server.test.ts; these run on every
// driver, as the mutation run does.
const CHANNEL = "page_cache_invalidate";
const ANOTHER_PROCESS = "from:another-process";
// PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more.
const POSTGRES_PAYLOAD_LIMIT = 8_000;
// The listener waits a second before it connects again; a test waits a little longer.
const PAST_A_RETRY = 1_500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Connection = EventEmitter & {
  statements: string[];
  channels: Set<string>;
  /** Closed for good (release(true)), or handed back to the pool for other queries. */
  state: "open" | "closed" | "returned";
  /** Runs before each of its statements: a test makes one fail or wait. */
  before?: (text: string) => Promise<void>;
  query(text: string): Promise<unknown>;
  release(destroy?: boolean): void;
};

/**
 * PostgreSQL as far as LISTEN/NOTIFY goes. `pg_notify` through the pool reaches, after the
 * statement, every open connection that LISTENs on its channel; a payload of 8,000 bytes or
 * more is refused; any other statement is an error.
 */
function fakePostgres(
  hooks: {
    /** Before each connection is made (by attempt, from 1): a test makes it fail or wait. */
    connect?: (attempt: number) => Promise<void>;
    /** Each connection made, as it is handed out. */
    connected?: (connection: Connection, attempt: number) => void;
    /** Before each notice is sent: a test makes it fail or wait. */
    notify?: (payload: string) => Promise<void>;
  } = {},
) {
  const connections: Connection[] = [];
  const notices: string[] = [];
  let attempts = 0;
  const deliver = (channel: string, payload: string | undefined) => {
    for (const connection of connections) {
      if (connection.state !== "closed" && connection.channels.has(channel)) {
        setImmediate(() => connection.emit("notification", { processId: 1, channel, payload }));
      }
    }
  };
  const connect = async (): Promise<Connection> => {
    const attempt = ++attempts;
    await hooks.connect?.(attempt);
    const connection = Object.assign(new EventEmitter(), {
      statements: [] as string[],
      channels: new Set<string>(),
      state: "open" as Connection["state"],
      before: undefined as Connection["before"],
      async query(text: string) {
        connection.statements.push(text);
        await connection.before?.(text);
        if (connection.state === "closed") throw new Error("Client was closed and is not queryable");
        const [, verb, channel] = /^(listen|unlisten) (\w+)$/.exec(text) ?? [];
        if (!verb || !channel) throw new Error(`syntax error: ${text}`);
        if (verb === "listen") connection.channels.add(channel);
        else connection.channels.delete(channel);
        return { rows: [] };
      },
      release(destroy?: boolean) {
        if (destroy) connection.channels.clear();
        connection.state = destroy ? "closed" : "returned";
      },
    });
    connections.push(connection);
    hooks.connected?.(connection, attempt);
    return connection;
  };
  const query = async (text: string, values: unknown[] = []) => {
    if (text !== "select pg_notify($1, $2)") throw new Error(`syntax error: ${text}`);
    const [channel, payload] = values as [string, string];
    await hooks.notify?.(payload);
    if (Buffer.byteLength(payload) >= POSTGRES_PAYLOAD_LIMIT) throw new Error("payload string too long");
    notices.push(payload);
    deliver(channel, payload);
    return { rows: [] };
  };
  return {
    pool: { connect, query } as unknown as pg.Pool,
    connections,
    /** The payloads sent through this pool, in order. */
    notices,
    /** The words of each notice but its sender's name. */
    tagsOf: () => notices.map((payload) => payload.split(" ").filter((word) => word && !word.startsWith("from:"))),
    /** Another process's NOTIFY on the same database. */
    deliver,
    /** The connections listening on the page cache's channel now. */
    listening: () => connections.filter((connection) => connection.state !== "closed" && connection.channels.has(CHANNEL)),
  };
}

describe("cache invalidation between processes, over a fake PostgreSQL", () => {
  const store = pageStore();
  const { a, b, c } = PROMOTION_PAGE_TAGS;
  const marker = promotionTag("marker");
  const cachePages = cachePromotionPages;
  const fresh = (key: string) => store.get(key) !== undefined && !store.get(key)?.stale;

  let previous: Database | undefined;
  let postgres: ReturnType<typeof fakePostgres>;
  const stops: (() => Promise<void>)[] = [];
  const useDatabase = (on: ReturnType<typeof fakePostgres>) =>
    setDatabase({ driver: "postgres", pool: on.pool, db: undefined as never, close: async () => {} });

  beforeEach(() => {
    try {
      previous = getDatabase();
    } catch {
      previous = undefined;
    }
    store.invalidate([SITE_TAG]);
    postgres = fakePostgres();
    useDatabase(postgres);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    setDatabase(previous);
  });

  /** Listens as the server does, and waits until it has dropped every page, as it does once listening. */
  const listen = async (on = postgres) => {
    store.set("/before-listening", cachedPage([SITE_TAG]), store.sequence);
    const stop = listenForInvalidations(on.pool);
    stops.push(stop);
    await vi.waitFor(() => expect(on.listening()).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(store.get("/before-listening")).toBeUndefined(), { timeout: 5_000 });
    return stop;
  };
  /** Sends another process's copy of each notice this process sent. */
  const relay = (payloads: string[], on = postgres) => {
    for (const payload of payloads) on.deliver(CHANNEL, payload.replace(/from:\S+/, ANOTHER_PROCESS));
  };
  /** Waits until every notice delivered before now has been heard: another process's, about a page of its own. */
  const heard = async (on = postgres) => {
    store.set("/marker", cachedPage([SITE_TAG, marker]), store.sequence);
    on.deliver(CHANNEL, `${ANOTHER_PROCESS} ${marker}`);
    await vi.waitFor(() => expect(store.get("/marker")).toBeUndefined(), { timeout: 5_000 });
  };

  describe("telling the others", () => {
    it("has the other processes drop the pages a write drops, and mark stale those a comment marks, and no others", async () => {
      await Promise.all([invalidatePages(a), refreshPages(b)]);
      await listen();
      cachePages();
      relay(postgres.notices);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(store.get("/b")?.stale).toBe(true);
      expect(fresh("/c")).toBe(true);
      expect(fresh("/blog")).toBe(true);
    });

    it("sends one notice for the writes that land together, and one of its own for a write after it left", async () => {
      await Promise.all([invalidatePages(a), invalidatePages(b)]);
      expect(postgres.tagsOf()).toEqual([[a, b]]);
      await invalidatePages(c);
      expect(postgres.tagsOf()).toEqual([[a, b], [c]]);
    });

    it("sends no notice for a write that names no pages, which other processes would read as 'drop everything'", async () => {
      await invalidatePages();
      await refreshPages();
      expect(postgres.notices).toEqual([]);
    });

    it("tells other processes to drop everything when a site-wide write is among the writes, and nothing more", async () => {
      await Promise.all([invalidatePages(a), invalidatePages(SITE_TAG), refreshPages(b)]);
      expect(postgres.tagsOf()).toEqual([[SITE_TAG]]);
      await listen();
      cachePages();
      relay(postgres.notices);
      await vi.waitFor(() => expect(store.size).toBe(0), { timeout: 5_000 });
    });

    it("loses none of many writes landing together: their notice fits PostgreSQL's limit and has the others drop every page", async () => {
      const many = Array.from({ length: 400 }, (_, i) => promotionTag(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`));
      await Promise.all([...many, a].map((tag) => invalidatePages(tag)));
      // Each notice was accepted (a refused one would be logged, which fails the test).
      expect(postgres.notices.length).toBeGreaterThan(0);
      await listen();
      cachePages();
      store.set("/last", cachedPage([SITE_TAG, many.at(-1)!]), store.sequence);
      relay(postgres.notices);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      await vi.waitFor(() => expect(store.get("/last")).toBeUndefined(), { timeout: 5_000 });
    });

    it("logs one line when a notice cannot be sent, answers the write all the same, and tells the next write", async () => {
      allowConsoleError();
      const logged = vi.spyOn(console, "error");
      let refuse = true;
      postgres = fakePostgres({
        notify: async () => {
          if (refuse) throw new Error("connection refused");
        },
      });
      useDatabase(postgres);
      cachePages();
      await expect(invalidatePages(a)).resolves.toBeUndefined();
      expect(store.get("/a")).toBeUndefined();
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/invalidation/i);
      refuse = false;
      await invalidatePages(b);
      expect(postgres.tagsOf()).toEqual([[b]]);
    });

    it("sends the writes made through another pool in notices of their own, which later writes join while an earlier notice is on its way (tests switch databases)", async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      // The first pool's notice waits at the gate: it is on its way until the gate opens.
      const held = fakePostgres({ notify: () => gate });
      useDatabase(held);
      const first = invalidatePages(a);
      useDatabase(postgres);
      const second = invalidatePages(b);
      await new Promise((resolve) => setImmediate(resolve)); // the first notice is on its way
      const third = invalidatePages(c);
      open();
      await Promise.all([first, second, third]);
      expect(held.tagsOf()).toEqual([[a]]);
      expect(postgres.tagsOf()).toEqual([[b, c]]);
    });
  });

  describe("hearing the others", () => {
    it("drops every page once it listens (it may have missed notices before), then exactly what another process's notice names", async () => {
      await listen();
      cachePages();
      postgres.deliver(CHANNEL, `${ANOTHER_PROCESS} ${a}`);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(fresh("/b")).toBe(true);
      expect(fresh("/blog")).toBe(true);
    });

    it("marks stale, and keeps serving, the pages another process's comment changed", async () => {
      await listen();
      cachePages();
      postgres.deliver(CHANNEL, `${ANOTHER_PROCESS} ~${b} ~${c}`);
      await vi.waitFor(() => expect(store.get("/b")?.stale).toBe(true), { timeout: 5_000 });
      expect(store.get("/c")?.stale).toBe(true);
      expect(fresh("/a")).toBe(true);
      expect(fresh("/blog")).toBe(true);
    });

    it("skips its own notices: pages rendered after its own writes are not dropped or marked when the notices come back", async () => {
      await listen();
      await Promise.all([invalidatePages(a), refreshPages(b)]);
      cachePages(); // rendered after the writes
      await heard();
      await invalidatePages(SITE_TAG);
      cachePages(); // rendered after a site-wide write
      await heard();
      for (const key of ["/a", "/b", "/c", "/blog"]) expect(fresh(key), key).toBe(true);
      expect(postgres.notices).toHaveLength(2);
    });

    it("drops every page on a notice that names no page, as senders before the tags meant", async () => {
      await listen();
      for (const payload of [ANOTHER_PROCESS, "", undefined]) {
        cachePages();
        postgres.deliver(CHANNEL, payload);
        await vi.waitFor(() => expect(store.size, JSON.stringify(payload)).toBe(0), { timeout: 5_000 });
      }
    });

    it("reads a notice's words whatever the spacing", async () => {
      await listen();
      cachePages();
      postgres.deliver(CHANNEL, `  ${ANOTHER_PROCESS}   ${a}  ~${b} `);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(store.get("/b")?.stale).toBe(true);
      expect(fresh("/c")).toBe(true);
    });

    it("ignores notices on other channels", async () => {
      await listen();
      const connection = postgres.listening()[0]!;
      cachePages();
      connection.emit("notification", { processId: 1, channel: "another_channel", payload: "" });
      connection.emit("notification", { processId: 1, channel: "another_channel", payload: `${ANOTHER_PROCESS} ${a}` });
      await heard();
      for (const key of ["/a", "/b", "/c", "/blog"]) expect(fresh(key), key).toBe(true);
    });
  });

  describe("the listening connection", () => {
    it("listens again after its connection is lost: closes the lost one, drops every page (it may have missed notices), and hears on one new connection", async () => {
      await listen();
      const [lost] = postgres.connections;
      cachePages();
      lost!.emit("error", new Error("Connection terminated unexpectedly"));
      await vi.waitFor(() => expect(postgres.connections).toHaveLength(2), { timeout: 5_000 });
      await vi.waitFor(() => expect(postgres.listening()).toEqual([postgres.connections[1]]), { timeout: 5_000 });
      await vi.waitFor(() => expect(store.size).toBe(0), { timeout: 5_000 });
      // A broken connection is not handed back to the pool for others' queries.
      expect(lost!.state).toBe("closed");
      // The lost connection reports its loss once more: nothing happens.
      lost!.emit("error", new Error("Connection terminated unexpectedly"));
      await wait(PAST_A_RETRY);
      expect(postgres.connections).toHaveLength(2);
      expect(postgres.connections[1]!.state).toBe("open");
      cachePages();
      postgres.deliver(CHANNEL, `${ANOTHER_PROCESS} ${a}`);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(fresh("/b")).toBe(true);
    });

    it("retries once on a new connection, and logs one line, when the database refuses to listen on a sound one (as a standby would)", async () => {
      allowConsoleError();
      const logged = vi.spyOn(console, "error");
      postgres = fakePostgres({
        connected: (connection, attempt) => {
          // A connection whose every statement is refused, though it stays connected.
          if (attempt === 1) connection.before = () => Promise.reject(new Error("cannot execute LISTEN during recovery"));
        },
      });
      await listen();
      expect(postgres.connections).toHaveLength(2);
      expect(postgres.connections[0]!.state).toBe("closed");
      await wait(PAST_A_RETRY);
      expect(postgres.connections).toHaveLength(2);
      expect(postgres.listening()).toEqual([postgres.connections[1]]);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/listen/i);
    });

    it("retries, and logs one line, when the database cannot be reached at first", async () => {
      allowConsoleError();
      const logged = vi.spyOn(console, "error");
      postgres = fakePostgres({
        connect: async (attempt) => {
          if (attempt === 1) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        },
      });
      await listen();
      expect(postgres.connections).toHaveLength(1);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/listen/i);
    });

    it("connects once more, not twice, when a connection reports its loss and its LISTEN fails after the new one listens", async () => {
      allowConsoleError();
      let fail!: (error: Error) => void;
      postgres = fakePostgres({
        connected: (connection, attempt) => {
          // Its LISTEN gets no answer until the test says it failed.
          if (attempt === 1) connection.before = () => new Promise((_, reject) => (fail = reject));
        },
      });
      const stop = listenForInvalidations(postgres.pool);
      stops.push(stop);
      await vi.waitFor(() => expect(fail).toBeDefined(), { timeout: 5_000 });
      const [first] = postgres.connections;
      first!.emit("error", new Error("Connection terminated unexpectedly"));
      await vi.waitFor(() => expect(postgres.listening()).toHaveLength(1), { timeout: 5_000 });
      fail(new Error("Connection terminated unexpectedly"));
      await wait(PAST_A_RETRY);
      expect(postgres.connections).toHaveLength(2);
      expect(postgres.listening()).toEqual([postgres.connections[1]]);
      expect(first!.state).toBe("closed");
    });

    it("stops listening and closes its connection when stopped, also when the connection is broken", async () => {
      const stop = await listen();
      await stop();
      expect(postgres.listening()).toEqual([]);
      expect(postgres.connections[0]!.state).toBe("closed");

      const broken = fakePostgres();
      await listen(broken);
      broken.connections[0]!.before = async () => {
        throw new Error("Connection terminated unexpectedly");
      };
      await stops.pop()!();
      // Closed, not handed back to the pool still listening.
      expect(broken.connections[0]!.state).toBe("closed");
      expect(broken.listening()).toEqual([]);
    });

    it("leaves no connection behind, and logs nothing, when stopped while it connects", async () => {
      let connected!: () => void;
      postgres = fakePostgres({ connect: () => new Promise<void>((resolve) => (connected = resolve)) });
      const stop = listenForInvalidations(postgres.pool);
      await vi.waitFor(() => expect(connected).toBeDefined());
      await stop();
      connected();
      await vi.waitFor(() => expect(postgres.connections).toHaveLength(1));
      await wait(10);
      expect(postgres.connections[0]!.statements).toEqual([]);
      expect(postgres.connections[0]!.state).toBe("closed");

      let refuse!: (error: Error) => void;
      let attempts = 0;
      const failing = fakePostgres({
        connect: () => {
          attempts++;
          return new Promise<void>((_, reject) => (refuse = reject));
        },
      });
      const stopFailing = listenForInvalidations(failing.pool);
      await vi.waitFor(() => expect(refuse).toBeDefined());
      await stopFailing();
      refuse(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
      // A failure after the stop is nobody's concern: nothing is logged (an error log fails the test), no retry.
      await wait(PAST_A_RETRY);
      expect(attempts).toBe(1);
    });

    it("does not connect again once stopped while waiting to retry", async () => {
      allowConsoleError();
      let attempts = 0;
      postgres = fakePostgres({
        connect: async (attempt) => {
          attempts = attempt;
          throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        },
      });
      const stop = listenForInvalidations(postgres.pool);
      await vi.waitFor(() => expect(attempts).toBe(1));
      await stop();
      await wait(PAST_A_RETRY);
      expect(attempts).toBe(1);
    });
  });
});
