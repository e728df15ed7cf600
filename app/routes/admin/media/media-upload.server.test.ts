import fs from "node:fs";
import path from "node:path";
import { desc } from "drizzle-orm";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { createAdminSession, createNonAdminSession, type TestSession } from "../../../../tests/helpers/admin";
import { blackPng, EXIF_SECRET, filesUnderUploads, makeAnimatedGif, makeGif, makeJpegWithExif, makePng, makeWebp, pngDeclaring } from "../../../../tests/helpers/images";
import { auditLog } from "~/db/schema";
import { imageSources } from "~/modules/media/media.schema";
import { uploadsRoot } from "~/modules/media/media.server";
import { action as uploadAction, loader as uploadLoader } from "./upload";
import { loader as mediaLoader } from "../../resources/media";

const MB = 1024 * 1024;

type Answer = { status: number; location: string | null; body: { ok: boolean; url?: string; message?: string } | null };

async function call(fn: (args: never) => unknown, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, params: {}, context: { clientAddress: "10.0.0.7" } } as never);
  } catch (error) {
    result = error;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, location: result.headers.get("Location"), body: result.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : null };
  }
  const thrown = result as { type?: string; init?: { status?: number } };
  if (thrown?.type === "DataWithResponseInit") return { status: thrown.init?.status ?? 200, location: null, body: null };
  throw new Error(`unexpected answer ${String(result)}`);
}

function requestWith(bucket: string, body: BodyInit, session: TestSession | null, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", body, headers: { ...(session ? { Cookie: session.cookie } : {}), ...headers } };
  if (body instanceof ReadableStream) init.duplex = "half";
  return new Request(`http://localhost/admin/media/upload?bucket=${bucket}`, init);
}

function formWith(bytes: Buffer, name = "gorsel.png", type = "image/png"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

const upload = (bucket: string, bytes: Buffer, session: TestSession | null, name?: string, type?: string) => call(uploadAction, requestWith(bucket, formWith(bytes, name, type), session));

/** A multipart body written by hand, for names no browser's FormData would send as they are. */
function rawMultipart(filename: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = "----sinir7MA4YWxkTrZu0gW";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`, "latin1");
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function diskPathOf(url: string): string {
  const [, , bucket, file] = url.split("/");
  return path.join(uploadsRoot(), bucket!, file!);
}

const BUCKET_CASES = [
  ["promotions", 2 * MB, "Dosya boyutu 2MB'dan küçük olmalıdır", "promotion"],
  ["blog-images", 5 * MB, "Dosya boyutu 5MB'dan küçük olmalıdır", "blog"],
  ["splash-ads", 5 * MB, "Dosya boyutu 5MB'dan küçük olmalıdır", "splash"],
] as const;

describeEachDriver("image uploads", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    fs.rmSync(uploadsRoot(), { recursive: true, force: true });
    admin = await createAdminSession("medya@example.com");
  });

  describe.each(BUCKET_CASES)("the %s bucket", (bucket, limit, tooLarge, prefix) => {
    it("stores a PNG re-encoded under a server-made name, with WebP copies at 480, 960 and 1600 wide", async () => {
      const answer = await upload(bucket, await makePng(2000, 1000), admin, "kampanya afişi.png");
      expect(answer.status).toBe(200);
      expect(answer.body!.url).toMatch(new RegExp(`^/media/${bucket}/${prefix}_\\d{13}_[a-z0-9]{12}\\.png$`));
      const stored = await sharp(diskPathOf(answer.body!.url!)).metadata();
      expect(stored).toMatchObject({ format: "png", width: 2000, height: 1000 });
      const base = diskPathOf(answer.body!.url!).replace(/\.png$/, "");
      for (const width of [480, 960, 1600]) {
        const copy = await sharp(`${base}-${width}.webp`).metadata();
        expect(copy).toMatchObject({ format: "webp", width, height: width / 2 });
      }
      // The original and three copies; the temporary file is gone.
      expect(filesUnderUploads()).toHaveLength(4);
      expect(filesUnderUploads().every((file) => file.startsWith(`${bucket}${path.sep}`))).toBe(true);
    });

    it("stores a JPEG without its EXIF (camera, GPS, description) and never upscales the copies", async () => {
      const jpeg = await makeJpegWithExif(600, 400);
      expect(jpeg.includes(EXIF_SECRET)).toBe(true);
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const answer = await upload(bucket, jpeg, admin, "foto.jpg", "image/jpeg");
      expect(answer.status).toBe(200);
      expect(answer.body!.url).toMatch(/\.jpg$/);
      const file = diskPathOf(answer.body!.url!);
      const stored = await sharp(file).metadata();
      expect(stored).toMatchObject({ format: "jpeg", width: 600, height: 400 });
      expect(stored.exif).toBeUndefined();
      expect(fs.readFileSync(file).includes(EXIF_SECRET)).toBe(false);
      const base = file.replace(/\.jpg$/, "");
      expect(await sharp(`${base}-480.webp`).metadata()).toMatchObject({ width: 480, height: 320 });
      expect(await sharp(`${base}-960.webp`).metadata()).toMatchObject({ width: 600, height: 400 });
      expect(await sharp(`${base}-1600.webp`).metadata()).toMatchObject({ width: 600, height: 400 });
      for (const width of [480, 960, 1600]) expect(fs.readFileSync(`${base}-${width}.webp`).includes(EXIF_SECRET)).toBe(false);
    });

    it(`refuses a file one byte over ${limit} bytes with '${tooLarge}' and leaves nothing on disk`, async () => {
      const oversize = Buffer.concat([await makePng(10, 10), Buffer.alloc(limit)]).subarray(0, limit + 1);
      const answer = await upload(bucket, oversize, admin);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ ok: false, message: tooLarge });
      expect(filesUnderUploads()).toEqual([]);
    });

    it("reads a file of exactly the limit past the size check (it is then judged by its bytes)", async () => {
      const answer = await upload(bucket, Buffer.alloc(limit, 0x41), admin, "tam.png");
      expect(answer.status).toBe(415);
      expect(filesUnderUploads()).toEqual([]);
    });
  });

  it("stops reading an endless upload just past the limit, never holding the whole body", async () => {
    const boundary = "sinir";
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!started) {
          started = true;
          const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sonsuz.png"\r\n\r\n`);
          pulled += head.length;
          controller.enqueue(head);
          return;
        }
        // 100 MB if anyone read it all.
        if (pulled > 100 * MB) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await call(uploadAction, requestWith("promotions", body, admin, { "Content-Type": `multipart/form-data; boundary=${boundary}` }));
    expect(answer.status).toBe(413);
    expect(answer.body!.message).toBe("Dosya boyutu 2MB'dan küçük olmalıdır");
    expect(pulled).toBeLessThan(2 * MB + 256 * 1024);
    expect(filesUnderUploads()).toEqual([]);
  });

  it("reads a form that arrives a few bytes at a time, with other fields around the file", async () => {
    const png = await makePng(300, 200);
    const form = new FormData();
    form.append("aciklama", "önce gelen alan");
    form.append("file", new File([new Uint8Array(png)], "parca.png", { type: "image/png" }));
    form.append("sonra", "x".repeat(500));
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let offset = 0;
    // 7-byte pieces: every boundary is split across reads somewhere.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 7));
        offset += 7;
      },
    });
    const answer = await call(uploadAction, requestWith("promotions", body, admin, { "Content-Type": encoded.headers.get("Content-Type")! }));
    expect(answer.status).toBe(200);
    const stored = await sharp(diskPathOf(answer.body!.url!)).raw().toBuffer({ resolveWithObject: true });
    const original = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(stored.info).toMatchObject({ width: 300, height: 200 });
    // PNG is lossless: the very same pixels came through.
    expect(stored.data.equals(original.data)).toBe(true);
  });

  it("refuses a text file renamed .png (the type comes from the bytes) and stores nothing", async () => {
    const text = Buffer.from("Bu bir resim değil, yalnızca metin.\n".repeat(50));
    const answer = await upload("promotions", text, admin, "resim.png", "image/png");
    expect(answer.status).toBe(415);
    expect(answer.body!.message).toBe("Yalnızca PNG, JPEG, GIF veya WebP biçiminde bir görsel yüklenebilir.");
    expect(filesUnderUploads()).toEqual([]);
  });

  it("refuses an SVG even when it claims to be a PNG (scripts must not be served from our origin)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload("blog-images", svg, admin, "a.png")).status).toBe(415);
    expect(filesUnderUploads()).toEqual([]);
  });

  it("refuses a PNG signature followed by garbage as unreadable", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    const answer = await upload("promotions", fake, admin);
    expect(answer.status).toBe(422);
    expect(answer.body!.message).toBe("Görsel okunamadı; dosya bozuk olabilir.");
    expect(filesUnderUploads()).toEqual([]);
  });

  it("refuses a decompression bomb (a small PNG declaring 30000 x 30000) from its header", async () => {
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(10_000);
    const answer = await upload("blog-images", bomb, admin, "bomba.png");
    expect(answer.status).toBe(422);
    expect(answer.body!.message).toBe("Görselin çözünürlüğü çok yüksek (en fazla 40 megapiksel).");
    expect(filesUnderUploads()).toEqual([]);
  });

  // A hostile run: a 76 KB PNG of 1 x 39,000,000 pixels (under the pixel limit) took 84 s to
  // store, a 1,000-frame GIF 28 s, and four at once held every uncached page for minutes.
  it("refuses an image with an edge longer than 32,000 pixels, though under the pixel limit, from its header", async () => {
    for (const [width, height] of [[1, 32_001], [32_001, 1]] as const) {
      const answer = await upload("blog-images", blackPng(width, height), admin, "uzun.png");
      expect(answer.status, `${width}x${height}`).toBe(422);
      expect(answer.body!.message).toBe("Görselin bir kenarı çok uzun (en fazla 32.000 piksel).");
    }
    expect(filesUnderUploads()).toEqual([]);
    const longest = await upload("blog-images", blackPng(2, 32_000), admin, "en-uzun.png");
    expect(longest.status).toBe(200);
  });

  it("refuses an animation of more than 200 frames, and stores one of 200", async () => {
    const answer = await upload("splash-ads", await makeAnimatedGif(8, 8, 201), admin, "uzun.gif", "image/gif");
    expect(answer.status).toBe(422);
    expect(answer.body!.message).toBe("Animasyon çok uzun (en fazla 200 kare).");
    expect(filesUnderUploads()).toEqual([]);
    const longest = await upload("splash-ads", await makeAnimatedGif(8, 8, 200), admin, "en-uzun.gif", "image/gif");
    expect(longest.status).toBe(200);
    expect((await sharp(diskPathOf(longest.body!.url!), { animated: true }).metadata()).pages).toBe(200);
  });

  it("keeps GIF and WebP as they are, with WebP copies", async () => {
    const gif = await upload("splash-ads", await makeGif(300, 300), admin, "a.gif", "image/gif");
    expect(gif.body!.url).toMatch(/\.gif$/);
    expect((await sharp(diskPathOf(gif.body!.url!)).metadata()).format).toBe("gif");
    const webp = await upload("splash-ads", await makeWebp(300, 300), admin, "a.webp", "image/webp");
    expect(webp.body!.url).toMatch(/\.webp$/);
    expect(filesUnderUploads()).toHaveLength(8);
  });

  it.each([
    ["a path out of the bucket", "../../etc/passwd.png"],
    ["an absolute path", "/etc/passwd.png"],
    ["backslashes", "..\\..\\windows\\win.ini.png"],
  ])("names the file itself when the client sends %s", async (_case, filename) => {
    const { body, contentType } = rawMultipart(filename, await makePng(64, 64));
    const answer = await call(uploadAction, requestWith("promotions", new Uint8Array(body), admin, { "Content-Type": contentType }));
    expect(answer.status).toBe(200);
    expect(answer.body!.url).toMatch(/^\/media\/promotions\/promotion_\d{13}_[a-z0-9]{12}\.png$/);
    expect(filesUnderUploads().every((file) => /^promotions\/promotion_\d{13}_[a-z0-9]{12}(\.png|-\d+\.webp)$/.test(file))).toBe(true);
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "etc"))).toBe(false);
    expect(fs.readdirSync(process.env.DATA_DIR!).filter((entry) => /passwd|windows|\.sh$/.test(entry))).toEqual([]);
  });

  it("refuses a part header carrying a NUL byte as a malformed form, storing nothing", async () => {
    const { body, contentType } = rawMultipart("gorsel.png\u0000.sh", await makePng(64, 64));
    const answer = await call(uploadAction, requestWith("promotions", new Uint8Array(body), admin, { "Content-Type": contentType }));
    expect(answer.status).toBe(400);
    expect(filesUnderUploads()).toEqual([]);
  });

  it("gives concurrent uploads distinct files", async () => {
    const png = await makePng(500, 300);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload("promotions", png, admin)));
    const urls = answers.map((answer) => answer.body!.url!);
    expect(new Set(urls).size).toBe(6);
    for (const url of urls) expect(fs.existsSync(diskPathOf(url))).toBe(true);
    expect(filesUnderUploads()).toHaveLength(24);
  });

  it("decodes concurrent uploads one at a time, leaving the other worker threads to the files the site serves", async () => {
    const toFile = sharp.prototype.toFile;
    let running = 0;
    let most = 0;
    const spy = vi.spyOn(sharp.prototype, "toFile").mockImplementation(async function (this: Sharp, ...args: Parameters<typeof toFile>) {
      most = Math.max(most, ++running);
      try {
        return await (toFile as (...a: Parameters<typeof toFile>) => Promise<OutputInfo>).apply(this, args);
      } finally {
        running--;
      }
    } as typeof toFile);
    try {
      const png = await makePng(800, 600);
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload("promotions", png, admin)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(spy).toHaveBeenCalledTimes(16);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses an unknown bucket, a body that is not a form and a form without the file", async () => {
    const png = await makePng(20, 20);
    expect(await upload("../secrets", png, admin)).toMatchObject({ status: 400, body: { message: "Geçersiz yükleme alanı." } });
    expect(await call(uploadAction, requestWith("promotions", new Uint8Array(png), admin, { "Content-Type": "image/png" }))).toMatchObject({ status: 415 });
    const form = new FormData();
    form.append("baska", "alan");
    expect(await call(uploadAction, requestWith("promotions", form, admin))).toMatchObject({ status: 400, body: { message: "Yüklenecek bir görsel seçilmedi." } });
    const { body, contentType } = rawMultipart("kesik.png", png);
    const truncated = body.subarray(0, body.length - 20);
    expect(await call(uploadAction, requestWith("promotions", new Uint8Array(truncated), admin, { "Content-Type": contentType }))).toMatchObject({ status: 400 });
    expect(filesUnderUploads()).toEqual([]);
  });

  it("refuses a cross-site upload", async () => {
    const request = requestWith("promotions", formWith(await makePng(20, 20)), admin, { "Sec-Fetch-Site": "cross-site" });
    expect(await call(uploadAction, request)).toMatchObject({ status: 403 });
    const fromElsewhere = requestWith("promotions", formWith(await makePng(20, 20)), admin, { Origin: "https://kotu.example" });
    expect(await call(uploadAction, fromElsewhere)).toMatchObject({ status: 403 });
    expect(filesUnderUploads()).toEqual([]);
  });

  it("sends strangers and signed-in non-admins to sign-in before reading a byte", async () => {
    const user = await createNonAdminSession();
    for (const session of [null, user]) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      });
      const answer = await call(uploadAction, requestWith("promotions", body, session, { "Content-Type": "multipart/form-data; boundary=x" }));
      expect(answer).toMatchObject({ status: 302, location: "/admin/login?redirectTo=%2Fadmin%2Fmedia%2Fupload%3Fbucket%3Dpromotions" });
      // A stream pulls once ahead when it is created; nothing more was read.
      expect(pulled).toBeLessThanOrEqual(1);
      const get = await call(uploadLoader, new Request("http://localhost/admin/media/upload", { headers: session ? { Cookie: session.cookie } : {} }));
      expect(get.status).toBe(302);
    }
    expect(filesUnderUploads()).toEqual([]);
  });

  it("records an audit row for each upload, success or refusal", async () => {
    const ok = await upload("promotions", await makePng(50, 50), admin);
    await upload("promotions", Buffer.from("metin"), admin, "a.png");
    const rows = await db().select().from(auditLog).orderBy(desc(auditLog.id));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ action: "media.upload", outcome: "success", actorEmail: "medya@example.com", address: "10.0.0.7", entityId: ok.body!.url!.replace("/media/", "") });
    expect(rows[0]).toMatchObject({ action: "media.upload", outcome: "failure", entityId: null });
    expect(rows[0]!.summary).toContain("Yalnızca PNG");
  });

  describe("serving", () => {
    const get = (bucket: string, file: string, headers: Record<string, string> = {}) =>
      mediaLoader({ params: { bucket, file }, request: new Request(`http://localhost/media/${bucket}/${encodeURIComponent(file)}`, { headers }), context: { clientAddress: "1.2.3.4" } } as never);

    it("serves an upload and its WebP copies with immutable caching and their type", async () => {
      const png = await upload("promotions", await makePng(1000, 500), admin);
      const name = png.body!.url!.split("/").pop()!;
      const response = await get("promotions", name);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(diskPathOf(png.body!.url!)))).toBe(true);

      const copy = await get("promotions", name.replace(".png", "-480.webp"));
      expect(copy.status).toBe(200);
      expect(copy.headers.get("Content-Type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(480);

      const again = await get("promotions", name, { "If-None-Match": response.headers.get("ETag")! });
      expect(again.status).toBe(304);
      const head = await mediaLoader({ params: { bucket: "promotions", file: name }, request: new Request(`http://localhost${png.body!.url}`, { method: "HEAD" }), context: { clientAddress: "1.2.3.4" } } as never);
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Length")).toBe(String(fs.statSync(diskPathOf(png.body!.url!)).size));
      expect(head.body).toBeNull();
    });

    it("gives the public pages a srcset whose every entry is served", async () => {
      const png = await upload("blog-images", await makePng(1800, 900), admin);
      const { srcSet } = imageSources(png.body!.url!);
      const entries = srcSet!.split(", ").map((entry) => entry.split(" "));
      expect(entries.map(([, width]) => width)).toEqual(["480w", "960w", "1600w"]);
      for (const [url] of entries) {
        const [, , bucket, file] = url!.split("/");
        expect((await get(bucket!, file!)).status).toBe(200);
      }
    });

    it.each([
      ["promotions", ".."],
      ["promotions", "../../etc/passwd"],
      ["promotions", "..%2F..%2Fetc%2Fpasswd"],
      ["promotions", "promotion_1700000000000_abcdefghijkl.png"],
      ["promotions", "promotion_1700000000000_abcdefghijkl.png\u0000.txt"],
      ["promotions", ".tmp"],
      ["..", "uploads"],
      ["secrets", "promotion_1700000000000_abcdefghijkl.png"],
    ])("answers 404 for %s/%s", async (bucket, file) => {
      const response = await get(bucket, file);
      expect(response.status).toBe(404);
    });

    it("never reads a file outside the bucket, even one that exists", async () => {
      fs.mkdirSync(path.join(uploadsRoot(), "promotions"), { recursive: true });
      fs.writeFileSync(path.join(process.env.DATA_DIR!, "gizli.png"), "veritabanı yedeği");
      fs.writeFileSync(path.join(uploadsRoot(), "promotions", "elle-konmus.png"), "elle");
      for (const file of ["../../gizli.png", "..%2F..%2Fgizli.png", "elle-konmus.png"]) expect((await get("promotions", file)).status).toBe(404);
      fs.rmSync(path.join(process.env.DATA_DIR!, "gizli.png"));
    });

    it("answers 404 for a real file asked for under another bucket", async () => {
      const png = await upload("promotions", await makePng(40, 40), admin);
      const name = png.body!.url!.split("/").pop()!;
      expect((await get("promotions", name)).status).toBe(200);
      expect((await get("blog-images", name)).status).toBe(404);
    });
  });
});
