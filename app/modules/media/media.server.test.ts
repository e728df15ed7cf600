import fs from "node:fs";
import path from "node:path";
import { desc } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { filesUnderUploads, makePng, pngDeclaring } from "../../../tests/helpers/images";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { findMediaFile, sniffImageType, uploadImage, uploadsRoot } from "./media.server";
import type { MediaBucket } from "./media.schema";

// DESIGN.md "images", admin.md §3, §5, §9: what an upload stores (or refuses), read through
// the module the upload route calls. The route's own tests are in routes/admin/media.


function formRequest(bytes: Buffer, name = "gorsel.png", type = "image/png", field = "file"): Request {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return new Request("http://localhost/admin/media/upload", { method: "POST", body: form });
}

const diskPath = (bucket: MediaBucket, file: string) => path.join(uploadsRoot(), bucket, file);

/** An animation of three 40 x 30 frames (red, green, blue). */
async function makeAnimation(format: "gif" | "webp", orientation?: number): Promise<Buffer> {
  const frames = await Promise.all(["#ff0000", "#00ff00", "#0000ff"].map((background) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).raw().toBuffer()));
  const pipeline = sharp(Buffer.concat(frames), { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } });
  const encoded = format === "gif" ? pipeline.gif() : pipeline.webp();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
}

const ascii = (text: string) => Buffer.from(text, "latin1");

describe("sniffImageType", () => {
  it.each([
    ["a PNG signature", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "png"],
    ["a JPEG start of image", Buffer.from([0xff, 0xd8, 0xff]), "jpg"],
    ["GIF87a", ascii("GIF87a"), "gif"],
    ["GIF89a", ascii("GIF89a"), "gif"],
    ["a RIFF WebP header", ascii("RIFF\0\0\0\0WEBP"), "webp"],
  ])("reads %s as the file's type from those bytes alone", (_case, head, type) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ["a PNG signature cut short", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ["a JPEG start with its first byte changed", Buffer.from([0x00, 0xd8, 0xff, 0xe0])],
    ["a JPEG start with its second byte changed", Buffer.from([0xff, 0x00, 0xff, 0xe0])],
    ["a JPEG start with its third byte changed", Buffer.from([0xff, 0xd8, 0x00, 0xe0])],
    ["two bytes of a JPEG start", Buffer.from([0xff, 0xd8])],
    ["GIF88a", ascii("GIF88a")],
    ["GIF8 cut short", ascii("GIF89")],
    ["a WAV sound (RIFF, but not WebP)", ascii("RIFF\0\0\0\0WAVE")],
    ["WEBP without RIFF", ascii("RIFX\0\0\0\0WEBP")],
    ["a RIFF WebP header cut short", ascii("RIFF\0\0\0\0WEB")],
    ["nothing", Buffer.alloc(0)],
  ])("reads %s as no image", (_case, head) => {
    expect(sniffImageType(head)).toBeNull();
  });
});

describeEachDriver("uploadImage", ({ db }) => {
  const actor: Actor = { userId: null, email: "medya@example.com", address: "10.0.0.8" };
  beforeEach(async () => {
    await truncateAll(db());
    fs.rmSync(uploadsRoot(), { recursive: true, force: true });
  });

  it("scales an original wider than 2560 pixels down to 2560, and answers and audits the stored size", async () => {
    const result = await uploadImage("promotions", formRequest(await makePng(3000, 1200)), actor);
    expect(result).toMatchObject({ ok: true, width: 2560, height: 1024 });
    if (!result.ok) return;
    expect(result.file).toMatch(/^promotion_\d{13}_[a-z0-9]{12}\.png$/);
    expect(result.url).toBe(`/media/promotions/${result.file}`);
    expect(await sharp(diskPath("promotions", result.file)).metadata()).toMatchObject({ format: "png", width: 2560, height: 1024 });
    const base = result.file.replace(/\.png$/, "");
    for (const [width, height] of [
      [480, 192],
      [960, 384],
      [1600, 640],
    ]) {
      expect(await sharp(diskPath("promotions", `${base}-${width}.webp`)).metadata()).toMatchObject({ format: "webp", width, height });
    }
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id));
    expect(row).toMatchObject({
      action: "media.upload",
      entityType: "media",
      entityId: `promotions/${result.file}`,
      summary: `promotions/${result.file} (2560x1024)`,
      outcome: "success",
      actorEmail: "medya@example.com",
    });
  });

  it("stores a tall image (600 x 30000, an infographic) with WebP copies no larger than the stored original", async () => {
    const tall = await sharp({ create: { width: 600, height: 30000, channels: 3, background: "#abcdef" } }).png().toBuffer();
    const result = await uploadImage("blog-images", formRequest(tall, "infografik.png"), actor);
    expect(result).toMatchObject({ ok: true, height: 2560 });
    if (!result.ok) return;
    for (const width of [480, 960, 1600]) {
      const copy = await sharp(diskPath("blog-images", result.file.replace(/\.png$/, `-${width}.webp`))).metadata();
      expect(copy.format).toBe("webp");
      expect(copy).toMatchObject({ width: 51, height: 2560 });
    }
  });

  it("stands a photo upright from its EXIF orientation and stores it as a progressive JPEG", async () => {
    const photo = await sharp(await makePng(300, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });
    const result = await uploadImage("blog-images", formRequest(photo, "foto.jpg", "image/jpeg"), actor);
    expect(result).toMatchObject({ ok: true, width: 200, height: 300 });
    if (!result.ok) return;
    const stored = await sharp(diskPath("blog-images", result.file)).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 200, height: 300, isProgressive: true });
    expect(stored.orientation).toBeUndefined();
    expect(await sharp(diskPath("blog-images", result.file.replace(/\.jpg$/, "-480.webp"))).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it("keeps every frame of an animated GIF, in the original and its WebP copies", async () => {
    const result = await uploadImage("splash-ads", formRequest(await makeAnimation("gif"), "hareketli.gif", "image/gif"), actor);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.file).toMatch(/^splash_\d{13}_[a-z0-9]{12}\.gif$/);
    expect(await sharp(diskPath("splash-ads", result.file), { animated: true }).metadata()).toMatchObject({ format: "gif", pages: 3, pageHeight: 30, width: 40 });
    expect(await sharp(diskPath("splash-ads", result.file.replace(/\.gif$/, "-480.webp")), { animated: true }).metadata()).toMatchObject({ format: "webp", pages: 3, pageHeight: 30, width: 40 });
  });

  it("keeps every frame of an animated WebP, even one carrying an EXIF orientation", async () => {
    for (const orientation of [undefined, 6]) {
      const result = await uploadImage("blog-images", formRequest(await makeAnimation("webp", orientation), "hareketli.webp", "image/webp"), actor);
      expect(result).toMatchObject({ ok: true });
      if (!result.ok) return;
      expect(result.file).toMatch(/^blog_\d{13}_[a-z0-9]{12}\.webp$/);
      expect(await sharp(diskPath("blog-images", result.file), { animated: true }).metadata()).toMatchObject({ format: "webp", pages: 3, pageHeight: 30, width: 40 });
    }
  });

  it("answers a form whose file is empty (no file chosen) with 'no file', storing nothing", async () => {
    const result = await uploadImage("promotions", formRequest(Buffer.alloc(0), "", "application/octet-stream"), actor);
    expect(result).toEqual({ ok: false, status: 400, message: "Yüklenecek bir görsel seçilmedi." });
    expect(filesUnderUploads()).toEqual([]);
  });

  it("ignores an image posted under another field name: 'no file', nothing stored", async () => {
    const result = await uploadImage("promotions", formRequest(await makePng(40, 40), "a.png", "image/png", "resim"), actor);
    expect(result).toEqual({ ok: false, status: 400, message: "Yüklenecek bir görsel seçilmedi." });
    expect(filesUnderUploads()).toEqual([]);
  });

  it("refuses a PNG cut off halfway as unreadable and leaves nothing on disk", async () => {
    const png = await makePng(300, 200);
    const result = await uploadImage("promotions", formRequest(png.subarray(0, png.length >> 1)), actor);
    expect(result).toEqual({ ok: false, status: 422, message: "Görsel okunamadı; dosya bozuk olabilir." });
    expect(filesUnderUploads()).toEqual([]);
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ entityType: "media", entityId: null, summary: "promotions: Görsel okunamadı; dosya bozuk olabilir.", outcome: "failure" });
  });

  it("removes the files already written when storing fails halfway (a full disk), and refuses the upload", async () => {
    const png = await makePng(1000, 500);
    const realToFile = sharp.prototype.toFile;
    let writes = 0;
    // The third file (the 960-pixel copy) finds the disk full; the first two are on disk by then.
    const toFile = vi.spyOn(sharp.prototype, "toFile").mockImplementation(function (this: Sharp, ...args: unknown[]) {
      writes++;
      if (writes === 3) return Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })) as never;
      return realToFile.call(this, args[0] as string) as never;
    });
    try {
      const result = await uploadImage("promotions", formRequest(png), actor);
      expect(writes).toBe(3);
      expect(result).toMatchObject({ ok: false, status: 422 });
    } finally {
      toFile.mockRestore();
    }
    expect(filesUnderUploads()).toEqual([]);
  });

  it("judges a header of exactly 40 megapixels (8000 x 5000) by its pixels, not as too large", async () => {
    // Its pixel data is cut short, so it is then unreadable; one pixel row more is refused for its size.
    const exact = await uploadImage("blog-images", formRequest(pngDeclaring(8000, 5000)), actor);
    expect(exact).toEqual({ ok: false, status: 422, message: "Görsel okunamadı; dosya bozuk olabilir." });
    const over = await uploadImage("blog-images", formRequest(pngDeclaring(8000, 5001)), actor);
    expect(over).toEqual({ ok: false, status: 422, message: "Görselin çözünürlüğü çok yüksek (en fazla 40 megapiksel)." });
    expect(filesUnderUploads()).toEqual([]);
  });

  it("keeps a half-received upload in uploads/.tmp, never in a bucket, and removes it afterwards", async () => {
    const png = await makePng(200, 200);
    const boundary = "yarim";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step++;
        if (step === 1) return controller.enqueue(new Uint8Array(Buffer.concat([head, png.subarray(0, 1000)])));
        await gate;
        controller.enqueue(new Uint8Array(Buffer.concat([png.subarray(1000), tail])));
        controller.close();
      },
    });
    const request = new Request("http://localhost/admin/media/upload", { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
    const pending = uploadImage("promotions", request, actor);
    const partial = () => filesUnderUploads().filter((file) => file.startsWith(`.tmp${path.sep}`));
    for (let i = 0; i < 200 && !(partial().length === 1 && fs.statSync(path.join(uploadsRoot(), partial()[0]!)).size === 1000); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(filesUnderUploads()).toEqual([expect.stringMatching(/^\.tmp[/\\][0-9a-f-]{36}\.part$/)]);
    expect(fs.statSync(path.join(uploadsRoot(), filesUnderUploads()[0]!)).size).toBe(1000);
    release();
    const result = await pending;
    expect(result).toMatchObject({ ok: true, width: 200, height: 200 });
    expect(filesUnderUploads().every((file) => file.startsWith(`promotions${path.sep}`))).toBe(true);
    expect(filesUnderUploads()).toHaveLength(4);
  });

  it("leaves no file open after uploads, stored or refused", async () => {
    const openUploads = () =>
      fs
        .readdirSync("/proc/self/fd")
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return "";
          }
        })
        .filter((target) => target.startsWith(uploadsRoot()));
    // Neither the upload code nor sharp keeps an upload open: a deleted temporary file held
    // open would keep its disk space.
    for (const size of [30, 31, 32]) expect((await uploadImage("promotions", formRequest(await makePng(size, size)), actor)).ok).toBe(true);
    expect((await uploadImage("promotions", formRequest(Buffer.from("metin, resim değil")), actor)).ok).toBe(false);
    expect(openUploads()).toEqual([]);
  });
});

describe("findMediaFile", () => {
  it("finds a stored file by its server-made name, with its type and size", async () => {
    const dir = path.join(uploadsRoot(), "promotions");
    fs.mkdirSync(dir, { recursive: true });
    const png = await makePng(10, 10);
    fs.writeFileSync(path.join(dir, "promotion_1700000000001_abcdefghijkl.png"), png);
    expect(await findMediaFile("promotions", "promotion_1700000000001_abcdefghijkl.png")).toMatchObject({ size: png.length, type: "image/png", etag: '"promotion_1700000000001_abcdefghijkl.png"' });
    fs.rmSync(path.join(dir, "promotion_1700000000001_abcdefghijkl.png"));
  });

  it("finds nothing when a server-made name is a folder, not a file", async () => {
    const folder = path.join(uploadsRoot(), "promotions", "promotion_1700000000000_abcdefghijkl.png");
    fs.mkdirSync(folder, { recursive: true });
    expect(await findMediaFile("promotions", "promotion_1700000000000_abcdefghijkl.png")).toBeNull();
    fs.rmSync(folder, { recursive: true });
  });
});
