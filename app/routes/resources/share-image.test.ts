import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { callRoute } from "../../../tests/helpers/routes";
import { shareCardFileName } from "~/modules/seo/share-image.server";
import type { loader as Loader } from "./share-image";

const name = shareCardFileName({ title: "Hoş Geldin Bonusu", subtitle: "Yıldız Casino", siteName: "Bonus Rehberi" });
// The route as a newly started server loads it: its headers are constants of the share card
// module, set when it loads; loading it inside each test lets the mutation run (which skips
// module-level code no test runs) judge them by these tests.
let loader: typeof Loader;
beforeEach(async () => {
  vi.resetModules();
  ({ loader } = await import("./share-image"));
});
const get = (file: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
  callRoute(loader, `/og/${file}`, { params: { file }, ...options }) as Promise<Response>;

describe("GET /og/{card}.jpg", () => {
  it("answers a card this server signed as a 1200x630 JPEG, to be kept for a year as it is", async () => {
    const response = await get(name);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("tells a browser that has the card so by its ETag, and answers HEAD with the size alone", async () => {
    const etag = (await get(name)).headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const tag of [etag, `W/${etag}`, `"eski", ${etag}`]) {
      const response = await get(name, { headers: { "If-None-Match": tag } });
      expect(response.status, tag).toBe(304);
      expect(response.headers.get("Cache-Control"), tag).toBe("public, max-age=31536000, immutable");
      expect(await response.text(), tag).toBe("");
    }
    expect((await get(name, { headers: { "If-None-Match": '"eski"' } })).status).toBe(200);

    const head = await get(name, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(1000);
    expect(await head.text()).toBe("");
  });

  it("answers a name it did not sign with 404 in Turkish, kept a minute only", async () => {
    const [payload] = name.split(".");
    for (const file of [`${payload}.${"A".repeat(22)}.jpg`, "kart.jpg"]) {
      const response = await get(file);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).toBe("Görsel bulunamadı");
      expect(response.headers.get("Cache-Control"), file).toBe("public, max-age=60");
    }
  });
});
