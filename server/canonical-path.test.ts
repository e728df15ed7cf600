import { describe, expect, it } from "vitest";
import { canonicalPublicPath } from "./canonical-path";

// Issue 10 §2: /bonuslar/ and /BONUSLAR were the same page at addresses of their own.
describe("the canonical spelling of public paths", () => {
  it.each([
    ["/bonuslar/", "/bonuslar"],
    ["/BONUSLAR", "/bonuslar"],
    ["/Bonuslar/Anadolu-Casino/Anadolu-Casino-100-Hos-Geldin-Bonusu/", "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu"],
    ["/bonuslar//kayip-bonusu", "/bonuslar/kayip-bonusu"],
    ["/Blog/", "/blog"],
    ["/GUVENILIR-SITELER", "/guvenilir-siteler"],
    ["/casino/Izmir-Casino", "/casino/izmir-casino"],
    ["//", "/"],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalPublicPath(path)).toBe(canonical);
  });

  it("keeps percent-escapes of Turkish letters as they were sent (only letters outside them change case)", () => {
    expect(canonicalPublicPath("/CASINO/%C4%B0ZM%C4%B0R")).toBe("/casino/%C4%B0zm%C4%B0r");
  });

  // URL parsers decode these and resolve dot segments on arrival: each spelling rendered and
  // was kept in the shared cache as a page of its own.
  it.each([
    ["/%42ONUSLAR", "/bonuslar"],
    ["/%62onuslar/%61nadolu-casino", "/bonuslar/anadolu-casino"],
    ["/blog/%63evrim-sarti-nedir%2Dve", "/blog/cevrim-sarti-nedir-ve"],
    ["/bonuslar/x/..", "/bonuslar"],
    ["/bonuslar/x/%2e%2E", "/bonuslar"],
    ["/blog/./", "/blog"],
    ["/casino/%2E%2E/bonuslar", "/bonuslar"],
    ["/bonuslar/../../..", "/"],
    ["/bonuslar/a%2Fb", null],
  ])("%s → %s (escaped letters and dot segments)", (path, canonical) => {
    expect(canonicalPublicPath(path)).toBe(canonical);
    // The address redirected to is canonical itself: one 301, never a loop.
    if (canonical) expect(canonicalPublicPath(canonical)).toBeNull();
  });

  it("sends a dot path out of a public area to its resolved address, which its own route then answers", () => {
    expect(canonicalPublicPath("/bonuslar/../admin/login")).toBe("/admin/login");
    expect(canonicalPublicPath("/bonuslar/%2e%2e/media/promotions/Promotion_1_ABC.png")).toBe("/media/promotions/Promotion_1_ABC.png");
  });

  it.each(["/", "/bonuslar", "/blog/cevrim-sarti-nedir", "/promotion/0a1b2c3d-0000-4000-8000-000000000000"])("leaves the canonical %s alone", (path) => {
    expect(canonicalPublicPath(path)).toBeNull();
  });

  // File names may be case-sensitive, and /admin and /api are not for search engines.
  it.each(["/ADMIN/dashboard", "/admin/", "/API/promotions/x/comments", "/media/promotions/Promotion_1_ABC.png", "/assets/Entry-AbC.js", "/og/AbC.def.jpg", "/Ab12Cd.txt", "/Logo.png", "/bonuslar.data", "/blog/X.data"])(
    "leaves %s to its own route",
    (path) => {
      expect(canonicalPublicPath(path)).toBeNull();
    },
  );
});
