import { SCHEDULER_INTERVAL_MS } from "./publishing.schema";
import { runDuePublishing, SCHEDULER_ACTOR, type DueRun } from "./publishing.server";

export type Clock = () => Date;

export type PublishingScheduler = {
  /** Runs one check now, unless one is running (then waits for that one). */
  check: () => Promise<void>;
  /** No further checks; resolves once a running check has finished (before the database closes). */
  stop: () => Promise<void>;
};

export type SchedulerOptions = {
  intervalMs?: number;
  /** The clock the checks read (tests move it instead of waiting). */
  now?: Clock;
  run?: (now: Date) => Promise<DueRun>;
  log?: (line: string) => void;
};

/**
 * Issue 9 §5: the in-process scheduler. Every process runs one; the claim in
 * runDuePublishing decides which of them publishes a due time. The first check runs at
 * once, so a server that was down catches up as it starts. Checks never overlap; a failed
 * check is logged and the next one tries again.
 */
export function startPublishingScheduler(options: SchedulerOptions = {}): PublishingScheduler {
  const now = options.now ?? (() => new Date());
  const run = options.run ?? ((at: Date) => runDuePublishing(SCHEDULER_ACTOR, at));
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<void> | null = null;
  let stopped = false;

  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= run(now())
      .then((outcome) => {
        if (outcome.status === "published") log(`Scheduled publishing: ${outcome.published.length} post(s) published`);
      })
      .catch((error: unknown) => console.error("Scheduled publishing failed:", error))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void check(), options.intervalMs ?? SCHEDULER_INTERVAL_MS);
  // The scheduler alone never keeps the process alive.
  timer.unref();
  const first = check().then(() => {
    if (!stopped) log(`Scheduled publishing: checking every ${Math.round((options.intervalMs ?? SCHEDULER_INTERVAL_MS) / 1000)} s`);
  });

  return {
    check,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await first;
      await running;
    },
  };
}
