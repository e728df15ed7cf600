import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 10 §4: a port in use, a bad HOST or an unreachable database print one clear line
// (no stack) and exit non-zero; the one-time admin password is printed only once the
// server listens, after 'Site ready'.

type Run = { code: number | null; stdout: string; stderr: string };

const dataDirs: string[] = [];

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bonus-startup-"));
  dataDirs.push(dir);
  return dir;
}

/** `node server.js` on the production build, no ADMIN_PASSWORD (so one would be generated). */
function runServer(env: Record<string, string>, until: "exit" | "ready"): Promise<Run & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DEMO_CONTENT: "false",
      PUBLIC_SITE_URL: "http://127.0.0.1:3000",
      SESSION_SECRET: "startup-secret-startup-secret-0123456789",
      SCHEDULER: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: Run = { code: null, stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => (run.stdout += chunk));
  child.stderr.on("data", (chunk) => (run.stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", (code) => ((run.code = code), resolve())));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server neither ${until === "exit" ? "exited" : "got ready"} within 60 s:\n${run.stdout}\n${run.stderr}`));
    }, 60_000);
    if (until === "ready") {
      // Ready once the line after 'Site ready' (the admin announcement) has arrived too.
      child.stdout.on("data", () => {
        if (/Site ready on [^\n]*\n[\s\S]*admin account was created[^\n]*\n/.test(run.stdout) && /Sign in at/.test(run.stdout)) {
          clearTimeout(timer);
          resolve({ ...run, stop });
        }
      });
    }
    void exited.then(() => {
      clearTimeout(timer);
      if (until === "exit") resolve({ ...run, stop });
      else reject(new Error(`The server exited with ${run.code}:\n${run.stdout}\n${run.stderr}`));
    });
  });
}

/** A port nothing listens on (its listener is closed again). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** What an operator should see: exactly one line on stderr, no stack frame, no password. */
function expectOneClearLine(run: Run): string {
  const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout + run.stderr).not.toMatch(/password/i);
  expect(run.stdout).not.toContain("Site ready");
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  return lines[0]!;
}

describe("start-up failures print one line and no password", () => {
  const occupier = net.createServer();
  let takenPort = 0;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(process.env.BUILD_DIR ?? "build", "server/index.js"))) throw new Error("No production build: run `npm run build` (npm test does it)");
    await new Promise<void>((resolve) => occupier.listen(0, "127.0.0.1", resolve));
    takenPort = (occupier.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => occupier.close(resolve));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a port already in use: one line naming the port; the password comes on the next good start", async () => {
    const dataDir = freshDataDir();
    const failed = await runServer({ PORT: String(takenPort), DATA_DIR: dataDir }, "exit");
    const line = expectOneClearLine(failed);
    expect(line).toContain(`port ${takenPort}`);
    expect(line).toMatch(/in use/);

    // Nothing was created behind the operator's back: the same data directory, a free port,
    // and the admin's one-time password appears, after 'Site ready'.
    const good = await runServer({ DATA_DIR: dataDir }, "ready");
    try {
      const ready = good.stdout.indexOf("Site ready on http://localhost:");
      const password = good.stdout.search(/^ {2}password: \S{12,}$/m);
      expect(ready).toBeGreaterThanOrEqual(0);
      expect(password).toBeGreaterThan(ready);
      expect(good.stderr).toBe("");
    } finally {
      await good.stop();
    }
  });

  it("a HOST that is not an address of this machine: one line naming it", async () => {
    const line = expectOneClearLine(await runServer({ HOST: "192.0.2.1", DATA_DIR: freshDataDir() }, "exit"));
    expect(line).toContain('HOST "192.0.2.1"');
  });

  it("a HOST that is no host name at all: one line naming it", async () => {
    const line = expectOneClearLine(await runServer({ HOST: "no-such-host.invalid", DATA_DIR: freshDataDir() }, "exit"));
    expect(line).toContain('HOST "no-such-host.invalid"');
  });

  it("a DATABASE_URL whose server is not there: one line naming where, never its password", async () => {
    const port = await closedPort();
    const run = await runServer({ DATABASE_URL: `postgres://sahip:gizli-parola@127.0.0.1:${port}/bonus`, DATA_DIR: freshDataDir() }, "exit");
    const line = expectOneClearLine(run);
    expect(line).toContain(`127.0.0.1:${port}/bonus`);
    expect(line).toMatch(/database/i);
    expect(line).not.toContain("gizli-parola");
  });
});
