import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: a second process opening the same directory corrupts it.
 * This exclusive lock file makes a second process refuse with a clear message instead.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${holder.pid} ` +
        `(${holder.command}, since ${holder.startedAt}). Stop that process first, ` +
        `or set DATABASE_URL to use PostgreSQL, which many processes can share. ` +
        `If process ${holder.pid} is not this site's (the number was reused after a crash), delete ${lockFile} and start again.`,
    );
  }
}

/** processStart tells the holder from a later process that reuses its pid. */
type LockHolder = { pid: number; command: string; startedAt: string; processStart?: string };

/**
 * When a process started, as the kernel counts it (boot id and clock ticks since boot, from
 * /proc): a pid can be reused, this pair cannot. Undefined where /proc does not exist.
 */
export function processStartOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    // Field 22 of stat, starttime; the slice starts at field 3.
    return `${bootId}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

/**
 * A process that has exited but whose parent has not yet collected it (a zombie, state Z
 * or X in /proc) still answers kill(pid, 0), yet it holds no files: its lock is stale.
 */
export function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (isZombie(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The holder is still running: its pid is alive and, where known, started when the lock says. */
function isHeld(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (!holder.processStart) return true;
  const current = processStartOf(holder.pid);
  return current === undefined || current === holder.processStart;
}

function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export function acquireDataDirLock(dataDir: string, command: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "db.lock");
  const holder: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString(), processStart: processStartOf(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(holder), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const current = readHolder(file);
      if (current && isHeld(current)) throw new DataDirLockedError(file, current);
      // A lock left by a process that died (or whose pid another process now has): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
