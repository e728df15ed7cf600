import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import sharp, { type Metadata, type Sharp } from "sharp";
import { getEnv } from "~/env.server";
import { recordAudit, type Actor } from "~/lib/command.server";
import {
  BUCKETS,
  IMAGE_TYPES,
  MAX_ANIMATION_FRAMES,
  MAX_IMAGE_EDGE,
  MAX_IMAGE_PIXELS,
  MEDIA_MESSAGES,
  MULTIPART_OVERHEAD_BYTES,
  RESPONSIVE_WIDTHS,
  mediaPath,
  parseMediaFileName,
  type ImageExtension,
  type MediaBucket,
} from "./media.schema";
import { MultipartError, streamFilePart } from "./multipart.server";

// DESIGN.md "images" and issue 8 §3: an upload is streamed to a temporary file with the
// bucket's limit enforced while reading, its type read from its bytes, then decoded and
// re-encoded by sharp (which drops every metadata block: EXIF, GPS, comments) into a name
// the server makes, with WebP copies for srcset. Nothing the client sends names a file.

/** The stored original is at most this many pixels on its longer side. */
const MAX_STORED_EDGE = 2560;

export type UploadResult =
  | { ok: true; url: string; file: string; width: number; height: number }
  | { ok: false; status: 400 | 403 | 413 | 415 | 422; message: string };

export function uploadsRoot(): string {
  return path.join(getEnv().DATA_DIR, "uploads");
}

function bucketDir(bucket: MediaBucket): string {
  return path.join(uploadsRoot(), bucket);
}

/** The type a file's first bytes say it is (magic numbers), whatever its name claims. */
export function sniffImageType(head: Buffer): ImageExtension | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.toString("latin1", 0, 6))) return "gif";
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** admin.md §7: promotion_{timestamp}_{random}.{ext}; the other buckets alike with their prefix. */
export function newMediaBase(bucket: MediaBucket, now = Date.now()): string {
  const random = Array.from({ length: 12 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");
  return `${BUCKETS[bucket].prefix}_${now}_${random}`;
}

function encode(pipeline: Sharp, extension: ImageExtension): Sharp {
  switch (extension) {
    case "jpg":
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return pipeline.png({ compressionLevel: 8 });
    case "gif":
      return pipeline.gif();
    case "webp":
      return pipeline.webp({ quality: 80 });
  }
}

/**
 * Uploads are decoded one at a time. sharp runs on libuv's four worker threads, which also
 * read every file /media serves: four large uploads at once held all four, and every
 * uncached page and image waited for minutes (a hostile run). One at a time leaves three.
 */
let imageQueue: Promise<unknown> = Promise.resolve();
function queueImageWork<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work, work);
  imageQueue = run.catch(() => {});
  return run;
}

/** Decodes, checks and re-encodes the uploaded file; the names it wrote, or a refusal. */
async function storeImage(
  bucket: MediaBucket,
  source: string,
  extension: ImageExtension,
): Promise<{ ok: true; file: string; width: number; height: number; written: string[] } | { ok: false; status: 422; message: string }> {
  const animated = extension === "gif" || extension === "webp";
  // The header is read without a pixel limit (metadata decodes no pixels) so that a bomb
  // gets its own message; decoding then runs with limitInputPixels as a second guard.
  // A decode that never ends would hold the upload queue (below): each output gets a minute.
  const input = () => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: "error" }).timeout({ seconds: 60 });
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false, animated }).metadata();
  } catch {
    return { ok: false, status: 422, message: MEDIA_MESSAGES.unreadable };
  }
  const { width = 0, height = 0, format } = metadata;
  const expected = IMAGE_TYPES[extension].slice("image/".length);
  if (format !== expected) return { ok: false, status: 422, message: MEDIA_MESSAGES.unreadable };
  if (!width || !height) return { ok: false, status: 422, message: MEDIA_MESSAGES.unreadable };
  // For an animation, height is that of all frames together: every frame gets decoded.
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, status: 422, message: MEDIA_MESSAGES.tooManyPixels };
  if (Math.max(width, metadata.pageHeight ?? height) > MAX_IMAGE_EDGE) return { ok: false, status: 422, message: MEDIA_MESSAGES.tooLong };
  if ((metadata.pages ?? 1) > MAX_ANIMATION_FRAMES) return { ok: false, status: 422, message: MEDIA_MESSAGES.tooManyFrames };

  const base = newMediaBase(bucket);
  const dir = bucketDir(bucket);
  const original = `${base}.${extension}`;
  const outputs: Array<{ name: string; pipeline: Sharp }> = [];
  // EXIF orientation is applied before the EXIF block is dropped, so photos stay upright.
  const decoded = (metadata.pages ?? 1) > 1 ? input() : input().autoOrient();
  outputs.push({
    name: original,
    pipeline: encode(decoded.clone().resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: "inside", withoutEnlargement: true }), extension),
  });
  // A copy is never larger than the stored original: a tall image (an infographic) would
  // otherwise get copies beyond WebP's 16383-pixel edge, or heavier than the original.
  for (const w of RESPONSIVE_WIDTHS) {
    outputs.push({ name: `${base}-${w}.webp`, pipeline: decoded.clone().resize({ width: w, height: MAX_STORED_EDGE, fit: "inside", withoutEnlargement: true }).webp({ quality: 78 }) });
  }
  const written: string[] = [];
  try {
    let stored = { width, height };
    for (const output of outputs) {
      const target = path.join(dir, output.name);
      written.push(target);
      const info = await output.pipeline.toFile(target);
      if (output.name === original) stored = { width: info.width, height: info.height };
    }
    return { ok: true, file: original, ...stored, written };
  } catch {
    await Promise.all(written.map((file) => fsp.rm(file, { force: true })));
    return { ok: false, status: 422, message: MEDIA_MESSAGES.unreadable };
  }
}

/**
 * Stores the image posted as `file` in a multipart form into the bucket: the admin's
 * upload (admin.md §4 "uploading"). Records one audit row, success or failure.
 */
export async function uploadImage(bucket: MediaBucket, request: Request, actor: Actor): Promise<UploadResult> {
  const rules = BUCKETS[bucket];
  const tmpDir = path.join(uploadsRoot(), ".tmp");
  await fsp.mkdir(tmpDir, { recursive: true });
  await fsp.mkdir(bucketDir(bucket), { recursive: true });
  const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);

  let result: UploadResult;
  const handle = await fsp.open(tmp, "wx");
  try {
    let part: Awaited<ReturnType<typeof streamFilePart>>;
    try {
      part = await streamFilePart(request, "file", handle, {
        maxFileBytes: rules.maxBytes,
        maxBodyBytes: rules.maxBytes + MULTIPART_OVERHEAD_BYTES,
        tooLarge: rules.tooLarge,
        badRequest: MEDIA_MESSAGES.badRequest,
        unsupported: MEDIA_MESSAGES.badRequest,
      });
    } finally {
      await handle.close();
    }
    const extension = part ? sniffImageType(part.head) : null;
    if (!part || part.size === 0) result = { ok: false, status: 400, message: MEDIA_MESSAGES.noFile };
    else if (!extension) result = { ok: false, status: 415, message: MEDIA_MESSAGES.notAnImage };
    else {
      const stored = await queueImageWork(() => storeImage(bucket, tmp, extension));
      result = stored.ok ? { ok: true, url: mediaPath(bucket, stored.file), file: stored.file, width: stored.width, height: stored.height } : stored;
    }
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    result = { ok: false, status: error.status, message: error.message };
  } finally {
    await fsp.rm(tmp, { force: true });
  }

  await recordAudit({
    action: "media.upload",
    actor,
    entityType: "media",
    entityId: result.ok ? `${bucket}/${result.file}` : null,
    summary: result.ok ? `${bucket}/${result.file} (${result.width}x${result.height})` : `${bucket}: ${result.message}`,
    outcome: result.ok ? "success" : "failure",
  });
  return result;
}

/**
 * An uploaded file as a response, or null when the name is not one the server made or
 * the file is not there. The name is checked against the server's own pattern before it
 * is joined to a path, so `..`, slashes or NUL never reach the disk.
 */
export async function findMediaFile(bucket: MediaBucket, name: string): Promise<{ open: () => ReadableStream<Uint8Array>; size: number; type: string; etag: string } | null> {
  const parsed = parseMediaFileName(bucket, name);
  if (!parsed) return null;
  const file = path.join(bucketDir(bucket), name);
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const type = parsed.extension ? IMAGE_TYPES[parsed.extension] : IMAGE_TYPES.webp;
  return {
    // Opened only when the bytes are sent (not for HEAD or a 304).
    open: () => Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
    size: stat.size,
    type,
    // Names are never reused, so the name is a sufficient validator.
    etag: `"${name}"`,
  };
}
