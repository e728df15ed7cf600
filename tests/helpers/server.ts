import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-sifre-123" };

export type TestServer = {
  url: string;
  dataDir: string;
  /** The server process, for signals and memory readings; `exited` resolves with its exit code. */
  pid: number;
  exited: Promise<number | null>;
  logs: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the production build (`node server.js`) on a free port with a fresh DATA_DIR,
 * demo content and a known admin, and resolves once it is serving.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(process.env.BUILD_DIR ?? "build", "server/index.js"))) throw new Error("No production build: run `npm run build` (npm test does it)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bonus-e2e-"));
  // Production without demo content refuses to start without PUBLIC_SITE_URL (issue 10 §2):
  // such a server gets a port chosen here and its own address as the public origin.
  if (/^(false|0|no)$/.test(env.DEMO_CONTENT ?? "") && !env.PUBLIC_SITE_URL && !env.PORT) {
    const port = await freePort();
    env = { ...env, PORT: String(port), PUBLIC_SITE_URL: `http://127.0.0.1:${port}` };
  }
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-012345",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in time:\n${output}`)), 60_000);
    const check = () => {
      const match = /Site ready on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    pid: child.pid!,
    exited,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on right now (the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
