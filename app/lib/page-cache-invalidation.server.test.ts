import pg from "pg";
import { beforeEach, expect, it, vi } from "vitest";
import { setDatabase } from "~/db/index.server";
import { describeEachDriver } from "../../tests/helpers/db";
import { cachedPage, cachePromotionPages, PROMOTION_PAGE_TAGS } from "../../tests/helpers/page-cache";
import { allowConsoleError } from "../../tests/helpers/setup";
import { invalidatePages, listenForInvalidations, pageStore, promotionTag, refreshPages, SITE_TAG } from "./page-cache.server";

// ADR 002, "Several processes": every process LISTENs on this channel; a notice names its
// sender (`from:...`, a process skips its own) and the tags written.
const CHANNEL = "page_cache_invalidate";
const ANOTHER_PROCESS = "from:another-process";

describeEachDriver("cache invalidation", ({ database, driver }) => {
  const store = pageStore();
  const { a, b, c } = PROMOTION_PAGE_TAGS;
  const cachePages = cachePromotionPages;

  beforeEach(() => store.invalidate([SITE_TAG]));

  it("drops the pages showing a written promotion in this process, and only those", async () => {
    cachePages();
    await invalidatePages(a);
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/b")).toBeDefined();
    expect(store.get("/blog")).toBeDefined();
  });

  it("keeps serving the pages showing a commented promotion in this process, marked stale, and leaves the others fresh", async () => {
    cachePages();
    await refreshPages(a);
    expect(store.get("/a")?.stale).toBe(true);
    expect(store.get("/b")).toBeDefined();
    expect(store.get("/b")?.stale).toBeFalsy();
  });

  it("still drops and marks this process's pages when no database is open yet (a command-line writer before it connects)", async () => {
    cachePages();
    setDatabase(undefined);
    try {
      await invalidatePages(a);
      await refreshPages(b);
    } finally {
      setDatabase(database());
    }
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/b")?.stale).toBe(true);
    expect(store.get("/c")?.stale).toBeFalsy();
  });

  if (driver !== "postgres") return;

  const pool = () => database().pool!;

  /**
   * The notices other processes receive while `write` runs, as lists of words: a listener
   * of its own, and a last notice of its own to know that every earlier one has arrived.
   */
  async function noticesOf(write: () => Promise<unknown>): Promise<string[][]> {
    const listener = await pool().connect();
    const payloads: string[] = [];
    listener.on("notification", (message) => payloads.push(message.payload ?? ""));
    try {
      await listener.query(`listen ${CHANNEL}`);
      await write();
      await listener.query("select pg_notify($1, 'end-of-test')", [CHANNEL]);
      await vi.waitFor(() => expect(payloads).toContain("end-of-test"), { timeout: 5_000 });
      return payloads.slice(0, payloads.indexOf("end-of-test")).map((payload) => payload.split(" "));
    } finally {
      await listener.query(`unlisten ${CHANNEL}`).catch(() => {});
      listener.release();
    }
  }
  /** Sends a notice as another process would. */
  const notify = (payload: string) => pool().query("select pg_notify($1, $2)", [CHANNEL, payload]);
  /** Sends another process's copy of a notice this process sent. */
  const relay = (words: string[]) => notify(words.map((word) => (word.startsWith("from:") ? ANOTHER_PROCESS : word)).join(" "));
  const listeners = async () =>
    (await pool().query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and query = $1 and pid <> pg_backend_pid()", [`listen ${CHANNEL}`])).rows;
  /** Listens as the server does, and waits until it has dropped every page, as it does once listening. */
  const listen = async (on: pg.Pool = pool()) => {
    store.set("/before-listening", cachedPage([SITE_TAG]), store.sequence);
    const stop = listenForInvalidations(on);
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(store.get("/before-listening")).toBeUndefined(), { timeout: 5_000 });
    return stop;
  };
  /** A pool that hands out real connections, after `before` has seen each (by attempt, from 1). */
  const recordingPool = (before: (attempt: number, connection?: pg.PoolClient) => Promise<void> = async () => {}, base: pg.Pool = pool()) => {
    const connections: pg.PoolClient[] = [];
    let attempts = 0;
    const recording = {
      connect: async () => {
        const attempt = ++attempts;
        await before(attempt);
        const connection = await base.connect();
        // Until the listener takes it, a loss it reports would have no one to tell.
        connection.on("error", () => {});
        connections.push(connection);
        await before(attempt, connection);
        return connection;
      },
    };
    return { pool: recording as unknown as pg.Pool, connections };
  };

  it("tells other processes which pages a write drops, in one notice for the writes that land together", async () => {
    const together = await noticesOf(() => Promise.all([invalidatePages(a), invalidatePages(b)]));
    expect(together).toHaveLength(1);
    expect(together[0]).toEqual(expect.arrayContaining([a, b]));
    expect(together[0]).not.toContain(SITE_TAG);
    // A write after that notice left is told in one of its own.
    const later = await noticesOf(() => invalidatePages(c));
    expect(later).toHaveLength(1);
    expect(later[0]).toContain(c);
    expect(later[0]).not.toContain(a);
  });

  it("sends no notice for a write that names no pages, which other processes would read as 'drop everything'", async () => {
    const notices = await noticesOf(async () => {
      await invalidatePages();
      await refreshPages();
      await invalidatePages(a);
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(a);
  });

  it("tells other processes to drop everything when a site-wide write is among the writes, and nothing more", async () => {
    const notices = await noticesOf(() => Promise.all([invalidatePages(a), invalidatePages(SITE_TAG), refreshPages(b)]));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(SITE_TAG);
    expect(notices[0]!.join(" ")).not.toContain(a);
    expect(notices[0]!.join(" ")).not.toContain(b);
  });

  it("tells other processes to drop everything when the writes landing together are too many for one notice", async () => {
    const many = Array.from({ length: 400 }, (_, i) => promotionTag(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`));
    const notices = await noticesOf(() => Promise.all(many.map((tag) => invalidatePages(tag))));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(SITE_TAG);
    expect(notices[0]!.join(" ")).not.toContain(many[0]);
  });

  it("logs a notice that could not be sent, answers the write all the same, and tells the next write", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    const unreachable = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/unreachable", connectionTimeoutMillis: 2_000 });
    setDatabase({ ...database(), pool: unreachable });
    try {
      cachePages();
      await invalidatePages(a);
      expect(store.get("/a")).toBeUndefined();
    } finally {
      setDatabase(database());
      await unreachable.end();
    }
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/invalidation/i);
    const next = await noticesOf(() => invalidatePages(b));
    expect(next).toHaveLength(1);
    expect(next[0]).toContain(b);
  });

  it("sends the writes made through another pool in notices of their own, which later writes join while an earlier notice is on its way (tests switch databases)", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // A pool whose notice waits at the gate: the first notice is on its way until it opens.
    const held = { query: async (text: string, values: unknown[]) => (await gate, pool().query(text, values)) } as unknown as pg.Pool;
    const notices = await noticesOf(async () => {
      setDatabase({ ...database(), pool: held });
      const first = invalidatePages(a);
      setDatabase(database());
      const second = invalidatePages(b);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the first notice is on its way
      const third = invalidatePages(c);
      open();
      await Promise.all([first, second, third]);
    });
    expect(notices.map((words) => [a, b, c].filter((tag) => words.includes(tag)))).toEqual([[a], [b, c]]);
  });

  it("drops every page once it listens (it may have missed notices before), then what other processes' notices name", async () => {
    const stop = await listen();
    try {
      cachePages();
      await notify(`${ANOTHER_PROCESS} ${a}`);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(store.get("/b")).toBeDefined();
      expect(store.get("/blog")).toBeDefined();
    } finally {
      await stop();
    }
    expect(await listeners()).toEqual([]);
  });

  it("does to its pages what another process's writes did to that process's: drops the written, marks the commented stale", async () => {
    const [sent] = await noticesOf(() => Promise.all([invalidatePages(a), refreshPages(b)]));
    const stop = await listen();
    try {
      cachePages();
      await relay(sent!);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(store.get("/b")?.stale).toBe(true);
      expect(store.get("/c")).toBeDefined();
      expect(store.get("/c")?.stale).toBeFalsy();
      expect(store.get("/blog")?.stale).toBeFalsy();
    } finally {
      await stop();
    }
  });

  it("drops every page on a notice that names no page, as senders before the tags meant", async () => {
    const stop = await listen();
    try {
      for (const payload of [ANOTHER_PROCESS, ""]) {
        cachePages();
        await notify(payload);
        await vi.waitFor(() => expect(store.get("/blog"), JSON.stringify(payload)).toBeUndefined(), { timeout: 5_000 });
        expect(store.size).toBe(0);
      }
    } finally {
      await stop();
    }
  });

  it("skips its own notices: a page rendered after its own write is not dropped when the notice comes back", async () => {
    const stop = await listen();
    try {
      await invalidatePages(a);
      cachePages(); // rendered after the write
      // Another process's notice, sent after this process's own: when it is heard, so was that.
      store.set("/marker", cachedPage([SITE_TAG, promotionTag("marker")]), store.sequence);
      await notify(`${ANOTHER_PROCESS} ${promotionTag("marker")}`);
      await vi.waitFor(() => expect(store.get("/marker")).toBeUndefined(), { timeout: 5_000 });
      expect(store.get("/a")).toBeDefined();
    } finally {
      await stop();
    }
  });

  it("listens again after its connection is cut: one listener, which hears other processes again, and ignores a late error from the old one", async () => {
    const recording = recordingPool();
    const stop = await listen(recording.pool);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const [cut] = await listeners();
      await pool().query("select pg_terminate_backend($1)", [cut!.pid]);
      await vi.waitFor(async () => expect((await listeners()).map((row) => row.pid !== cut!.pid)).toEqual([true]), { timeout: 10_000 });
      // The operator is told once that this process was deaf for a moment.
      expect(warned.mock.calls.map((call) => String(call[0])).filter((line) => /listener lost its connection/.test(line))).toHaveLength(1);
      // The replaced connection reports its loss once more: nothing happens (but the pool's log of it).
      allowConsoleError();
      recording.connections[0]!.emit("error", new Error("Connection terminated unexpectedly"));
      expect(warned.mock.calls.filter((call) => /listener lost its connection/.test(String(call[0])))).toHaveLength(1);
      cachePages();
      await notify(`${ANOTHER_PROCESS} ${a}`);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(await listeners()).toHaveLength(1);
      expect(recording.connections).toHaveLength(2);
    } finally {
      warned.mockRestore();
      await stop();
    }
    expect(await listeners()).toEqual([]);
  });

  it("retries once, and logs why, when its connection is cut before it listens", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    const recording = recordingPool(async (attempt, connection) => {
      if (attempt === 1 && connection) {
        // The connection's own report of the loss may come before or after the failed query's.
        const pid = (connection as unknown as { processID: number }).processID;
        await pool().query("select pg_terminate_backend($1)", [pid]);
        await vi.waitFor(async () => expect((await pool().query("select 1 from pg_stat_activity where pid = $1", [pid])).rows).toEqual([]), { timeout: 5_000 });
      }
    });
    const stop = await listen(recording.pool);
    try {
      // The notices are heard again, on one connection: one loss, one retry.
      cachePages();
      await notify(`${ANOTHER_PROCESS} ${a}`);
      await vi.waitFor(() => expect(store.get("/a")).toBeUndefined(), { timeout: 5_000 });
      expect(recording.connections).toHaveLength(2);
      expect(await listeners()).toHaveLength(1);
    } finally {
      await stop();
    }
    expect(logged.mock.calls.map((call) => String(call[0])).some((message) => /listen/i.test(message))).toBe(true);
  });

  it("retries on a new connection, and logs why, when the database refuses to listen on a sound one (as a standby would)", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    // The listener's own pool: nothing else takes the refused connection from it.
    const own = new pg.Pool({ connectionString: (pool().options as { connectionString: string }).connectionString, max: 2 });
    const recording = recordingPool(async (attempt, connection) => {
      if (attempt === 1 && connection) {
        // A connection whose every statement is refused, though it stays connected.
        await connection.query("begin");
        await connection.query("select 1 / 0").catch(() => {});
      }
    }, own);
    try {
      const stop = await listen(recording.pool);
      try {
        expect(recording.connections).toHaveLength(2);
        expect(recording.connections[1]).not.toBe(recording.connections[0]);
        // The refused connection was not handed back for others' queries.
        expect((await own.query<{ ok: number }>("select 1 as ok")).rows).toEqual([{ ok: 1 }]);
      } finally {
        await stop();
      }
    } finally {
      await own.end();
    }
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/listen/i);
  });

  it("retries, and logs why, when the database cannot be reached at first", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    let attempts = 0;
    const recording = recordingPool(async (attempt, connection) => {
      if (connection) return;
      attempts = attempt;
      if (attempt === 1) throw new Error("connect ECONNREFUSED");
    });
    const stop = await listen(recording.pool);
    try {
      expect(attempts).toBe(2);
      expect(recording.connections).toHaveLength(1);
    } finally {
      await stop();
    }
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/listen/i);
  });

  it("leaves no listener behind, and logs nothing, when stopped while it connects", async () => {
    let connected!: Promise<unknown>;
    const slow = {
      connect: () => (connected = new Promise((resolve) => setTimeout(resolve, 50)).then(() => pool().connect())),
    } as unknown as pg.Pool;
    await listenForInvalidations(slow)();
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listeners()).toEqual([]);

    let refused!: Promise<unknown>;
    const failing = { connect: () => (refused = new Promise((_, reject) => setTimeout(() => reject(new Error("connect ECONNREFUSED")), 50))) } as unknown as pg.Pool;
    await listenForInvalidations(failing)();
    await refused.catch(() => {});
    // A failure after the stop is nobody's concern: nothing is logged (an error log fails the test).
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

