import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it, vi } from "vitest";
import { answerClientError } from "./client-errors";

// helper-68: what Node's parser refuses before any handler runs had no body and no log line.
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serverWith(options: http.ServerOptions = {}): Promise<number> {
  server = http.createServer(options, (_req, res) => res.end("ok"));
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Writes `data` raw and resolves with everything the server sent before closing. */
function exchange(port: number, data: string): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  socket.on("error", () => {});
  socket.write(data);
  return new Promise((resolve) => socket.on("close", () => resolve(received)));
}

it.each([
  ["a query string over the 16 KB header limit", `GET /bonuslar?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, "431 Request Header Fields Too Large", "İstek başlıkları veya adres çok uzun. Lütfen daha kısa bir adresle tekrar deneyin.", "HPE_HEADER_OVERFLOW"],
  ["a line that is no HTTP", "HELLO THERE\r\n\r\n", "400 Bad Request", "Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.", "HPE_INVALID_METHOD"],
  ["a NUL in a header", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n", "400 Bad Request", "Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.", "HPE_INVALID_HEADER_TOKEN"],
])("answers %s in Turkish, closes the connection and logs one line", async (_, request, statusLine, message, code) => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const port = await serverWith();
  const answer = await exchange(port, request);
  expect(answer.split("\r\n")[0]).toBe(`HTTP/1.1 ${statusLine}`);
  expect(answer).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/);
  expect(answer).toMatch(/\r\nConnection: close\r\n/);
  expect(answer.split("\r\n\r\n")[1]).toBe(message);
  expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([`${statusLine.slice(0, 3)} (no request read): ${code}`]);
  warn.mockRestore();
});

it("answers headers that never finish with 408 in Turkish", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const port = await serverWith({ headersTimeout: 200, requestTimeout: 200, connectionsCheckingInterval: 50 });
  const answer = await exchange(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
  expect(answer.split("\r\n\r\n")[1]).toBe("İstek zamanında tamamlanmadı. Lütfen tekrar deneyin.");
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();
});

it("writes nothing and logs nothing for a client that reset the connection", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const socket = { writable: true, destroy: vi.fn(), end: vi.fn(), write: vi.fn() };
  answerClientError(Object.assign(new Error("reset"), { code: "ECONNRESET" }), socket as never);
  expect(socket.destroy).toHaveBeenCalled();
  expect(socket.end).not.toHaveBeenCalled();
  expect(socket.write).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});
