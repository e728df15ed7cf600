import type { FileHandle } from "node:fs/promises";

/**
 * Reads the one file field of a multipart/form-data body straight from the request stream
 * into an open file, counting bytes as they arrive (issue 8 §3: uploads are never buffered
 * whole, and the size limit holds while reading, not after). Undici's `formData()` reads
 * the whole body into memory first, so it cannot be used here.
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

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 8 * 1024;
const MAX_PREAMBLE_BYTES = 1024;

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

function fieldNameOf(headers: string): string | null {
  const disposition = headers.split("\r\n").find((line) => /^content-disposition:/i.test(line));
  if (!disposition || !/^content-disposition:\s*form-data\b/i.test(disposition)) return null;
  return /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Streams the part named `field` of the request into `target`. Returns the file's size
 * and first bytes (for sniffing its type), or null when the form had no such part. Throws
 * MultipartError for a body that is not a well-formed form or is too large.
 */
export async function streamFilePart(
  request: Request,
  field: string,
  target: FileHandle,
  limits: MultipartLimits,
): Promise<{ size: number; head: Buffer } | null> {
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (!boundary) throw new MultipartError(415, limits.unsupported);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  // Content-Length already says too much: refuse without reading a byte.
  if (declared > limits.maxBodyBytes) throw new MultipartError(413, limits.tooLarge);
  if (!request.body) throw new MultipartError(400, limits.badRequest);

  const reader = request.body.getReader();
  let buffer = Buffer.alloc(0);
  let received = 0;

  const readMore = async (): Promise<boolean> => {
    const { done, value } = await reader.read();
    if (done) return false;
    received += value.byteLength;
    if (received > limits.maxBodyBytes) throw new MultipartError(413, limits.tooLarge);
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return true;
  };
  /** Waits until the buffer holds `needle` (or `bytes` bytes); its index, or -1 at the end. */
  const waitFor = async (needle: Buffer, maxBytes: number): Promise<number> => {
    for (;;) {
      const at = buffer.indexOf(needle);
      if (at >= 0) return at;
      if (buffer.length > maxBytes) throw new MultipartError(400, limits.badRequest);
      if (!(await readMore())) return -1;
    }
  };
  const waitForBytes = async (count: number): Promise<void> => {
    while (buffer.length < count) if (!(await readMore())) throw new MultipartError(400, limits.badRequest);
  };

  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let file: { size: number; head: Buffer } | null = null;

  try {
    const start = await waitFor(dashBoundary, MAX_PREAMBLE_BYTES + dashBoundary.length);
    if (start < 0) throw new MultipartError(400, limits.badRequest);
    buffer = buffer.subarray(start + dashBoundary.length);

    for (;;) {
      // After a boundary: "--" ends the form, CRLF starts a part.
      await waitForBytes(2);
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) break;
      if (!buffer.subarray(0, 2).equals(CRLF)) throw new MultipartError(400, limits.badRequest);
      buffer = buffer.subarray(2);

      const headerEnd = await waitFor(HEADER_END, MAX_HEADER_BYTES);
      if (headerEnd < 0) throw new MultipartError(400, limits.badRequest);
      const name = fieldNameOf(buffer.subarray(0, headerEnd).toString("latin1"));
      buffer = buffer.subarray(headerEnd + HEADER_END.length);
      // The first part of that name is the file; any other part is read past.
      const isFile = name === field && file === null;
      const part = { size: 0, head: Buffer.alloc(0) };

      const take = async (bytes: Buffer) => {
        if (!isFile || bytes.length === 0) return;
        if (part.size + bytes.length > limits.maxFileBytes) throw new MultipartError(413, limits.tooLarge);
        if (part.head.length < 16) part.head = Buffer.concat([part.head, bytes.subarray(0, 16 - part.head.length)]);
        part.size += bytes.length;
        await target.write(bytes);
      };

      for (;;) {
        const at = buffer.indexOf(delimiter);
        if (at >= 0) {
          await take(buffer.subarray(0, at));
          buffer = buffer.subarray(at + delimiter.length);
          break;
        }
        // Keep what could be the start of a delimiter split across chunks.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          await take(buffer.subarray(0, safe));
          buffer = buffer.subarray(safe);
        }
        if (!(await readMore())) throw new MultipartError(400, limits.badRequest);
      }
      if (isFile) file = part;
    }
    // The epilogue after the closing boundary is ignored, but still bounded.
    while (await readMore()) buffer = Buffer.alloc(0);
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  return file;
}
