import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newMediaBase, uploadsRoot } from "~/modules/media/media.server";
import { blackPng } from "../../../tests/helpers/images";
import type * as ShareImageModule from "./share-image.server";
import type { ShareCard } from "./share-image.server";

// Each test takes the module as a newly started server loads it. Its address pattern, font,
// picture box and cache are set when it loads: loading it inside each test lets the mutation
// run (which skips module-level code no test runs) judge them by these tests.
let readShareCardFileName: typeof ShareImageModule.readShareCardFileName;
let renderShareCard: typeof ShareImageModule.renderShareCard;
let shareCardFileName: typeof ShareImageModule.shareCardFileName;
let shareCardImage: typeof ShareImageModule.shareCardImage;
let signedShareCardName: typeof ShareImageModule.signedShareCardName;
let wrapLines: typeof ShareImageModule.wrapLines;
beforeEach(async () => {
  vi.resetModules();
  ({ readShareCardFileName, renderShareCard, shareCardFileName, shareCardImage, signedShareCardName, wrapLines } = await import("./share-image.server"));
});

const card = { title: "Yüzde Yüz Hoş Geldin Bonusu", subtitle: "Yıldız Casino", image: "/demo/logo-ege.svg", siteName: "Bonus Rehberi" };

describe("a share card's address", () => {
  it("carries what the card shows, and reads back as that card", () => {
    expect(readShareCardFileName(shareCardFileName(card))).toEqual(card);
    expect(readShareCardFileName(shareCardFileName({ title: "Bonus", siteName: "Bonus Rehberi" }))).toEqual({ title: "Bonus", subtitle: null, image: null, siteName: "Bonus Rehberi" });
  });

  it("reads only what this server signed", () => {
    const [payload, signature] = shareCardFileName(card).split(".") as [string, string];
    const other = shareCardFileName({ ...card, title: "Sahte Kampanya" }).split(".")[0]!;
    expect(readShareCardFileName(`${other}.${signature}.jpg`)).toBeNull();
    expect(readShareCardFileName(`${payload}.${"A".repeat(22)}.jpg`)).toBeNull();
    expect(readShareCardFileName(`${payload}.${signature}.png`)).toBeNull();
    expect(readShareCardFileName(`x${payload}.${signature}.jpg`)).toBeNull();
    expect(readShareCardFileName(`${payload}.${signature}.jpg.jpg`)).toBeNull();
    // Nothing before the signed name either, not even what no payload holds.
    expect(readShareCardFileName(`.${payload}.${signature}.jpg`)).toBeNull();
    expect(readShareCardFileName(`~${payload}.${signature}.jpg`)).toBeNull();
  });

  it("reads nothing but a card of this drawing's version, all of whose texts are texts, even when signed", () => {
    // A name this server makes today: its payload is the card's fields, the drawing's version first.
    const name = shareCardFileName({ title: "Bonus", siteName: "Bonus Rehberi" });
    const payload = name.split(".")[0]!;
    expect(signedShareCardName(payload)).toBe(name);
    const [version, ...texts] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [number, ...string[]];
    // Names signed with this server's secret, as an older or a newer drawing or a mistake would leave them.
    const json = (fields: unknown) => signedShareCardName(Buffer.from(JSON.stringify(fields)).toString("base64url"));
    expect(readShareCardFileName(json([version, ...texts]))).toEqual({ title: "Bonus", subtitle: null, image: null, siteName: "Bonus Rehberi" });
    expect(readShareCardFileName(json([version + 1, ...texts]))).toBeNull();
    expect(readShareCardFileName(json([version - 1, ...texts]))).toBeNull();
    expect(readShareCardFileName(json([version, 5, ...texts.slice(1)]))).toBeNull();
    expect(readShareCardFileName(json({ title: "Bonus", siteName: "Bonus Rehberi" }))).toBeNull();
    expect(readShareCardFileName(signedShareCardName(Buffer.from("kart değil").toString("base64url")))).toBeNull();
  });

  it("is the page's og:image, 1200x630 JPEG, its text alternative the title and the subtitle", () => {
    const image = shareCardImage("https://bonus.example", card);
    expect(image).toEqual({
      url: `https://bonus.example/og/${shareCardFileName(card)}`,
      width: 1200,
      height: 630,
      alt: "Yüzde Yüz Hoş Geldin Bonusu – Yıldız Casino",
      type: "image/jpeg",
    });
    expect(shareCardImage("https://bonus.example", { ...card, subtitle: null }).alt).toBe("Yüzde Yüz Hoş Geldin Bonusu");
  });

  it("cuts a title too long for the card at a word, in the address and the text alternative alike", () => {
    const long = `${"Çok uzun bir kampanya başlığı ".repeat(6)}son`;
    const image = shareCardImage("https://bonus.example", { ...card, title: long, subtitle: null });
    expect(image.alt.length).toBeLessThan(long.length);
    expect(image.alt.endsWith("…")).toBe(true);
    expect(long.startsWith(image.alt.slice(0, -1).trim())).toBe(true);
    expect(readShareCardFileName(image.url.slice("https://bonus.example/og/".length))?.title).toBe(image.alt);
  });
});

describe("the card's title lines", () => {
  it("keeps a title that fits on one line", () => {
    expect(wrapLines("Kısa başlık", 20, 4)).toEqual(["Kısa başlık"]);
  });

  it("breaks between words, a line filled up to its last character", () => {
    // 'Bonusu Yüzde' is exactly 12 characters.
    expect(wrapLines("Hoş Geldin Bonusu Yüzde Yüz", 12, 4)).toEqual(["Hoş Geldin", "Bonusu Yüzde", "Yüz"]);
  });

  it("ends the last line with '…' when words are left over, taking the words that fit with it", () => {
    expect(wrapLines("Hoş Geldin Bonusu Yüzde Yüz", 12, 2)).toEqual(["Hoş Geldin", "Bonusu…"]);
    // A colon or comma before the ellipsis is dropped.
    expect(wrapLines("Kayıp İadesi: yüzde yirmi geri", 14, 1)).toEqual(["Kayıp İadesi…"]);
  });

  it("cuts a single word longer than a line inside it", () => {
    const [line] = wrapLines("Süperkalifragilistikbonus", 10, 4);
    expect(line!.length).toBeLessThanOrEqual(10);
    expect(line!.endsWith("…")).toBe(true);
    // Also on the last line, when the words left over would follow it.
    expect(wrapLines("Süperkalifragilistik Bonus", 10, 1)).toEqual(["Süperkali…"]);
  });

  it("ignores spaces around the title, and has no line for a title of spaces", () => {
    expect(wrapLines("  Hoş Geldin  ", 20, 4)).toEqual(["Hoş Geldin"]);
    expect(wrapLines("   ", 20, 4)).toEqual([]);
  });

  it("adds no '…' when the words fill the last line exactly", () => {
    expect(wrapLines("Hoş Geldin Bonusu Yüzde", 12, 2)).toEqual(["Hoş Geldin", "Bonusu Yüzde"]);
  });

  it("gives the last line its first word and '…' when they fill it exactly", () => {
    expect(wrapLines("Bonusu Kazan Hemen", 7, 1)).toEqual(["Bonusu…"]);
  });

  it("drops only the punctuation that ends the line before the '…', all of it", () => {
    expect(wrapLines("Yüzde 2,5 iade?! Hemen kazan", 17, 1)).toEqual(["Yüzde 2,5 iade…"]);
  });
});

describe("the card's drawing", () => {
  it("is a 1200x630 JPEG, drawn once and then served from memory", async () => {
    const bytes = await renderShareCard(card);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(await renderShareCard({ ...card })).toBe(bytes);
  });

  it("shows a picture of this site, and never fetches a remote one (drawn as if there were none)", async () => {
    const plain = await renderShareCard({ ...card, image: null });
    const remote = await renderShareCard({ ...card, image: "https://başka.example/logo.png" });
    const outside = await renderShareCard({ ...card, image: "/demo/../../package.json" });
    const own = await renderShareCard(card);
    expect(remote.equals(plain)).toBe(true);
    expect(outside.equals(plain)).toBe(true);
    expect(own.equals(plain)).toBe(false);
  });
});

// ---- What the card shows, read from its pixels ----------------------------------------

type Picture = { data: Buffer; width: number; height: number };
type Colour = (r: number, g: number, b: number) => boolean;
type Area = { left: number; right: number; top: number; bottom: number };

// The card's inks: white title, orange subtitle, cream site name, and the test pictures' green.
const TITLE: Colour = (r, g, b) => r > 235 && g > 235 && b > 235;
const SUBTITLE: Colour = (r, g, b) => r > 220 && g > 150 && g < 215 && b > 70 && b < 160;
const SITE_NAME: Colour = (r, g, b) => r > 235 && g > 215 && g < 250 && b > 180 && b < 235;
const GREEN: Colour = (r, g, b) => r < 60 && g > 170 && b < 60;

async function pixelsOf(jpeg: Buffer): Promise<Picture> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function inked(picture: Picture, colour: Colour, x: number, y: number): boolean {
  const i = (y * picture.width + x) * 3;
  return colour(picture.data[i]!, picture.data[i + 1]!, picture.data[i + 2]!);
}

/** The box around every pixel of a colour in an area (all of the card unless told), or null. */
function inkBox(picture: Picture, colour: Colour, area: Partial<Area> = {}): Area | null {
  const { left = 0, right = picture.width, top = 0, bottom = picture.height } = area;
  let box: Area | null = null;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      if (!inked(picture, colour, x, y)) continue;
      box ??= { left: x, right: x, top: y, bottom: y };
      box = { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) };
    }
  }
  return box;
}

/** The rows of text of a colour in an area, top to bottom, as [top, bottom]. */
function textRows(picture: Picture, colour: Colour, area: Partial<Area> = {}): [number, number][] {
  const { left = 0, right = picture.width, top = 0, bottom = picture.height } = area;
  const rows: [number, number][] = [];
  for (let y = top; y < bottom; y++) {
    let any = false;
    for (let x = left; x < right && !any; x++) any = inked(picture, colour, x, y);
    if (!any) continue;
    const last = rows.at(-1);
    if (last && y - last[1] <= 8) last[1] = y;
    else rows.push([y, y]);
  }
  return rows;
}

const centre = (box: Area) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });

describe("what the card shows", () => {
  // Public files come from the client build (BUILD_DIR/client) or public/; a folder of the
  // test's own stands in for the build, and uploads go to the test process's DATA_DIR.
  const savedBuildDir = process.env.BUILD_DIR;
  const build = fs.mkdtempSync(path.join(os.tmpdir(), "share-card-build-"));
  const upload = `${newMediaBase("promotions")}.png`;
  const green = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 0, g: 200, b: 0 } } }).png().toBuffer();
  const put = async (address: string, bytes: Buffer | Promise<Buffer>) => {
    const file = path.join(build, "client", address);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await bytes);
  };

  beforeAll(async () => {
    process.env.BUILD_DIR = build;
    await put("/images/genis.png", green(400, 200));
    await put("/images/uzun.png", green(100, 300));
    await put("/images/kucuk.png", green(40, 20));
    await put("/images/serit.png", green(440, 10));
    await put("/images/kart 2.png", green(400, 200));
    await put("/assets/images/kart.png", green(400, 200));
    await put("/images/bozuk.png", Buffer.from("PNG değil"));
    fs.mkdirSync(path.join(uploadsRoot(), "promotions"), { recursive: true });
    fs.writeFileSync(path.join(uploadsRoot(), "promotions", upload), await green(400, 200));
  });
  afterAll(() => {
    if (savedBuildDir === undefined) delete process.env.BUILD_DIR;
    else process.env.BUILD_DIR = savedBuildDir;
    fs.rmSync(build, { recursive: true, force: true });
    fs.rmSync(path.join(uploadsRoot(), "promotions", upload), { force: true });
  });

  const site = "Bonus Rehberi";

  it("sets the title in evenly spaced lines around the card's middle, the subtitle just above it and the site's name at the foot, all clear of the picture", async () => {
    const card = await pixelsOf(
      await renderShareCard({
        title: "Nakit Fırsat Hemen Bonus Turnuva Bonus Kasa Ek",
        subtitle: "Haftalık Turnuva Ödülleri ve Nakit İade Fırsatları Burada Sizi",
        image: "/images/genis.png",
        siteName: site,
      }),
    );
    const picture = inkBox(card, GREEN)!;
    const lines = textRows(card, TITLE, { right: picture.left, bottom: card.height * 0.85 });
    expect(lines).toHaveLength(4);
    // No letter of this title goes below its line: the rows' bottoms are the baselines.
    const height = Math.max(...lines.map(([top, bottom]) => bottom - top));
    const steps = lines.slice(1).map(([, bottom], i) => bottom - lines[i]![1]);
    for (const step of steps) expect(Math.abs(step - steps[0]!)).toBeLessThanOrEqual(2);
    // Room between the lines: a line never touches the next.
    expect(steps[0]! - height).toBeGreaterThan(height * 0.4);
    expect(Math.abs((lines[0]![0] + lines[3]![1]) / 2 - card.height / 2)).toBeLessThanOrEqual(12);

    const subtitle = textRows(card, SUBTITLE);
    expect(subtitle).toHaveLength(1);
    expect(lines[0]![0] - subtitle[0]![1]).toBeGreaterThan(0);
    expect(lines[0]![0] - subtitle[0]![1]).toBeLessThan(60);

    // The long subtitle is cut, and the title wrapped, before the picture.
    const text = [inkBox(card, TITLE, { bottom: card.height * 0.85 })!, inkBox(card, SUBTITLE)!];
    for (const box of text) expect(box.right).toBeLessThan(picture.left - 10);

    // The site's name: in the bottom sixth of the card, where the title's lines begin.
    const name = inkBox(card, SITE_NAME, { top: Math.round(card.height * 0.85) });
    expect(name).not.toBeNull();
    expect(Math.abs(name!.left - inkBox(card, TITLE)!.left)).toBeLessThanOrEqual(5);
  });

  it("keeps the title left of a picture, and runs it past where the picture would be when there is none, no closer to the right edge than to the left", async () => {
    const title = "Nakit Fırsat Hemen Bonus Turnuva Ek";
    // A picture a few pixels high: a line of title running behind it would still show above and below it.
    const beside = await pixelsOf(await renderShareCard({ title, image: "/images/serit.png", siteName: site }));
    const wide = await pixelsOf(await renderShareCard({ title, siteName: site }));
    const picture = inkBox(beside, GREEN)!;
    const titleOf = (card: Picture, area: Partial<Area> = {}) => inkBox(card, TITLE, { bottom: card.height * 0.85, ...area });
    expect(titleOf(beside)).not.toBeNull();
    expect(titleOf(beside, { left: picture.left })).toBeNull();
    const box = titleOf(wide)!;
    expect(box.right).toBeGreaterThan(picture.left);
    expect(box.right).toBeLessThanOrEqual(wide.width - box.left);
  });

  it("sets the title in the face its lines are measured for: a line filled to its width reaches nearly to the picture", async () => {
    // 'Hoş Geldin Bonus' is as many characters as a line beside a picture takes.
    const card = await pixelsOf(await renderShareCard({ title: "Hoş Geldin Bonus Kampanyası", image: "/images/genis.png", siteName: site }));
    const picture = inkBox(card, GREEN)!;
    const [first] = textRows(card, TITLE, { right: picture.left, bottom: card.height * 0.85 });
    const line = inkBox(card, TITLE, { right: picture.left, top: first![0], bottom: first![1] + 1 })!;
    expect(picture.left - line.right).toBeGreaterThan(10);
    expect(picture.left - line.right).toBeLessThan(100);
  });

  it("reads the public pictures from ./build/client when BUILD_DIR is not set, as the server started from the project runs", async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "share-card-project-"));
    const file = path.join(project, "build", "client", "images", "derleme.png");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await green(400, 200));
    delete process.env.BUILD_DIR;
    // The server's working directory: path.resolve reads it.
    const cwd = vi.spyOn(process, "cwd").mockReturnValue(project);
    try {
      const drawn = await renderShareCard({ title: "Derlemeden Görsel", image: "/images/derleme.png", siteName: site });
      expect(inkBox(await pixelsOf(drawn), GREEN)).not.toBeNull();
    } finally {
      cwd.mockRestore();
      process.env.BUILD_DIR = build;
      fs.rmSync(project, { recursive: true, force: true });
    }
  });

  it("draws a subtitle of nothing but spaces as no subtitle", async () => {
    expect(inkBox(await pixelsOf(await renderShareCard({ title: "Kayıp İadesi", subtitle: "   ", siteName: site })), SUBTITLE)).toBeNull();
  });

  it("draws each character XML reserves as that one character", async () => {
    const rightOf = async (title: string) => inkBox(await pixelsOf(await renderShareCard({ title, siteName: site })), TITLE, { bottom: 540 })!.right;
    const bare = await rightOf("Bonus");
    for (const reserved of ["<", ">", "&", "'", '"']) {
      const added = (await rightOf(`Bonus ${reserved}`)) - bare;
      // A space and one glyph: wider than nothing, narrower than two glyphs.
      expect(added, reserved).toBeGreaterThan(15);
      expect(added, reserved).toBeLessThan(100);
    }
  });

  it("fits a picture whole into the right-hand side, enlarged when small, centred at the card's mid-height", async () => {
    const drawn = async (image: string) => inkBox(await pixelsOf(await renderShareCard({ title: "Yıldız", image, siteName: site })), GREEN)!;
    const wide = await drawn("/images/genis.png");
    const tall = await drawn("/images/uzun.png");
    const small = await drawn("/images/kucuk.png");
    const size = (box: Area) => ({ width: box.right - box.left + 1, height: box.bottom - box.top + 1 });
    // Proportions kept: 2:1 and 1:3, nothing cropped.
    expect(size(wide).width / size(wide).height).toBeCloseTo(2, 1);
    expect(size(tall).height / size(tall).width).toBeCloseTo(3, 1);
    // A 40x20 logo is drawn as large as a 400x200 picture.
    expect(size(small)).toEqual(size(wide));
    expect(size(wide).width).toBeGreaterThan(400);
    // In the right-hand half of the 1200x630 card, its middle at the card's.
    for (const box of [wide, tall]) {
      expect(box.left).toBeGreaterThan(1200 / 2);
      expect(Math.abs(centre(box).y - 630 / 2)).toBeLessThanOrEqual(2);
    }
    expect(Math.abs(centre(wide).x - centre(tall).x)).toBeLessThanOrEqual(2);
  });

  it("shows an upload and a public picture by their addresses", async () => {
    const plain = await renderShareCard({ title: "Görselli Kart", image: null, siteName: site });
    for (const image of [`/media/promotions/${upload}`, "/images/genis.png", "/demo/logo-ege.svg"]) {
      expect((await renderShareCard({ title: "Görselli Kart", image, siteName: site })).equals(plain), image).toBe(false);
    }
    expect(inkBox(await pixelsOf(await renderShareCard({ title: "Görselli Kart", image: `/media/promotions/${upload}`, siteName: site })), GREEN)).not.toBeNull();
  });

  it("draws an address that is not exactly a picture of this site as if there were none", async () => {
    const plain = await renderShareCard({ title: "Adres Denemesi", image: null, siteName: site });
    const refused = [
      // '..' is refused even where it would stay among the public files.
      "/images/../demo/logo-ege.svg",
      // An upload's name under another folder, or with more after it.
      `/images/media/promotions/${upload}`,
      `/media/promotions/${upload}/kapak.png`,
      // A folder of uploads that does not exist.
      `/media/yok/${upload}`,
      // Public files outside the picture folders, and names outside letters, digits, '-', '_' and '.'.
      "/logo.png",
      "/assets/images/kart.png",
      "/images/kart 2.png",
      // Another site's address without its scheme.
      "//başka.example/images/genis.png",
    ];
    for (const image of refused) {
      expect((await renderShareCard({ title: "Adres Denemesi", image, siteName: site })).equals(plain), image).toBe(true);
    }
  });

  it("draws a picture it cannot read, or one too large to decode, as none, and says so once each", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const plain = await renderShareCard({ title: "Okunamayan Görsel", image: null, siteName: site });
    expect(warn).not.toHaveBeenCalled();
    // A complete PNG of 40.3 million pixels in some 40 kB: readable, but too many pixels to decode for a card.
    await put("/images/dev.png", blackPng(6400, 6300));
    for (const image of ["/images/bozuk.png", "/images/dev.png"]) {
      warn.mockClear();
      expect((await renderShareCard({ title: "Okunamayan Görsel", image, siteName: site })).equals(plain), image).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain(JSON.stringify(image));
    }
    warn.mockRestore();
  });

  it("draws a card again after a drawing that failed, instead of answering every later request with the failure", async () => {
    // A fresh copy of the module, whose sharp fails once (as when memory runs out) and then works.
    let failures = 1;
    vi.resetModules();
    vi.doMock("sharp", async (importOriginal) => {
      const real = (await importOriginal<{ default: typeof sharp }>()).default;
      const failingOnce = (...args: Parameters<typeof sharp>) => {
        if (failures-- > 0) throw new Error("sharp: out of memory");
        return real(...args);
      };
      return { default: Object.assign(failingOnce, real) };
    });
    try {
      const fresh = await import("./share-image.server");
      const card: ShareCard = { title: "Bir Kez Çizilemeyen Kart", siteName: site };
      await expect(fresh.renderShareCard(card)).rejects.toThrow("sharp: out of memory");
      expect(await sharp(await fresh.renderShareCard({ ...card })).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    } finally {
      vi.doUnmock("sharp");
      vi.resetModules();
    }
  });

  it("draws a card asked for twice at once only once", async () => {
    const card: ShareCard = { title: "Aynı Anda İki İstek", siteName: site };
    const [first, second] = await Promise.all([renderShareCard(card), renderShareCard({ ...card })]);
    expect(second).toBe(first);
  });

  it("is a progressive JPEG, so a slow connection shows it while it loads", async () => {
    expect((await sharp(await renderShareCard({ title: "Yavaş Bağlantı", siteName: site })).metadata()).isProgressive).toBe(true);
  });
});
