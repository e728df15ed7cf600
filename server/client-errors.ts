import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";

// Requests Node's HTTP parser refuses before any handler runs: headers over 16 KB (a very
// long query string among them), a line that is no HTTP, headers or a body too slow. Node's
// own answer had no body and left no log line (helper-68's probe); these are answered as
// every other refusal is: a Turkish message and one line in the log.
const ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: "İstek başlıkları veya adres çok uzun. Lütfen daha kısa bir adresle tekrar deneyin." },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: REQUEST_MESSAGES.tooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "İstek zamanında tamamlanmadı. Lütfen tekrar deneyin." },
};
const BAD_REQUEST = { status: 400, message: REQUEST_MESSAGES.badRequest };

/** The 'clientError' listener of server.js's HTTP server (Node then writes nothing itself). */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // The client went away: there is no one to answer, and nothing worth a log line.
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = ANSWERS[error.code ?? ""] ?? BAD_REQUEST;
  console.warn(`${status} (no request read): ${String(error.code ?? error.name).slice(0, 60)}`);
  // As Node's own handler: never write into an answer already under way on this connection
  // (a request timeout can come while one is being sent).
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(message);
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: private, no-store\r\nConnection: close\r\n\r\n`;
  // Closed once written: the connection's parser cannot read another request on it.
  socket.end(Buffer.concat([Buffer.from(head), body]), () => socket.destroy());
}
