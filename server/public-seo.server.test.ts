import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { seedDemoContent } from "~/seed/demo.server";
import { casinos, promotionCategories } from "~/db/schema";
import type { Actor, CommandResult } from "~/lib/command.server";
import { CategoryFormSchema } from "~/modules/categories/categories.schema";
import { saveCategory } from "~/modules/categories/categories.server";
import { PromotionFormSchema } from "~/modules/promotions/promotions.schema";
import { savePromotion } from "~/modules/promotions/promotions.server";

// Issue 10 §2, "pages search engines can rank", as a crawler meets them: over HTTP through
// the production server build (page cache and its hot path included), as server.js wires it.
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD = path.join(BUILD_DIR, "server/index.js");
// No PUBLIC_SITE_URL: links follow the request's host, here the test server's.
delete process.env.PUBLIC_SITE_URL;

const actor: Actor = { userId: null, email: "seo-test@example.com", address: "127.0.0.1" };

function saved<T>(result: CommandResult<T>): T {
  if (!result.ok) throw new Error(`command refused: ${JSON.stringify(result.fieldErrors)}`);
  return result.value;
}

/** The public templates: home, lists, a category, details of a promotion, a casino and a post. */
const TEMPLATES = [
  "/",
  "/bonuslar",
  "/bonuslar?sayfa=2",
  "/bonuslar/kayip-bonusu",
  "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu",
  "/guvenilir-siteler",
  "/casino/izmir-casino",
  "/blog",
  "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir",
];

/** The content of a <meta> by property or name, decoded. */
function metaOf(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag ? tag[1]!.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'") : null;
}

/** The heading levels of the page's body, in document order. */
function headingLevels(html: string): number[] {
  const body = html.slice(html.indexOf("<body"));
  return [...body.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
}

describeEachDriver("public pages as crawlers meet them (issue 10 §2)", ({ db }) => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    const built = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as {
      createApp: (options?: { staticDir?: string }) => http.RequestListener;
      serveCachedPage: (req: http.IncomingMessage, res: http.ServerResponse, proxyHops: number) => boolean;
    };
    const app = built.createApp({ staticDir: path.join(BUILD_DIR, "client") });
    server = http.createServer((req, res) => {
      if (!built.serveCachedPage(req, res, 0)) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const get = async (url: string) => {
    const response = await fetch(url.startsWith("http") ? url : base + url, { redirect: "manual" });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  it("carries exactly one <title> on not-found pages, and answers 404", async () => {
    for (const url of ["/blog/olmayan-yazi", "/casino/olmayan-casino-sitesi", "/promotion/olmayan", "/bonuslar/anadolu-casino/hic-olmayan-bonus", "/bonuslar/olmayan-kategori", "/bonuslar?sayfa=99", "/blog?sayfa=99"]) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expect(page.body.match(/<title>/g), url).toHaveLength(1);
      expect(page.body, url).toMatch(/<meta name="robots" content="noindex"/);
    }
    // The list's 404 says so, with a link back, instead of an empty page with 'Önceki'.
    const past = await get("/bonuslar?sayfa=99");
    expect(past.body).toContain("<title>Sayfa bulunamadı</title>");
    expect(past.body).not.toContain("Önceki");
  });

  it("serves og:image as a raster image that answers 200, with its type, size and text, on every public template", async () => {
    const images = new Map<string, string>();
    for (const url of TEMPLATES) {
      const page = await get(url);
      expect(page.status, url).toBe(200);
      const image = metaOf(page.body, "og:image");
      expect(image, url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(metaOf(page.body, "twitter:image"), url).toBe(image);
      expect(metaOf(page.body, "og:image:alt"), url).toBeTruthy();
      expect(metaOf(page.body, "twitter:image:alt"), url).toBeTruthy();
      const answer = await fetch(image!);
      expect(answer.status, `${url}: ${image}`).toBe(200);
      const type = answer.headers.get("content-type");
      expect(type, url).toMatch(/^image\/(png|jpeg)$/);
      expect(metaOf(page.body, "og:image:type"), url).toBe(type);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const decoded = await sharp(bytes).metadata();
      expect(decoded.format, url).toBe(type === "image/png" ? "png" : "jpeg");
      expect(String(decoded.width), url).toBe(metaOf(page.body, "og:image:width"));
      expect(String(decoded.height), url).toBe(metaOf(page.body, "og:image:height"));
      expect([decoded.width, decoded.height], url).toEqual([1200, 630]);
      images.set(url, image!);
    }
    // A promotion, a casino, a post and a category each get a card of their own.
    const own = ["/bonuslar/kayip-bonusu", "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu", "/casino/izmir-casino", "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir"];
    expect(new Set(own.map((url) => images.get(url))).size).toBe(own.length);
    const card = await fetch(images.get("/casino/izmir-casino")!);
    expect(card.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("draws only cards this server signed", async () => {
    const page = await get("/casino/izmir-casino");
    const image = new URL(metaOf(page.body, "og:image")!);
    const [payload, signature] = image.pathname.slice("/og/".length).split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify([1, "Sahte Kampanya", "", "", "Bonus Rehberi"])).toString("base64url");
    expect((await fetch(`${base}/og/${forged}.${signature}.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/og/${payload}.${"A".repeat(22)}.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/og/${payload}.${signature}.png`)).status).toBe(404);
  });

  it("answers /bonuslar/, /BONUSLAR and other spellings of public pages with 301 to the canonical path, query kept", async () => {
    for (const [from, to] of [
      ["/bonuslar/", "/bonuslar"],
      ["/BONUSLAR", "/bonuslar"],
      ["/BONUSLAR/?q=Bet&sayfa=2", "/bonuslar?q=Bet&sayfa=2"],
      ["/Blog/Cevrim-Sarti-Nedir-Ve-Nasil-Hesaplanir/", "/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir"],
      ["/guvenilir-siteler/", "/guvenilir-siteler"],
    ]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const page = await get(from!);
        expect(page.status, from).toBe(301);
        expect(page.headers.get("location"), from).toBe(to);
        expect(page.headers.get("x-cache"), from).toBeNull();
      }
    }
    const [izmir] = await db().select({ id: casinos.id }).from(casinos).where(eq(casinos.slug, "izmir-casino"));
    const byId = await get(`/casino/${izmir!.id}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.get("location")).toBe("/casino/izmir-casino");
    // Admin pages, the API and files keep their own answers.
    expect((await get("/ADMIN/login")).status).not.toBe(301);
    expect((await get("/Logo.png")).status).not.toBe(301);
    expect((await get("/logo.png")).status).toBe(200);
    // The folder's files (at the top and below it, spelled with escapes too) still come from it.
    for (const file of ["/favicon.svg", "/%66avicon.svg", "/images/placeholder.svg", "/images%2Fplaceholder.svg", "//favicon.svg", "/./favicon.svg", "/images/../favicon.svg"]) {
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get("cache-control"), file).toBe("public, max-age=3600");
    }
    // A hashed asset keeps its year-long caching however its path is spelled.
    const asset = fs.readdirSync(path.join(BUILD_DIR, "client/assets")).find((name) => name.endsWith(".js"))!;
    for (const spelling of [`/assets/${asset}`, `/%61ssets/${asset}`, `//assets/${asset}`, `/x/../assets/${asset}`]) {
      const answer = await get(spelling);
      expect(answer.status, spelling).toBe(200);
      expect(answer.headers.get("cache-control"), spelling).toBe("public, max-age=31536000, immutable");
    }
    // A Range past the file's end and a failed If-Match: one line in the log, no stack (the
    // test setup fails a test on any console.error), and an answer no cache keeps.
    for (const [file, headers, status] of [
      ["/logo.png", { Range: "bytes=999999999-" }, 416],
      ["/favicon.svg", { "If-Match": '"nope"' }, 412],
    ] as const) {
      const answer = await fetch(base + file, { headers });
      expect(answer.status, file).toBe(status);
      expect(answer.headers.get("cache-control"), file).toBe("no-store");
      expect(await answer.text(), file).not.toMatch(/Error|at /);
    }
    // A malformed escape is refused before anything is looked up (the request guards).
    expect((await get("/%E0%A4%A/x")).status).toBe(400);
  });

  it("links every card's title to its detail page, the chips to the category pages, and 'Site Detayları' to the casino's slug", async () => {
    const list = await get("/bonuslar");
    const cards = list.body.match(/<article[\s\S]*?<\/article>/g) ?? [];
    expect(cards).toHaveLength(24);
    for (const card of cards) expect(card).toMatch(/<h3[^>]*><a[^>]*href="\/bonuslar\/[a-z0-9-]+\/[a-z0-9-]+"[^>]*>[^<]+<\/a><\/h3>/);
    const chips = /<nav aria-label="Kategoriler"[\s\S]*?<\/nav>/.exec(list.body)![0];
    expect(chips).toContain('href="/bonuslar/kayip-bonusu"');
    expect(chips).not.toContain("kategori=");

    const sites = await get("/guvenilir-siteler");
    const casinoCards = sites.body.match(/<div data-casino-card[\s\S]*?İncele<\/span><\/div>/g) ?? [];
    expect(casinoCards.length).toBeGreaterThanOrEqual(10);
    for (const card of casinoCards) expect(card).toMatch(/<a[^>]*href="\/casino\/[a-z0-9-]+"[^>]*>[^<]+<\/a>/);
    expect(sites.body).toMatch(/<a[^>]*href="\/casino\/izmir-casino"[^>]*>İzmir Casino<\/a>/);

    const posts = await get("/blog");
    const postCards = posts.body.match(/<article[\s\S]*?<\/article>/g) ?? [];
    expect(postCards.length).toBeGreaterThan(0);
    for (const card of postCards) expect(card).toMatch(/<h3[^>]*><a[^>]*href="\/blog\/[a-z0-9-]+"[^>]*>[^<]+<\/a><\/h3>/);

    const detail = await get("/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu");
    expect(detail.body).toMatch(/<a[^>]*href="\/casino\/anadolu-casino"[^>]*>Site Detayları<\/a>/);
  });

  it("keeps headings in order on every public template: one h1 first, no level skipped", async () => {
    for (const url of TEMPLATES) {
      const levels = headingLevels((await get(url)).body);
      expect(levels[0], url).toBe(1);
      expect(levels.filter((l) => l === 1), url).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level, `${url}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
      });
    }
  });

  describe("a category's landing page", () => {
    it("has its own title, description, H1, intro text and self canonical", async () => {
      const page = await get("/bonuslar/kayip-bonusu");
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<h1[^>]*>Kayıp Bonusu<\/h1>/);
      expect(page.body).toContain("Kayıpların bir kısmını geri veren kampanyalar");
      expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/bonuslar\/kayip-bonusu"/);
      const list = await get("/bonuslar");
      expect(/<title>([^<]*)<\/title>/.exec(page.body)![1]).not.toBe(/<title>([^<]*)<\/title>/.exec(list.body)![1]);
      expect(metaOf(page.body, "description")).not.toBe(metaOf(list.body, "description"));
    });

    it("answers the old ?kategori= form with 301 even once /bonuslar is cached", async () => {
      await get("/bonuslar");
      expect((await get("/bonuslar")).headers.get("x-cache")).toBe("HIT");
      const old = await get("/bonuslar?kategori=kayip-bonusu&sayfa=1&utm_source=x");
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe("/bonuslar/kayip-bonusu");
    });

    it("is cached, shares its entry across parameters it does not read, and is dropped when categories or promotions change", async () => {
      await get("/bonuslar/kayip-bonusu");
      expect((await get("/bonuslar/kayip-bonusu")).headers.get("x-cache")).toBe("HIT");
      expect((await get("/bonuslar/kayip-bonusu?utm_source=x")).headers.get("x-cache")).toBe("HIT");

      const [category] = await db().select().from(promotionCategories).where(eq(promotionCategories.slug, "kayip-bonusu"));
      saved(
        await saveCategory(
          actor,
          CategoryFormSchema.parse({ intent: "update", id: category!.id, name: "Kayıp Bonusu", slug: "kayip-bonusu", description: "Haftalık kayıp iadeleri burada", isActive: "on" }),
        ),
      );
      const renamed = await get("/bonuslar/kayip-bonusu");
      expect(renamed.headers.get("x-cache")).not.toBe("HIT");
      expect(renamed.body).toContain("Haftalık kayıp iadeleri burada");

      await get("/bonuslar/kayip-bonusu");
      expect((await get("/bonuslar/kayip-bonusu")).headers.get("x-cache")).toBe("HIT");
      saved(
        await savePromotion(
          actor,
          null,
          PromotionFormSchema.parse({
            title: "Kategori Sayfası Yeni Kayıp Bonusu",
            shortDescription: "Kategori sayfasında görünmesi gereken bonus",
            casinoId: "",
            categoryId: category!.id,
            imageUrl: "",
            fullDescription: "",
            terms: "",
            url: "https://example.com/kayip",
            promotionCode: "",
            expiryDate: "",
            isActive: "on",
          }),
        ),
      );
      expect((await get("/bonuslar/kayip-bonusu")).body).toContain("Kategori Sayfası Yeni Kayıp Bonusu");

      // Deactivated, the category has no page any more.
      saved(await saveCategory(actor, CategoryFormSchema.parse({ intent: "update", id: category!.id, name: "Kayıp Bonusu", slug: "kayip-bonusu", description: "" })));
      expect((await get("/bonuslar/kayip-bonusu")).status).toBe(404);
    });
  });
});

