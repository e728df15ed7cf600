import fs from "node:fs";
import fsp, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, streamFilePart, type MultipartLimits } from "./multipart.server";

// The upload route's reading of a multipart body (issue 8 §3): the boundary it accepts, the
// size limits it holds while reading, and the parts it writes or skips.

describe("boundaryOf", () => {
  it.each([
    ["multipart/form-data; boundary=abc123", "abc123"],
    ["multipart/form-data;boundary=abc123", "abc123"],
    ["multipart/form-data;   boundary=abc123", "abc123"],
    ["multipart/form-data; boundary=abc123  ", "abc123"],
    ['multipart/form-data; boundary="a b:c=d"', "a b:c=d"],
    ["Multipart/Form-Data ; BOUNDARY=abc123", "abc123"],
    ["multipart/form-data; charset=utf-8; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW", "----WebKitFormBoundary7MA4YWxkTrZu0gW"],
  ])("reads the boundary of %s", (contentType, boundary) => {
    expect(boundaryOf(contentType)).toBe(boundary);
  });

  it.each([
    ["no Content-Type", null],
    ["an empty one", ""],
    ["another type with a boundary", "text/plain; boundary=abc123"],
    ["another multipart type", "multipart/mixed; boundary=abc123"],
    ["a form without a boundary", "multipart/form-data"],
    ["a parameter that only ends in boundary", "multipart/form-data; xboundary=abc123"],
    ["a boundary with a space in it, unquoted", "multipart/form-data; boundary=abc 123"],
    ["text after a quoted boundary", 'multipart/form-data; boundary="abc"123'],
    ["an empty quoted boundary", 'multipart/form-data; boundary=""'],
    ["a boundary of 71 characters", `multipart/form-data; boundary=${"a".repeat(71)}`],
  ])("finds none in %s", (_case, contentType) => {
    expect(boundaryOf(contentType)).toBeNull();
  });
});

const LIMITS: MultipartLimits = { maxFileBytes: 4000, maxBodyBytes: 5000, tooLarge: "çok büyük", badRequest: "okunamadı", unsupported: "desteklenmiyor" };
const BOUNDARY = "----sinirTestBoundary";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A hand-written multipart body: the parts in order, each a field name and a file's bytes. */
function multipart(parts: Array<[field: string, bytes: Buffer]>): Buffer {
  const pieces = parts.flatMap(([field, bytes]) => [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from("\r\n"),
  ]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A body sent a few bytes at a time; `pulls` counts what the reader asked for. */
function streamOf(bytes: Buffer, piece = 7) {
  const counter = { pulls: 0 };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulls++;
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + piece)));
      offset += piece;
    },
  });
  return { stream, counter };
}

function post(body: ReadableStream<Uint8Array> | null, headers: Record<string, string> = { "Content-Type": CONTENT_TYPE }): Request {
  return new Request("http://localhost/admin/media/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** Bytes of a file with recognisable content: 0, 1, 2, ... 255, 0, 1, ... */
const fileOf = (length: number) => Buffer.from(Array.from({ length }, (_, i) => i % 256));

let target: FileHandle;
let targetPath: string;
beforeEach(async () => {
  targetPath = path.join(process.env.DATA_DIR!, `multipart-${process.pid}-${Date.now()}.part`);
  target = await fsp.open(targetPath, "w+");
});
afterEach(async () => {
  await target.close();
  fs.rmSync(targetPath, { force: true });
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MultipartError);
  return { status: (error as MultipartError).status, message: (error as MultipartError).message };
}

describe("streamFilePart", () => {
  it("writes the file part to the target, arriving a few bytes at a time, and reports its size and first bytes", async () => {
    const file = fileOf(3000);
    const { stream } = streamOf(multipart([["file", file]]));
    const part = await streamFilePart(post(stream), "file", target, LIMITS);
    expect(part!.size).toBe(3000);
    expect(part!.head.length).toBeGreaterThanOrEqual(12);
    expect(file.subarray(0, part!.head.length).equals(part!.head)).toBe(true);
    await target.sync();
    expect(fs.readFileSync(targetPath).equals(file)).toBe(true);
  });

  it("reads a Content-Type written in capitals (media types are case-insensitive)", async () => {
    const file = fileOf(100);
    const { stream } = streamOf(multipart([["file", file]]));
    const part = await streamFilePart(post(stream, { "Content-Type": `Multipart/Form-Data; boundary=${BOUNDARY}` }), "file", target, LIMITS);
    expect(part!.size).toBe(100);
  });

  it("refuses a body that is not a form with the 'unsupported' message, even one naming a boundary", async () => {
    for (const contentType of ["text/plain; boundary=abc", "image/png"]) {
      const { stream } = streamOf(fileOf(100));
      expect(await refusal(streamFilePart(post(stream, { "Content-Type": contentType }), "file", target, LIMITS))).toEqual({ status: 415, message: "desteklenmiyor" });
    }
    const { stream } = streamOf(fileOf(100));
    expect(await refusal(streamFilePart(post(stream, {}), "file", target, LIMITS))).toEqual({ status: 415, message: "desteklenmiyor" });
  });

  it("refuses a form without a body as malformed", async () => {
    expect(await refusal(streamFilePart(post(null), "file", target, LIMITS))).toEqual({ status: 400, message: "okunamadı" });
  });

  it("refuses a body whose Content-Length is one byte over the limit before reading it", async () => {
    const body = multipart([["file", fileOf(100)]]);
    const { stream, counter } = streamOf(body);
    const request = post(stream, { "Content-Type": CONTENT_TYPE, "Content-Length": "5001" });
    expect(await refusal(streamFilePart(request, "file", target, LIMITS))).toEqual({ status: 413, message: "çok büyük" });
    // A stream pulls once ahead when it is created; nothing more was read.
    expect(counter.pulls).toBeLessThanOrEqual(1);
    expect(fs.statSync(targetPath).size).toBe(0);
  });

  it("reads a body of exactly the limit, declared or not, and refuses one byte more while reading", async () => {
    const file = fileOf(3000);
    const exact = multipart([["file", file]]);
    const limits = { ...LIMITS, maxBodyBytes: exact.length };
    const declared = streamOf(exact, 512);
    const part = await streamFilePart(post(declared.stream, { "Content-Type": CONTENT_TYPE, "Content-Length": String(exact.length) }), "file", target, limits);
    expect(part!.size).toBe(3000);

    const undeclared = streamOf(exact, 512);
    expect((await streamFilePart(post(undeclared.stream), "file", target, limits))!.size).toBe(3000);

    const over = streamOf(exact, 512);
    expect(await refusal(streamFilePart(post(over.stream), "file", target, { ...limits, maxBodyBytes: exact.length - 1 }))).toEqual({ status: 413, message: "çok büyük" });
  });

  it("skips a file sent under another field name: no file, nothing written", async () => {
    const { stream } = streamOf(multipart([["belge", fileOf(2000)]]), 256);
    expect(await streamFilePart(post(stream), "file", target, LIMITS)).toBeNull();
    expect(fs.statSync(targetPath).size).toBe(0);
  });

  it("refuses a body that ends inside a skipped file as malformed", async () => {
    const body = multipart([["belge", fileOf(2000)]]);
    const { stream } = streamOf(body.subarray(0, 1000), 256);
    expect(await refusal(streamFilePart(post(stream), "file", target, LIMITS))).toEqual({ status: 400, message: "okunamadı" });
    expect(fs.statSync(targetPath).size).toBe(0);
  });

  it("refuses a body that ends inside the file as malformed", async () => {
    const body = multipart([["file", fileOf(2000)]]);
    const { stream } = streamOf(body.subarray(0, 1000), 256);
    expect(await refusal(streamFilePart(post(stream), "file", target, LIMITS))).toEqual({ status: 400, message: "okunamadı" });
  });

  it("refuses an upload whose connection fails halfway (the client went away) as malformed", { timeout: 10_000 }, async () => {
    const body = multipart([["file", fileOf(3000)]]);
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("bağlantı koptu"));
        sent = true;
        controller.enqueue(new Uint8Array(body.subarray(0, 1500)));
      },
    });
    expect(await refusal(streamFilePart(post(stream), "file", target, LIMITS))).toEqual({ status: 400, message: "okunamadı" });
  });
});
