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
        `or set DATABASE_URL to use PostgreSQL, which many processes can share.`,
    );
  }
}

type LockHolder = { pid: number; command: string; startedAt: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
  const holder: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString() };
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
      if (current && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DataDirLockedError(file, current);
      }
      // A lock left by a process that died: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
