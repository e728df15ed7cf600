import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readShareCardFileName, renderShareCard, shareCardFileName, shareCardImage, wrapLines } from "./share-image.server";

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
