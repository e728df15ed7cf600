import { describe, expect, it } from "vitest";
import { outboundPath, promotionOutboundHref } from "./outbound-paths";
import { addDays, istanbulDay } from "~/lib/dates";
import { casinoTarget, comparableHost, nextFormerHosts, placementOf, promotionTarget } from "./outbound-target";

const casino = (fields: Partial<{ url: string; currentAddress: string | null; formerHosts: string[] }> = {}) => ({
  url: "https://www.eski-casino.example/",
  currentAddress: null,
  formerHosts: [],
  ...fields,
});

describe("where a casino link leads", () => {
  it("goes to the registered URL until a current address is set, then to the current address", () => {
    expect(casinoTarget(casino())).toBe("https://www.eski-casino.example/");
    expect(casinoTarget(casino({ currentAddress: "https://yeni-casino2.example/giris" }))).toBe("https://yeni-casino2.example/giris");
  });

  it("never leads anywhere but http(s): a bad current address falls back to the URL, a bad URL to nothing", () => {
    expect(casinoTarget(casino({ currentAddress: "javascript:alert(1)" }))).toBe("https://www.eski-casino.example/");
    expect(casinoTarget(casino({ url: "javascript:alert(1)" }))).toBeNull();
    expect(casinoTarget(casino({ url: "ftp://files.example/" }))).toBeNull();
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(casinoTarget(casino({ currentAddress: "https://yeni.example/hoş-geldin" }))).toBe("https://yeni.example/ho%C5%9F-geldin");
    expect(promotionTarget("https://şans.example/çevrim", casino())).toBe("https://xn--ans-rza.example/%C3%A7evrim");
  });
});

describe("where a promotion link leads", () => {
  it("is the promotion's own URL while the casino has no current address", () => {
    expect(promotionTarget("https://www.eski-casino.example/bonus?kod=HOSGELDIN", casino())).toBe("https://www.eski-casino.example/bonus?kod=HOSGELDIN");
  });

  it("moves to the current address when written against the casino's registered host, keeping path and query", () => {
    const moved = casino({ currentAddress: "https://eskicasino451.example" });
    expect(promotionTarget("https://www.eski-casino.example/promosyon/hosgeldin?kod=ABC&ref=7", moved)).toBe("https://eskicasino451.example/promosyon/hosgeldin?kod=ABC&ref=7");
    // With or without www, and any letter case: the same site.
    expect(promotionTarget("http://ESKI-CASINO.example/bonus", moved)).toBe("https://eskicasino451.example/bonus");
  });

  it("moves links written against a former current address too", () => {
    const moved = casino({ currentAddress: "https://eskicasino452.example", formerHosts: ["eskicasino451.example"] });
    expect(promotionTarget("https://eskicasino451.example/bonus?x=1", moved)).toBe("https://eskicasino452.example/bonus?x=1");
  });

  it("moves links on former hosts however they were written: only a leading www. and letter case set aside", () => {
    const moved = casino({ currentAddress: "https://eskicasino453.example", formerHosts: ["WWW.EskiCasino451.example", "m.www.eskicasino452.example"] });
    expect(promotionTarget("https://eskicasino451.example/bonus", moved)).toBe("https://eskicasino453.example/bonus");
    // A www. inside the host is part of its name.
    expect(promotionTarget("https://m.www.eskicasino452.example/bonus", moved)).toBe("https://eskicasino453.example/bonus");
    expect(promotionTarget("https://m.eskicasino452.example/bonus", moved)).toBe("https://m.eskicasino452.example/bonus");
  });

  it("leaves a link on another host (an affiliate network, a tracker) alone", () => {
    const moved = casino({ currentAddress: "https://eskicasino451.example" });
    expect(promotionTarget("https://track.partner.example/c?o=9", moved)).toBe("https://track.partner.example/c?o=9");
    // A host that only ends like the casino's is another site.
    expect(promotionTarget("https://not-eski-casino.example/bonus", moved)).toBe("https://not-eski-casino.example/bonus");
  });

  it("keeps the current address's port and scheme", () => {
    const moved = casino({ currentAddress: "http://127.0.0.1:8080/" });
    expect(promotionTarget("https://www.eski-casino.example/a/b?c=d", moved)).toBe("http://127.0.0.1:8080/a/b?c=d");
  });

  it("never leads to anything but http(s)", () => {
    expect(promotionTarget("javascript:alert(1)", casino({ currentAddress: "https://yeni.example" }))).toBeNull();
    expect(promotionTarget("data:text/html,x", casino())).toBeNull();
  });
});

describe("the casino's former hosts after a save", () => {
  it("adds the host the links led to before when the current address changes, once, in order", () => {
    const first = nextFormerHosts(casino(), { url: "https://www.eski-casino.example/", currentAddress: "https://yeni451.example" });
    // The registered URL's host is always matched; nothing else had been current.
    expect(first).toEqual([]);
    const second = nextFormerHosts(casino({ currentAddress: "https://yeni451.example" }), { url: "https://www.eski-casino.example/", currentAddress: "https://WWW.yeni452.example" });
    expect(second).toEqual(["yeni451.example"]);
    const third = nextFormerHosts(casino({ currentAddress: "https://www.yeni452.example", formerHosts: second }), { url: "https://www.eski-casino.example/", currentAddress: "https://yeni451.example" });
    expect(third).toEqual(["yeni451.example", "yeni452.example"]);
  });

  it("adds nothing for a current address saved again unchanged, also when the URL changes", () => {
    const current = casino({ currentAddress: "https://yeni451.example", formerHosts: ["a.example"] });
    expect(nextFormerHosts(current, { url: "https://www.eski-casino.example/", currentAddress: "https://yeni451.example" })).toEqual(["a.example"]);
    expect(nextFormerHosts(current, { url: "https://baska.example/", currentAddress: "https://yeni451.example" })).toEqual(["a.example", "eski-casino.example"]);
  });

  it("adds the old registered URL's host when the URL changes, and nothing when neither changes", () => {
    expect(nextFormerHosts(casino(), { url: "https://baska.example/", currentAddress: null })).toEqual(["eski-casino.example"]);
    expect(nextFormerHosts(casino({ formerHosts: ["a.example"] }), { url: "https://www.eski-casino.example/", currentAddress: null })).toEqual(["a.example"]);
  });

  it("compares hosts without www and letter case", () => {
    expect(comparableHost("https://WWW.Casino.Example:8443/x")).toBe("casino.example:8443");
    // Only a leading www.: one inside the host is part of its name.
    expect(comparableHost("https://shop.www.casino.example/")).toBe("shop.www.casino.example");
    expect(comparableHost("mailto:a@b.example")).toBeNull();
    expect(comparableHost(null)).toBeNull();
  });
});

describe("the placement a click is counted under", () => {
  it("is the one ?yer= names, else the link kind's own", () => {
    expect(placementOf("splash", "casino")).toBe("splash");
    expect(placementOf("card", "promotion")).toBe("card");
    expect(placementOf(null, "casino")).toBe("casino");
    expect(placementOf(null, "promotion")).toBe("detail");
    expect(placementOf("footer", "promotion")).toBe("detail");
    expect(placementOf("CARD", "casino")).toBe("casino");
  });
});

describe("the day a click is counted on", () => {
  it("is Istanbul's calendar day (UTC+3), not the server's", () => {
    expect(istanbulDay(Date.parse("2026-11-22T20:59:59Z"))).toBe("2026-11-22");
    expect(istanbulDay(Date.parse("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
    expect(istanbulDay(Date.parse("2026-12-31T21:00:00Z"))).toBe("2027-01-01");
    // Asked again within the same minute, and then back in time: still right.
    expect(istanbulDay(Date.parse("2026-11-22T20:59:59.900Z"))).toBe("2026-11-22");
  });

  it("moves days across month and year ends", () => {
    expect(addDays("2026-11-22", -29)).toBe("2026-10-24");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});

describe("outbound anchors", () => {
  it("lead through /git/ with the placement, slugs escaped", () => {
    expect(outboundPath("anadolu-casino", "hos-geldin", "card")).toBe("/git/anadolu-casino/hos-geldin?yer=card");
    expect(outboundPath("anadolu-casino", null, "splash")).toBe("/git/anadolu-casino?yer=splash");
    expect(outboundPath("a/b", "c?d", "detail")).toBe("/git/a%2Fb/c%3Fd?yer=detail");
  });

  it("keep a promotion without a casino on its direct link", () => {
    expect(promotionOutboundHref({ slug: "bonus", claimLink: "https://direkt.example/b", casino: { slug: "ege-bet" } }, "detail")).toBe("/git/ege-bet/bonus?yer=detail");
    expect(promotionOutboundHref({ slug: "bonus", claimLink: "https://direkt.example/b", casino: null }, "card")).toBe("https://direkt.example/b");
  });
});
