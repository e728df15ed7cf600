import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { seedDemoContent } from "~/seed/demo.server";

// A page rendered for one visitor (here a commenter's `__fresh` cookie: nothing is cached) is
// streamed through the compressor. Every piece ready at once goes in as one
// (coalesceReadyPieces): one flushed block per page, not one per 2-4 KB piece React writes,
// which cost CPU on every such render and made the page larger.
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD = path.join(BUILD_DIR, "server/index.js");
/** The four bytes a deflate sync flush leaves in the stream (an empty stored block). */
const SYNC_FLUSH = Buffer.from([0x00, 0x00, 0xff, 0xff]);

function countFlushes(raw: Buffer): number {
  let count = 0;
  for (let at = raw.indexOf(SYNC_FLUSH); at !== -1; at = raw.indexOf(SYNC_FLUSH, at + 1)) count++;
  return count;
}

describeEachDriver("pages streamed for one visitor", ({ db }) => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    const built = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as { createApp: (options?: { staticDir?: string }) => http.RequestListener };
    server = http.createServer(built.createApp({ staticDir: path.join(BUILD_DIR, "client") }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  /** The raw gzip bytes of a page, as they came over the wire. */
  function rawGzip(pathname: string): Promise<{ status: number; encoding: string | undefined; raw: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: pathname, headers: { cookie: "__fresh=1", "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"], raw: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  }

  it("compresses a page rendered in one go as one block, whole and readable", async () => {
    for (const pathname of ["/", "/bonuslar", "/blog"]) {
      const { status, encoding, raw } = await rawGzip(pathname);
      expect(status, pathname).toBe(200);
      expect(encoding, pathname).toBe("gzip");
      const html = zlib.gunzipSync(raw).toString();
      expect(html, pathname).toMatch(/^<!DOCTYPE html>/);
      expect(html, pathname).toMatch(/<\/html>$/);
      // The page is tens of kilobytes, React's pieces 2 to 4 KB each: one flush, not one per piece.
      expect(html.length, pathname).toBeGreaterThan(20_000);
      expect(countFlushes(raw), pathname).toBe(1);
    }
  });
});
