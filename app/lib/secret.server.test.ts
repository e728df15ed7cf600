import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let folder: string;
let dataDir: string;
let secretFile: string;

beforeEach(() => {
  // A DATA_DIR that does not exist yet, two levels below a fresh folder.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "bonus-secret-"));
  dataDir = path.join(folder, "data", "nested");
  secretFile = path.join(dataDir, "session-secret");
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SESSION_SECRET", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** getSessionSecret as a newly started process has it (configuration and secret not yet read). */
async function startProcess() {
  vi.resetModules();
  return (await import("./secret.server")).getSessionSecret;
}

describe("getSessionSecret", () => {
  it("uses SESSION_SECRET when it is set, and writes nothing", async () => {
    vi.stubEnv("SESSION_SECRET", "configured-secret-configured-secret-0123");
    expect((await startProcess())()).toBe("configured-secret-configured-secret-0123");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("without SESSION_SECRET, generates one into DATA_DIR, readable by its owner only, and the next start uses it", async () => {
    const secret = (await startProcess())();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(secretFile, "utf8")).toBe(secret);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);

    expect((await startProcess())()).toBe(secret);
  });

  it("reads a secret file an operator wrote, without its line break", async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(secretFile, "operator-secret-operator-secret-0123\n");
    expect((await startProcess())()).toBe("operator-secret-operator-secret-0123");
  });

  it("keeps one secret for the life of the process, even if the file goes away", async () => {
    const getSessionSecret = await startProcess();
    const secret = getSessionSecret();
    fs.rmSync(secretFile);
    expect(getSessionSecret()).toBe(secret);
    expect(fs.existsSync(secretFile)).toBe(false);
  });

  it("takes the secret of another process that wrote the file first", async () => {
    const getSessionSecret = await startProcess();
    // The other process writes the file just after our read found none.
    vi.spyOn(fs, "readFileSync").mockImplementationOnce(() => {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(secretFile, "their-secret-their-secret-their-0123\n");
      throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
    });
    expect(getSessionSecret()).toBe("their-secret-their-secret-their-0123");
    expect(fs.readFileSync(secretFile, "utf8")).toBe("their-secret-their-secret-their-0123\n");
  });
});
