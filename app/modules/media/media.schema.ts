// Media uploads (admin.md §3 storage buckets, §5, §8, §9; DESIGN.md "images"). Browser-safe:
// the image field checks sizes with these constants before sending, and public components
// build their srcset from the names the server gives files.

export const MEDIA_BUCKETS = ["promotions", "blog-images", "splash-ads"] as const;
export type MediaBucket = (typeof MEDIA_BUCKETS)[number];

const MB = 1024 * 1024;

type BucketRules = {
  /** admin.md §9: promotions 2097152 bytes, blog-images and splash-ads 5 MB. */
  maxBytes: number;
  /** admin.md §5: the message for a larger file. */
  tooLarge: string;
  /** Server-made file names start with this (admin.md §7: promotion_{timestamp}_{random}.{ext}). */
  prefix: "promotion" | "blog" | "splash";
  hint: string;
};

export const BUCKETS: Record<MediaBucket, BucketRules> = {
  promotions: { maxBytes: 2 * MB, tooLarge: "Dosya boyutu 2MB'dan küçük olmalıdır", prefix: "promotion", hint: "PNG, JPG, max 2MB" },
  "blog-images": { maxBytes: 5 * MB, tooLarge: "Dosya boyutu 5MB'dan küçük olmalıdır", prefix: "blog", hint: "PNG, JPG, GIF, WebP, max 5MB" },
  "splash-ads": { maxBytes: 5 * MB, tooLarge: "Dosya boyutu 5MB'dan küçük olmalıdır", prefix: "splash", hint: "600x600 kare önerilir. PNG, JPG, GIF, WebP, max 5MB" },
};

/**
 * The largest upload body: the largest bucket's file plus room for the multipart headers
 * and boundaries. server/request-guards.ts lets the upload route's body through with this
 * bound (instead of buffering it); the route then holds each bucket's own limit.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = Math.max(...Object.values(BUCKETS).map((rules) => rules.maxBytes)) + MULTIPART_OVERHEAD_BYTES;

export function isMediaBucket(value: unknown): value is MediaBucket {
  return typeof value === "string" && (MEDIA_BUCKETS as readonly string[]).includes(value);
}

/**
 * admin.md §3 lists these for promotions and names no other; every bucket takes the same
 * four, since SVG (scripts) and TIFF or HEIC (browsers cannot show them) do not belong on
 * a page.
 */
export const IMAGE_TYPES = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** A decompression bomb is a small file that decodes to billions of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The longest edge of an image (of each frame of an animation). A 76 KB PNG of 1 x 39,000,000
 * pixels is under the pixel limit, yet took 84 s to store (a hostile run): the cost grows with
 * the rows. A tall infographic (600 x 30,000) is stored.
 */
export const MAX_IMAGE_EDGE = 32_000;

/** The frames of an animation: a 1,000-frame GIF took 28 s to store (a hostile run); a banner has tens. */
export const MAX_ANIMATION_FRAMES = 200;

/** WebP copies for srcset; a copy is never wider than the original. */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;

export const MEDIA_MESSAGES = {
  uploaded: "Görsel başarıyla yüklendi",
  // admin.md §8: the promotion form names the reason; the blog and splash-ad forms do not.
  uploadFailed: (bucket: MediaBucket, reason: string) => (bucket === "promotions" ? `Resim yüklenirken bir hata oluştu: ${reason}` : "Görsel yüklenirken bir hata oluştu"),
  displayFailed: "Görsel yüklenemedi veya görüntülenemiyor.",
  urlFailed: "Görsel yüklenemedi. URL doğru olmayabilir.",
  stillUploading: "Görsel yükleniyor, lütfen bitmesini bekleyin.",
  notAnImage: "Yalnızca PNG, JPEG, GIF veya WebP biçiminde bir görsel yüklenebilir.",
  unreadable: "Görsel okunamadı; dosya bozuk olabilir.",
  tooManyPixels: "Görselin çözünürlüğü çok yüksek (en fazla 40 megapiksel).",
  tooLong: "Görselin bir kenarı çok uzun (en fazla 32.000 piksel).",
  tooManyFrames: "Animasyon çok uzun (en fazla 200 kare).",
  noFile: "Yüklenecek bir görsel seçilmedi.",
  unknownBucket: "Geçersiz yükleme alanı.",
  badRequest: "Yükleme okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.",
  crossSite: "Bu işlem yalnızca sitenin kendi sayfalarından yapılabilir.",
  unknownReason: "Bilinmeyen hata",
} as const;

/**
 * The only file names the server makes, and so the only ones it serves: prefix, time in
 * milliseconds, 12 random characters, then the re-encoded original or a WebP width.
 */
const FILE_NAME = /^(promotion|blog|splash)_(\d{13})_([a-z0-9]{12})(?:\.(png|jpg|gif|webp)|-(480|960|1600)\.webp)$/;

export type MediaFileName = { base: string; extension: ImageExtension | null; width: number | null };

/** Parses a server-made file name of the given bucket; anything else is null. */
export function parseMediaFileName(bucket: MediaBucket, name: string): MediaFileName | null {
  const match = FILE_NAME.exec(name);
  if (!match || match[1] !== BUCKETS[bucket].prefix) return null;
  return {
    base: `${match[1]}_${match[2]}_${match[3]}`,
    extension: (match[4] as ImageExtension | undefined) ?? null,
    width: match[5] ? Number(match[5]) : null,
  };
}

export function mediaPath(bucket: MediaBucket, file: string): string {
  return `/media/${bucket}/${file}`;
}

/** The bucket and file of one of our own image addresses (/media/{bucket}/{file}), or null. */
export function parseMediaUrl(url: string): { bucket: MediaBucket; file: MediaFileName } | null {
  const match = /^\/media\/([a-z-]+)\/([^/?#]+)$/.exec(url);
  if (!match || !isMediaBucket(match[1])) return null;
  const file = parseMediaFileName(match[1], match[2]!);
  return file ? { bucket: match[1], file } : null;
}

/** A card in a one-column (phone), two-column (tablet) or three-column grid. */
export const CARD_SIZES = "(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px";

export type ImageSources = { src: string; srcSet?: string; sizes?: string };

/**
 * `src`, `srcSet` and `sizes` for an <img>: for one of our uploads, its WebP widths, so a
 * phone downloads the 480-pixel copy and never the desktop image. Other addresses (a
 * casino's logo on its own site) are passed through as they are.
 */
export function imageSources(url: string, sizes: string = CARD_SIZES): ImageSources {
  const media = parseMediaUrl(url);
  if (!media || media.file.width !== null) return { src: url };
  const srcSet = RESPONSIVE_WIDTHS.map((width) => `${mediaPath(media.bucket, `${media.file.base}-${width}.webp`)} ${width}w`).join(", ");
  return { src: url, srcSet, sizes };
}
