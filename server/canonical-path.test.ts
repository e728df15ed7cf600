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

  it("keeps percent-escapes as they were sent (only letters outside them change case)", () => {
    expect(canonicalPublicPath("/CASINO/%C4%B0ZM%C4%B0R")).toBe("/casino/%C4%B0zm%C4%B0r");
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
