import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { uploadsRoot } from "~/modules/media/media.server";

/** A real PNG of the given size (a gradient, so encoders cannot collapse it to nothing). */
export async function makePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const p = i / 3;
    pixels[i] = p % width;
    pixels[i + 1] = Math.floor(p / width) % 256;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** A PNG of random pixels: it barely compresses, so its size is about width x height x 3 bytes. */
export async function makeNoisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

/** A JPEG carrying EXIF that must not survive an upload (a camera, GPS, a comment). */
export const EXIF_SECRET = "Gizli Kamera 9000";
export async function makeJpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp(await makePng(width, height))
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: EXIF_SECRET, Model: EXIF_SECRET, ImageDescription: EXIF_SECRET }, IFD3: { GPSLatitudeRef: "N" } })
    .toBuffer();
}

export async function makeGif(width: number, height: number): Promise<Buffer> {
  return sharp(await makePng(width, height)).gif().toBuffer();
}

/** An animated GIF of `frames` frames of width x height, black and white in turn (so no two following frames are merged). */
export async function makeAnimatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const frame = width * height * 3;
  const raw = Buffer.alloc(frame * frames);
  for (let i = 0; i < frames; i++) raw.fill(i % 2 ? 255 : 0, i * frame, (i + 1) * frame);
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } }).gif().toBuffer();
}

export async function makeWebp(width: number, height: number): Promise<Buffer> {
  return sharp(await makePng(width, height)).webp().toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares width x height
 * pixels (30000 x 30000 is 900 million, 2.7 GB decoded). Its image data is a compressed
 * run of zero rows, as a real bomb's would be, only cut short.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  return greyscalePng(width, height, 64);
}

/**
 * A complete black PNG of width x height pixels that any decoder reads whole, made in a
 * fraction of a second with no image library (40 million pixels are some 40 kB).
 */
export function blackPng(width: number, height: number): Buffer {
  return greyscalePng(width, height, height);
}

/** An 8-bit greyscale PNG declaring width x height, its image data `rows` zero rows deflated. */
function greyscalePng(width: number, height: number, rows: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: a filter byte (0, none) and one byte a pixel.
  const data = zlib.deflateSync(Buffer.alloc((width + 1) * rows));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}

/** Every file under uploads/, as paths relative to it (the temporary folder included). */
export function filesUnderUploads(): string[] {
  if (!fs.existsSync(uploadsRoot())) return [];
  return (fs.readdirSync(uploadsRoot(), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsRoot(), path.join(entry.parentPath, entry.name)))
    .sort();
}
