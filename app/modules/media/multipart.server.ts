import busboy from "busboy";
import type { FileHandle } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/**
 * Reads the one file field of a multipart/form-data body straight from the request stream
 * into an open file, counting bytes as they arrive (issue 8 §3: uploads are never buffered
 * whole, and the size limit holds while reading, not after). Undici's `formData()` reads
 * the whole body into memory first, so busboy parses the stream instead.
 *
 * The client's file name and content type are read past and never used: the server names
 * files and reads their type from their bytes.
 */

export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export type MultipartLimits = {
  /** Bytes the file may have; one more is a 413 with `tooLarge`. */
  maxFileBytes: number;
  /** Bytes the whole body may have (the file plus headers and other small fields). */
  maxBodyBytes: number;
  tooLarge: string;
  badRequest: string;
  unsupported: string;
};

/** The boundary of a multipart/form-data Content-Type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType) return null;
  const [mediaType, ...parameters] = contentType.split(";");
  if (mediaType!.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const parameter of parameters) {
    const match = /^\s*boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(parameter);
    if (match) return match[1] ?? match[2]!;
  }
  return null;
}

/**
 * Streams the part named `field` of the request into `target` (busboy parses; we count).
 * Returns the file's size and first bytes (for sniffing its type), or null when the form
 * had no such part. Throws MultipartError for a body that is not a well-formed form or is
 * too large; the rest of the body is then not read.
 */
export async function streamFilePart(
  request: Request,
  field: string,
  target: FileHandle,
  limits: MultipartLimits,
): Promise<{ size: number; head: Buffer } | null> {
  const contentType = request.headers.get("Content-Type");
  if (!boundaryOf(contentType)) throw new MultipartError(415, limits.unsupported);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  // Content-Length already says too much: refuse without reading a byte.
  if (declared > limits.maxBodyBytes) throw new MultipartError(413, limits.tooLarge);
  if (!request.body) throw new MultipartError(400, limits.badRequest);

  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  let received = 0;
  // The whole body is bounded too (the file plus small fields, headers and epilogue).
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limits.maxBodyBytes) callback(new MultipartError(413, limits.tooLarge));
      else callback(null, chunk);
    },
  });
  const parser = busboy({
    headers: { "content-type": contentType! },
    // busboy reports "limit" on reaching fileSize, so one byte more is what says "over".
    limits: { fileSize: limits.maxFileBytes + 1, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 40, headerPairs: 20 },
  });

  let file: { size: number; head: Buffer } | null = null;
  const writes: Promise<unknown>[] = [];
  const done = new Promise<void>((resolve, reject) => {
    parser.on("file", (name, stream) => {
      if (name !== field || file) {
        stream.on("error", () => {});
        stream.resume();
        return;
      }
      const part = { size: 0, head: Buffer.alloc(0) };
      file = part;
      stream.on("data", (bytes: Buffer) => {
        if (part.head.length < 16) part.head = Buffer.concat([part.head, bytes.subarray(0, 16 - part.head.length)]);
        part.size += bytes.length;
        // Writes are queued in order on the file handle; the stream is paused while one waits.
        stream.pause();
        const write = target.write(bytes).then(() => stream.resume());
        writes.push(write);
        write.catch(reject);
      });
      stream.on("limit", () => reject(new MultipartError(413, limits.tooLarge)));
      // A body that ends inside the file destroys the part's stream with an error.
      stream.on("error", () => reject(new MultipartError(400, limits.badRequest)));
    });
    parser.on("error", () => reject(new MultipartError(400, limits.badRequest)));
    parser.on("close", () => resolve());
    counter.on("error", reject);
    body.on("error", () => reject(new MultipartError(400, limits.badRequest)));
  });
  body.pipe(counter).pipe(parser);
  try {
    await done;
    await Promise.all(writes);
  } catch (error) {
    body.unpipe(counter);
    counter.unpipe(parser);
    body.destroy();
    throw error instanceof MultipartError ? error : new MultipartError(400, limits.badRequest);
  }
  return file;
}
