/**
 * What happened recently to keys (small integers): when each was set and a small count, kept
 * for at least `windowMs` after it was set. Two generations of Maps: new entries go to the
 * current one; once it is `windowMs` old (or holds `maxPerGeneration` entries) it becomes the
 * previous one and the old previous one is dropped whole.
 *
 * Keys and values are small integers, so the garbage collector has no object per entry to
 * trace or move. An LRU of 100,000 hashed strings made the outbound redirect's p99 follow
 * the collector's mark-compact pauses (5 to 15 ms each) as it filled.
 */
export class RecentWindow {
  /** The largest count kept beside a time. */
  static readonly MAX_COUNT = 7;
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  private currentStart = Number.NEGATIVE_INFINITY;
  private previousStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly windowMs: number,
    private readonly maxPerGeneration: number,
  ) {}

  /** Moves the generations on to `now`; call before reading or writing at that time. */
  advance(now: number): void {
    // The first call, a long silence or a clock set back by more than a window starts afresh.
    // A clock set back by less keeps what it has: those entries read as just set (a repeat).
    if (now < this.currentStart - this.windowMs || now - this.currentStart >= 2 * this.windowMs) {
      this.clear();
      this.currentStart = now;
    } else if (now - this.currentStart >= this.windowMs || this.current.size >= this.maxPerGeneration) {
      this.previous = this.current;
      this.previousStart = this.currentStart;
      this.current = new Map();
      this.currentStart = now;
    }
  }

  /** When `key` was last set, if it is still remembered. */
  timeOf(key: number): number | undefined {
    // A time is kept as milliseconds after its generation's start, eight to one with the count.
    const current = this.current.get(key);
    if (current !== undefined) return this.currentStart + (current >> 3);
    const previous = this.previous.get(key);
    return previous === undefined ? undefined : this.previousStart + (previous >> 3);
  }

  /** The count stored with `key`'s time (0 when it is not remembered). */
  countOf(key: number): number {
    return (this.current.get(key) ?? this.previous.get(key) ?? 0) & RecentWindow.MAX_COUNT;
  }

  /** Remembers `key` as set at `time` (within two windows of the last `advance`) with `count` (0 to MAX_COUNT). */
  set(key: number, time: number, count = 0): void {
    if (!Number.isInteger(count) || count < 0 || count > RecentWindow.MAX_COUNT) throw new RangeError(`count ${count} is not 0 to ${RecentWindow.MAX_COUNT}`);
    const offset = time - this.currentStart;
    // Three bits for the count leave 28 for the offset (±74 hours), far beyond two windows.
    if (!Number.isInteger(offset) || Math.abs(offset) > 2 * this.windowMs) throw new RangeError(`time ${time} is not within two windows of ${this.currentStart}`);
    this.current.set(key, (offset << 3) | count);
  }

  /** Entries held in both generations (tests). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.currentStart = Number.NEGATIVE_INFINITY;
    this.previousStart = Number.NEGATIVE_INFINITY;
  }
}
