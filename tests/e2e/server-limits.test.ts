import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, startServer, type TestServer } from "../helpers/server";
import { HOSTILE_CASES, sendRaw, type HostileTargets } from "../helpers/hostile-inputs";

// Issue 7, findings 5, 8 and 13, against `node server.js` itself: the process's own limits
// and the cached-page fast path in front of Express.

/** Connects and writes `data`; resolves with everything the server sent once it closes. */
function openSocket(url: string, data: string): { closed: Promise<string>; socket: net.Socket } {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  socket.on("error", () => {});
  socket.write(data);
  return { socket, closed: new Promise((resolve) => socket.on("close", () => resolve(received))) };
}

/** Resident memory of a process, and its peak since the last reset, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

describe("connection limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Small enough to watch (the defaults are 20 s and 1,000); idle connections kept a minute.
    server = await startServer({ HEADERS_TIMEOUT_MS: "1000", MAX_CONNECTIONS: "3", KEEP_ALIVE_TIMEOUT_MS: "60000" });
  });
  afterAll(() => server?.stop());

  it("answers 408 and closes a connection that never finishes its headers", async () => {
    const { closed } = openSocket(server.url, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers an address over the header limit with 431 in Turkish and one log line", async () => {
    const { closed } = openSocket(server.url, `GET /bonuslar?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.split("\r\n\r\n")[1]).toBe("İstek başlıkları veya adres çok uzun. Lütfen daha kısa bir adresle tekrar deneyin.");
    expect(server.logs().split("\n").filter((line) => line.includes("HPE_HEADER_OVERFLOW"))).toEqual(["431 (no request read): HPE_HEADER_OVERFLOW"]);
  });

  it("refuses connections past MAX_CONNECTIONS, and serves again once they are gone", async () => {
    // Three kept-alive connections, each answered once and now idle, hold every slot.
    const held = [0, 1, 2].map(() => openSocket(server.url, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"));
    await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once("data", resolve))));
    // A fourth is closed without an answer.
    const fourth = openSocket(server.url, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(await fourth.closed).toBe("");
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    let status = 0;
    // The server notices the closed sockets on its next turn; ask until it has.
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await new Promise<number>((resolve) => {
        http.get(`${server.url}/healthz`, { agent: false }, (res) => (res.resume(), resolve(res.statusCode!))).on("error", () => resolve(0));
      });
    }
    expect(status).toBe(200);
  });
});

describe("request bodies and hostile inputs through the real server", () => {
  let server: TestServer;
  let targets: HostileTargets;
  beforeAll(async () => {
    server = await startServer();
    const html = await (await fetch(`${server.url}/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu`)).text();
    const cookie = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${server.url}/admin/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, (res) => {
        res.resume();
        resolve(String(res.headers["set-cookie"]?.find((c) => c.startsWith("__admin_session="))).split(";")[0]!);
      });
      req.on("error", reject);
      req.end(new URLSearchParams(E2E_ADMIN).toString());
    });
    targets = {
      promotionId: /"\/api\/promotions\/([0-9a-f-]{36})\/comments"/.exec(html)![1]!,
      // Every post-view row is refused before routing, whichever post it names.
      postId: "00000000-0000-4000-8000-000000000000",
      sessionCookie: cookie,
    };
  });
  afterAll(() => server?.stop());

  it("refuses 50 MB, streamed and declared, with 413 while its memory stays flat", async () => {
    // Resets the peak, so that VmHWM below is the peak during these requests.
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
    const before = memoryOf(server.pid);
    const total = 50 * 1024 * 1024;
    for (const declared of [false, true]) {
      const status = await new Promise<number | null>((resolve) => {
        const req = http.request(`${server.url}/api/promotions/${targets.promotionId}/comments`, {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...(declared ? { "Content-Length": total } : {}) },
        });
        let answer: number | null = null;
        // As a browser does: an answer ends the upload.
        req.on("response", (res) => {
          answer = res.statusCode!;
          res.resume();
          req.destroy();
        });
        req.on("close", () => resolve(answer));
        req.on("error", () => {});
        const chunk = Buffer.alloc(64 * 1024, "a");
        let written = 0;
        const pump = () => {
          while (written < total && !req.destroyed) {
            written += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
      expect(status).toBe(413);
    }
    const after = memoryOf(server.pid);
    // Reading either body would have taken at least its 50 MB.
    expect(after.peak - before.rss).toBeLessThan(20);
  });

  let tableLogStart = 0;
  it.each(HOSTILE_CASES.map((c) => [`${c.endpoint}: ${c.input}`, c] as const))("%s: the same 4xx and Turkish message", async (_, hostile) => {
    tableLogStart ||= server.logs().length;
    const response = await sendRaw(server.url, hostile.request(targets));
    expect(response.status).toBe(hostile.status);
    expect(response.body).toContain(hostile.message);
  });

  it("logged each refusal in one line, and no stack", async () => {
    // The log is a pipe: a last request's line marks the point up to which it has arrived.
    const marker = "/%00/son-satir";
    expect((await sendRaw(server.url, { method: "GET", path: marker })).status).toBe(400);
    for (let i = 0; i < 100 && !server.logs().includes(marker); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = server.logs().slice(tableLogStart).split("\n").filter(Boolean);
    expect(lines.at(-1)).toContain(marker);
    expect(lines.length).toBeLessThanOrEqual(HOSTILE_CASES.length + 1);
    for (const line of lines) expect(line).toMatch(/^\d{3} [A-Z]+ ".*": [^\n]+$/);
  });
  // The attacker of issue 9: a POST to a page or file that takes none, or an OPTIONS
  // request, logged a 10-line stack each (1 KB a request, for any stranger).
  it("answers a method a page or file does not take with 405 and one log line each, never a stack", async () => {
    const from = server.logs().length;
    const requests = [
      ["POST", "/robots.txt"],
      ["POST", "/sitemap.xml"],
      ["DELETE", "/og/x.jpg"],
      ["PUT", "/api/admin/check-settings"],
      ["POST", "/media/promotions/x.png"],
      ["PATCH", "/api/promotions/00000000-0000-4000-8000-000000000000/comments/page"],
      ["OPTIONS", "/"],
      ["OPTIONS", "/bonuslar"],
    ] as const;
    for (const [method, path] of requests) {
      const response = await sendRaw(server.url, { method, path, headers: { "Content-Length": "0" } });
      expect(response.status, `${method} ${path}`).toBe(405);
      // A file or feed says so in Turkish (React Router's own answer was "Unexpected Server Error").
      if (path !== "/" && path !== "/bonuslar") {
        expect(JSON.parse(response.body), `${method} ${path}`).toEqual({ message: "Bu adres yalnızca GET isteklerini kabul eder." });
        expect(response.headers.allow).toBe("GET, HEAD");
      }
    }
    const marker = "/%00/yontem-sonu";
    expect((await sendRaw(server.url, { method: "GET", path: marker })).status).toBe(400);
    for (let i = 0; i < 100 && !server.logs().includes(marker); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = server.logs().slice(from).split("\n").filter(Boolean);
    expect(lines.at(-1)).toContain(marker);
    expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(requests.length + 1);
    expect(lines.join("\n")).not.toMatch(/^\s+at /m);
  });
});
