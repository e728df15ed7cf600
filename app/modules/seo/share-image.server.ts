import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import sharp, { type OverlayOptions } from "sharp";
import { getSessionSecret } from "~/lib/secret.server";
import { cutAtWord } from "~/lib/text";
import { isMediaBucket } from "~/modules/media/media.schema";
import { findMediaFile } from "~/modules/media/media.server";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareImage } from "./seo";

// Issue 10 §2: og:image was SVG on most pages, and social networks do not show SVG. A page
// with its own subject (a promotion, a casino, a post, a category) gets a 1200x630 JPEG card
// made by sharp: its title, a subtitle, the site's label and the entity's own image.
//
// The card's address carries what it shows, signed with the session secret, so the image
// route needs no database and nobody else can make this server draw their text: the URL
// changes whenever the card would, so its answer may be cached for a year (immutable).

/** What a share card shows. `image` is the entity's image address (a path of this site or a URL). */
export type ShareCard = { title: string; subtitle?: string | null; image?: string | null; siteName: string };

export const SHARE_CARD_PREFIX = "/og/";
export const SHARE_CARD_TYPE = "image/jpeg";
export const SHARE_CARD_CACHE_CONTROL = "public, max-age=31536000, immutable";
// Bumped when the drawing changes, so cached cards are not kept under their old look.
const CARD_VERSION = 1;
// The card shows at most four lines of title; longer titles are cut at a word.
const MAX_CARD_TITLE = 110;
const MAX_CARD_SUBTITLE = 60;
const SIGNATURE_LENGTH = 22;

type Payload = [version: number, title: string, subtitle: string, image: string, siteName: string];

function sign(payload: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`share-card:${payload}`).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

/** A file name under /og/ for a payload (base64url text), signed: `{payload}.{signature}.jpg`. */
export function signedShareCardName(payload: string): string {
  return `${payload}.${sign(payload)}.jpg`;
}

/** The card's file name under /og/: its fields as base64url JSON, signed. */
export function shareCardFileName(card: ShareCard): string {
  const fields: Payload = [CARD_VERSION, cutAtWord(card.title, MAX_CARD_TITLE), cutAtWord(card.subtitle ?? "", MAX_CARD_SUBTITLE), card.image ?? "", card.siteName];
  return signedShareCardName(Buffer.from(JSON.stringify(fields), "utf8").toString("base64url"));
}

/** og:image for a page with its own subject: its share card, with size and text alternative. */
export function shareCardImage(origin: string, card: ShareCard): ShareImage {
  const title = cutAtWord(card.title, MAX_CARD_TITLE);
  return {
    url: `${origin}${SHARE_CARD_PREFIX}${shareCardFileName(card)}`,
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt: card.subtitle ? `${title} – ${card.subtitle}` : title,
    type: SHARE_CARD_TYPE,
  };
}

const FILE_NAME = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{22})\.jpg$/;

/** The card a file name describes, or null unless this server signed it. */
export function readShareCardFileName(name: string): ShareCard | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(payload));
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature))) return null;
  try {
    const fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(fields) || fields[0] !== CARD_VERSION || !fields.slice(1).every((f) => typeof f === "string")) return null;
    const [, title, subtitle, image, siteName] = fields as Payload;
    return { title, subtitle: subtitle || null, image: image || null, siteName };
  } catch {
    return null;
  }
}

// ---- Drawing -------------------------------------------------------------------------

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Greedy word wrap by an estimated glyph width; the last line ends with '…' when text is left over. */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) {
    // The last line takes whole words while they fit with the ellipsis.
    let last = "";
    for (const word of lines.slice(maxLines - 1).join(" ").split(" ")) {
      if (`${last} ${word}…`.trimStart().length > maxChars) break;
      last = `${last} ${word}`.trimStart();
    }
    shown[maxLines - 1] = last ? `${last.replace(/[.,;:!?\-–—]+$/u, "")}…` : lines[maxLines - 1]!;
  }
  // A single word longer than a line is cut inside.
  return shown.map((l) => cutAtWord(l, maxChars));
}

/** The entity's image as bytes when it is a file of this site; remote URLs are never fetched. */
async function localImage(address: string | null | undefined): Promise<Buffer | null> {
  if (!address || !address.startsWith("/") || address.includes("..")) return null;
  const media = /^\/media\/([a-z-]+)\/([\w.-]+)$/.exec(address);
  if (media) {
    const [, bucket, name] = media as unknown as [string, string, string];
    if (!isMediaBucket(bucket)) return null;
    const file = await findMediaFile(bucket, name);
    return file ? Buffer.from(await new Response(file.open()).arrayBuffer()) : null;
  }
  if (!/^\/(demo|images)\/[\w\-./]+$/.test(address)) return null;
  // The public files: copied into the client build, and in public/ when run from source.
  for (const root of [path.resolve(process.env.BUILD_DIR ?? "build", "client"), path.resolve("public")]) {
    const file = path.join(root, address);
    if (!file.startsWith(root + path.sep)) continue;
    try {
      return await fsp.readFile(file);
    } catch {
      // Not in this root; try the next.
    }
  }
  return null;
}

const IMAGE_BOX = { left: 700, top: 135, width: 440, height: 360 };

/** The image fitted into the card's right-hand box, or null when it cannot be read. */
async function fittedImage(address: string | null | undefined): Promise<Buffer | null> {
  const bytes = await localImage(address);
  if (!bytes) return null;
  try {
    // SVG logos are drawn large enough to stay sharp once fitted.
    return await sharp(bytes, { density: 216, limitInputPixels: 40_000_000 })
      .resize(IMAGE_BOX.width, IMAGE_BOX.height, { fit: "inside", withoutEnlargement: false })
      .png()
      .toBuffer();
  } catch (error) {
    console.warn(`Share card image ${JSON.stringify(address)} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Draws the card: a dark brand gradient, the title, subtitle and site label, and the image. */
async function drawShareCard(card: ShareCard): Promise<Buffer> {
  const image = await fittedImage(card.image);
  const textWidth = image ? IMAGE_BOX.left - 60 - 40 : SHARE_IMAGE_WIDTH - 120;
  const titleSize = 58;
  // DejaVu Sans Bold averages about 0.62 em a character.
  const lines = wrapLines(card.title, Math.floor(textWidth / (titleSize * 0.62)), 4);
  const titleTop = 315 - (lines.length * titleSize * 1.15) / 2;
  const title = lines
    .map((line, i) => `<text x="60" y="${Math.round(titleTop + (i + 0.85) * titleSize * 1.15)}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`)
    .join("");
  const subtitle = card.subtitle
    ? `<text x="60" y="${Math.round(titleTop - 24)}" font-size="32" font-weight="600" fill="#fdba74">${escapeXml(wrapLines(card.subtitle, Math.floor(textWidth / 19), 1)[0] ?? "")}</text>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="0.6" stop-color="#1e293b"/><stop offset="1" stop-color="#9a3412"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<rect x="0" y="0" width="${SHARE_IMAGE_WIDTH}" height="10" fill="#f97316"/>
${subtitle}${title}
<text x="60" y="${SHARE_IMAGE_HEIGHT - 50}" font-size="30" font-weight="700" fill="#ffedd5">${escapeXml(card.siteName)}</text>
</svg>`;
  const layers: OverlayOptions[] = [];
  if (image) {
    const meta = await sharp(image).metadata();
    const left = IMAGE_BOX.left + Math.round((IMAGE_BOX.width - (meta.width ?? IMAGE_BOX.width)) / 2);
    const top = IMAGE_BOX.top + Math.round((IMAGE_BOX.height - (meta.height ?? IMAGE_BOX.height)) / 2);
    layers.push({ input: image, left, top });
  }
  return sharp(Buffer.from(svg)).composite(layers).flatten({ background: "#0f172a" }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

// Drawn cards, by file name; concurrent requests for one card share one drawing.
const drawn = new LRUCache<string, Buffer>({ maxSize: 24 * 1024 * 1024, sizeCalculation: (bytes) => bytes.length });
const drawing = new Map<string, Promise<Buffer>>();

/** The card's JPEG bytes, drawn once and then kept in memory. */
export async function renderShareCard(card: ShareCard): Promise<Buffer> {
  const key = shareCardFileName(card);
  const ready = drawn.get(key);
  if (ready) return ready;
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawShareCard(card).then((bytes) => {
      drawn.set(key, bytes);
      return bytes;
    });
    drawing.set(key, pending);
    void pending.finally(() => drawing.delete(key)).catch(() => {});
  }
  return pending;
}
