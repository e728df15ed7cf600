import { count, eq } from "drizzle-orm";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { sendRaw } from "../tests/helpers/hostile-inputs";
import { promotionComments, promotions } from "~/db/schema";
import { seedDemoContent } from "~/seed/demo.server";
import { createAdminUser } from "~/modules/auth/auth.server";

// Issue 7, findings 5, 6 and 10, through the production build's Express app. This file's
// app runs behind one trusted proxy, with a canonical origin.
process.env.TRUST_PROXY = "1";
process.env.PUBLIC_SITE_URL = "https://bonus.example";
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * Streams `total` bytes of a form body in chunks, without a length, for as long as the
 * server takes them. Resolves with the answer's status and how many bytes got written
 * before the server answered and closed the connection.
 */
function streamBody(base: string, path: string, total: number, declareLength: boolean): Promise<{ status: number | null; written: number }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...FORM };
    if (declareLength) headers["Content-Length"] = total;
    const req = http.request(`${base}${path}`, { method: "POST", headers, agent: false });
    let written = 0;
    let status: number | null = null;
    let stopped = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const finish = () => {
      if (stopped) return;
      stopped = true;
      resolve({ status, written });
    };
    // As a browser does: an answer ends the upload.
    req.on("response", (res) => {
      status = res.statusCode!;
      res.resume();
      res.on("end", () => (finish(), req.destroy()));
    });
    req.on("error", finish);
    req.on("close", finish);
    const pump = () => {
      while (!stopped && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!stopped) req.end();
    };
    pump();
  });
}

describeEachDriver("request guards", ({ db }) => {
  let server: http.Server;
  let base = "";
  let promotionId = "";

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    const { createApp } = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as { createApp: () => http.RequestListener };
    server = http.createServer(createApp());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const [promotion] = await db().select({ id: promotions.id }).from(promotions).where(eq(promotions.isActive, true)).limit(1);
    promotionId = promotion!.id;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const comment = (headers: Record<string, string>, userName = "Vekil") =>
    sendRaw(base, { method: "POST", path: `/api/promotions/${promotionId}/comments`, headers: { ...FORM, ...headers }, body: new URLSearchParams({ userName, comment: "Vekil arkasından yorum", rating: "5" }).toString() });
  const commentsBy = async (userName: string) => (await db().select({ n: count() }).from(promotionComments).where(eq(promotionComments.userName, userName)))[0]!.n;

  describe("TRUST_PROXY=1: the address the proxy saw is the client", () => {
    it("does not let a client choose its rate-limit key with a leftmost X-Forwarded-For", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      // The proxy appends the address it saw (203.0.113.7); the client made up what precedes it.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await comment({ "X-Forwarded-For": `10.0.0.${i}, 203.0.113.7` }, "Sahte Adres")).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(await commentsBy("Sahte Adres")).toBe(5);
      // Another client behind the same proxy is not affected.
      expect((await comment({ "X-Forwarded-For": "198.51.100.20" }, "Başka Ziyaretçi")).status).toBe(201);
      vi.restoreAllMocks();
    });

    it("answers a 3 KB X-Forwarded-For without a 500, and stores the comment once", async () => {
      // Random, so that PostgreSQL cannot compress it under its index-row limit.
      const forged = crypto.randomBytes(1500).toString("hex");
      const direct = await comment({ "X-Forwarded-For": forged }, "Uzun Başlık");
      expect(direct.status).toBe(201);
      const proxied = await comment({ "X-Forwarded-For": `${forged}, 192.0.2.44` }, "Uzun Başlık");
      expect(proxied.status).toBe(201);
      expect(await commentsBy("Uzun Başlık")).toBe(2);
    });
  });

  describe("same-origin writes", () => {
    it("accepts a post from the site's canonical origin or the host the proxy forwarded", async () => {
      expect((await comment({ Origin: "https://bonus.example", "X-Forwarded-For": "192.0.2.50" }, "Kanonik")).status).toBe(201);
      expect((await comment({ Origin: "https://www.bonus-sitesi.example", "X-Forwarded-Host": "www.bonus-sitesi.example", "X-Forwarded-For": "192.0.2.51" }, "Vekil Host")).status).toBe(201);
    });
  });

  describe("behind a proxy that sends neither the public scheme nor its host", () => {
    // nginx's plain `proxy_pass http://127.0.0.1:3000` (no `proxy_set_header Host $host`, no
    // X-Forwarded-Proto): the request comes in as http://127.0.0.1:port while the operator's
    // browser, on https://bonus.example, names that as its Origin.
    const signIn = async (suffix: "" | ".data", origin: string) => {
      const email = `vekil-${suffix ? "data" : "belge"}-${crypto.randomBytes(3).toString("hex")}@example.com`;
      await createAdminUser(email, "operator-sifre");
      return sendRaw(base, {
        method: "POST",
        path: `/admin/login${suffix}`,
        headers: { ...FORM, Origin: origin, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ email, password: "operator-sifre" }).toString(),
      });
    };

    it("signs an operator in from the public origin, with and without JavaScript", async () => {
      const page = await signIn("", "https://bonus.example");
      expect(page.status).toBe(302);
      expect(page.headers["location"]).toBe("/admin/dashboard");
      expect(String(page.headers["set-cookie"])).toMatch(/session/i);
      // With JavaScript the form posts to the .data URL; the redirect travels in the body.
      const data = await signIn(".data", "https://bonus.example");
      expect(data.status).toBe(202);
      expect(data.body).toContain("/admin/dashboard");
      expect(String(data.headers["set-cookie"])).toMatch(/session/i);
    });

    it("still refuses a form whose page was on another origin that the guards let through, in Turkish and in one log line", async () => {
      // Same host, another scheme: not the public origin, so React Router's own rule applies,
      // to the page's form and to its .data twin (where React Router logged a stack).
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const refused = [await signIn("", "http://bonus.example"), await signIn(".data", "http://bonus.example"), await signIn(".data", "null"), await signIn("", "http://[nope")];
      const logged = { warnings: warn.mock.calls.map((call) => call.join(" ")), errors: error.mock.calls.length };
      vi.restoreAllMocks();
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.headers["set-cookie"]).toBeUndefined();
        expect(answer.body).toBe("Bu işlem yalnızca sitenin kendi sayfalarından yapılabilir.");
      }
      expect(logged.errors).toBe(0);
      expect(logged.warnings).toHaveLength(4);
      expect(logged.warnings[0]).toMatch(/^400 POST "\/admin\/login": form sent from "http:\/\/bonus\.example" to "http:\/\/127\.0\.0\.1:\d+": .*PUBLIC_SITE_URL/);
      expect(logged.warnings[1]).toMatch(/^400 POST "\/admin\/login\.data": form sent from "http:\/\/bonus\.example" to /);
      expect(logged.warnings[2]).toMatch(/^400 POST "\/admin\/login\.data": form sent from "null" to "http:\/\/127\.0\.0\.1:\d+"$/);
      expect(logged.warnings[3]).toBe('400 POST "/admin/login": Origin "http://[nope" is not a URL');
      // Only writes: a read that names another origin is answered, the page and its data.
      expect((await sendRaw(base, { method: "GET", path: "/admin/login", headers: { Origin: "http://bonus.example" } })).status).toBe(200);
      expect((await sendRaw(base, { method: "GET", path: "/admin/login.data", headers: { Origin: "http://bonus.example" } })).status).toBe(200);
    });

    it("signs in an operator who reached the server at an IPv6 address and port", async () => {
      // Host `[::1]:port`: the port once fell out of the request's URL, and every form was refused.
      const port = new URL(base).port;
      const email = `ipv6-${crypto.randomBytes(3).toString("hex")}@example.com`;
      await createAdminUser(email, "operator-sifre");
      const answer = await sendRaw(base, {
        method: "POST",
        path: "/admin/login",
        headers: { ...FORM, Host: `[::1]:${port}`, Origin: `http://[::1]:${port}`, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ email, password: "operator-sifre" }).toString(),
      });
      expect(answer.status).toBe(302);
      expect(String(answer.headers["set-cookie"])).toMatch(/session/i);
    });

    it("still signs in an operator who reached the server at the address it came in on", async () => {
      // Without the proxy (an operator on the machine itself): the page and the request agree.
      const direct = await signIn("", base);
      expect(direct.status).toBe(302);
      expect(String(direct.headers["set-cookie"])).toMatch(/session/i);
    });
  });

  describe("body limits", () => {
    it("gives admin forms the larger bound and public forms the smaller", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const body = "a".repeat(200 * 1024);
      // 200 KB: past the public bound, within the admin one (the admin guard then answers).
      expect((await sendRaw(base, { method: "POST", path: `/api/promotions/${promotionId}/comments`, headers: FORM, body })).status).toBe(413);
      expect((await sendRaw(base, { method: "POST", path: "/admin/comments", headers: FORM, body })).status).toBe(302);
      expect((await sendRaw(base, { method: "POST", path: "/ADMIN/%63omments", headers: FORM, body })).status).toBe(302);
      expect((await sendRaw(base, { method: "POST", path: "/admin/comments", headers: FORM, body: "a".repeat(1100 * 1024) })).status).toBe(413);
      vi.restoreAllMocks();
    });

    it("lets an image upload stream past the admin bound up to the largest bucket, and answers the image field in JSON", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const upload = (bytes: number) =>
        sendRaw(base, {
          method: "POST",
          path: "/admin/media/upload?bucket=blog-images",
          headers: { "Content-Type": "multipart/form-data; boundary=x", Accept: "application/json" },
          body: Buffer.alloc(bytes),
        });
      // 3 MB reaches the route, which sends a stranger to sign in.
      expect((await upload(3 * 1024 * 1024)).status).toBe(302);
      const tooLarge = await upload(8 * 1024 * 1024);
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toEqual({ ok: false, message: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin." });
      vi.restoreAllMocks();
    });

    it.each([
      ["streamed without a length", false],
      ["declared in Content-Length", true],
    ])("answers 50 MB %s with 413 and stops reading long before the end", async (_, declareLength) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const total = 50 * 1024 * 1024;
      const result = await streamBody(base, `/api/promotions/${promotionId}/comments`, total, declareLength);
      expect(result.status).toBe(413);
      // What the socket buffers took before the server closed the connection, not 50 MB.
      expect(result.written).toBeLessThan(total / 5);
      expect(warn).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    });
  });
});
