import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../../tests/helpers/setup";
import type { DueRun } from "./publishing.server";
import { startPublishingScheduler } from "./scheduler.server";

const NOTHING: DueRun = { status: "not-due", published: [] };

describe("the publishing scheduler's loop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks at once, then once a minute, with the clock it was given", async () => {
    const seen: Date[] = [];
    let clock = new Date("2026-03-10T06:00:00Z");
    const scheduler = startPublishingScheduler({ now: () => clock, run: async (now) => (seen.push(now), NOTHING), log: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([new Date("2026-03-10T06:00:00Z")]);
    clock = new Date("2026-03-10T06:01:00Z");
    await vi.advanceTimersByTimeAsync(59_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([new Date("2026-03-10T06:00:00Z"), new Date("2026-03-10T06:01:00Z")]);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(seen).toHaveLength(2);
  });

  it("never overlaps checks, and stop waits for the running one", async () => {
    let release!: () => void;
    let calls = 0;
    let finished = false;
    const scheduler = startPublishingScheduler({
      run: () => {
        calls++;
        return new Promise<DueRun>((resolve) => (release = () => ((finished = true), resolve(NOTHING))));
      },
      log: () => {},
    });
    // A slow first check: the minute ticks while it runs start no second one.
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(calls).toBe(1);
    const stopped = scheduler.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
  });

  it("logs a failed check and tries again at the next one", async () => {
    allowConsoleError();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const lines: string[] = [];
    const scheduler = startPublishingScheduler({
      run: async () => {
        calls++;
        if (calls === 1) throw new Error("veritabanı yok");
        return { status: "published", published: [{ id: "1", slug: "a", title: "A" }] };
      },
      log: (line) => lines.push(line),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(error).toHaveBeenCalledWith("Scheduled publishing failed:", expect.objectContaining({ message: "veritabanı yok" }));
    expect(lines).toContain("Scheduled publishing: 1 post(s) published");
    await scheduler.stop();
  });

  it("tells the log it runs, and how often, once its first check is done; a check that published nothing says nothing", async () => {
    const lines: string[] = [];
    const scheduler = startPublishingScheduler({ run: async () => NOTHING, log: (line) => lines.push(line), intervalMs: 90_000 });
    await vi.advanceTimersByTimeAsync(3 * 90_000);
    expect(lines).toEqual(["Scheduled publishing: checking every 90 s"]);
    await scheduler.stop();
  });

  it("writes its lines to the server's console when given no log", async () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const scheduler = startPublishingScheduler({ run: async () => ({ status: "published", published: [{ id: "1", slug: "a", title: "A" }] }) });
      await vi.advanceTimersByTimeAsync(0);
      await scheduler.stop();
      expect(out.mock.calls).toEqual([["Scheduled publishing: 1 post(s) published"], ["Scheduled publishing: checking every 60 s"]]);
    } finally {
      out.mockRestore();
    }
  });

  it("says nothing of running when stopped before its first check was done", async () => {
    const lines: string[] = [];
    let release!: () => void;
    const scheduler = startPublishingScheduler({ run: () => new Promise<DueRun>((resolve) => (release = () => resolve(NOTHING))), log: (line) => lines.push(line) });
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(lines).toEqual([]);
  });

  it("reads the real clock when given none", async () => {
    vi.setSystemTime(new Date("2026-05-01T09:30:00Z"));
    const seen: Date[] = [];
    const scheduler = startPublishingScheduler({ run: async (now) => (seen.push(now), NOTHING), log: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([new Date("2026-05-01T09:30:00Z")]);
    await scheduler.stop();
  });
});
