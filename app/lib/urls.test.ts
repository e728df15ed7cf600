import { describe, expect, it, vi } from "vitest";
import { isImageAddress, isSitePath, isWebUrl, safeHref } from "./urls";

describe("URL rules", () => {
  it.each(["https://bonus.example/kampanya", "http://bonus.example"])("accepts the web address %s", (url) => {
    expect(isWebUrl(url)).toBe(true);
    expect(safeHref(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://bonus.example/a b",
    "https://bonus.example/\tx",
    "https://bonus.example\\evil",
    "ftp://bonus.example",
    "bonus.example",
    `https://bonus.example/${"a".repeat(2100)}`,
    "https://www.ege.example.com@evil.example/",
    "https://user:secret@bonus.example/",
  ])("refuses %s as a web address and never renders it as a link", (url) => {
    expect(isWebUrl(url)).toBe(false);
    expect(safeHref(url)).toBe("#");
  });

  it.each(["/\t/evil.example", "/\n/evil.example", "//evil.example", "/\\evil.example", "/ /x"])("does not take %j for a path of this site", (path) => {
    expect(isSitePath(path)).toBe(false);
    expect(safeHref(path)).toBe("#");
  });

  it("keeps paths of this site and section anchors", () => {
    expect(safeHref("/bonuslar")).toBe("/bonuslar");
    expect(safeHref("#promotions-section")).toBe("#promotions-section");
    expect(safeHref(null)).toBe("#");
  });

  it("takes only our own image folders as image paths", () => {
    expect(isImageAddress("/media/promotions/promotion_1700000000000_abcdefghijkl.png")).toBe(true);
    expect(isImageAddress("/demo/promo-1.svg")).toBe(true);
    expect(isImageAddress("/admin/logout")).toBe(false);
    expect(isImageAddress("/media/../admin")).toBe(false);
    expect(isImageAddress("https://cdn.example/a.png")).toBe(true);
    // The folder starts the path, and nothing but path characters follows (no attribute break-out).
    expect(isImageAddress("evil/media/a.png")).toBe(false);
    expect(isImageAddress('/media/a.png"onerror=alert(1)')).toBe(false);
  });

  it("takes an address of exactly 2,048 characters, and refuses one more", () => {
    const url = (length: number) => `https://bonus.example/${"a".repeat(length - "https://bonus.example/".length)}`;
    const path = (length: number) => `/${"a".repeat(length - 1)}`;
    expect(isWebUrl(url(2048))).toBe(true);
    expect(isWebUrl(url(2049))).toBe(false);
    expect(isSitePath(path(2048))).toBe(true);
    expect(isSitePath(path(2049))).toBe(false);
    expect(safeHref(path(2049))).toBe("#");
  });

  it.each(["javascript:alert(1)//#bolum", '#bolum"onmouseover=alert(1)', "#bölüm bir"])("does not take %j for a section anchor", (href) => {
    expect(safeHref(href)).toBe("#");
  });

  // The unsafe-character pattern is built as the module loads: a module loaded afresh shows the one links use.
  it("keeps a plain path and refuses one with white space or a backslash from the module's first load on", async () => {
    vi.resetModules();
    const { safeHref: fresh } = await import("./urls");
    expect(fresh("/bonuslar/ege-bet-hos-geldin")).toBe("/bonuslar/ege-bet-hos-geldin");
    expect(fresh("/\t/evil.example")).toBe("#");
    expect(fresh("/\\evil.example")).toBe("#");
  });
});
