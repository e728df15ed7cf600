import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../helpers/server";

// Issue 10 §2: without PUBLIC_SITE_URL, canonical links, sitemaps and share images follow
// the request's Host header. A production site refuses to start without it; the demo starts.
describe("the site's public origin in production", () => {
  it("refuses to start without PUBLIC_SITE_URL when NODE_ENV=production and DEMO_CONTENT=false, in one line", async () => {
    // PORT given: the helper then leaves PUBLIC_SITE_URL unset.
    const failure = await startServer({ DEMO_CONTENT: "false", PORT: "0" }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^Server exited with 1:\n/);
    const output = failure!.replace(/^Server exited with 1:\n/, "").trim();
    expect(output.split("\n")).toEqual([expect.stringMatching(/^Invalid configuration: PUBLIC_SITE_URL is required in production \(NODE_ENV=production, DEMO_CONTENT=false\)/)]);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("starts with it, and its links use it whatever the Host header says", async () => {
    const server = await startServer({ DEMO_CONTENT: "false", PORT: "0", PUBLIC_SITE_URL: "https://bonus.example" });
    try {
      const html = await new Promise<string>((resolve, reject) => {
        http
          .get(`${server.url}/bonuslar`, { headers: { Host: "evil.example" } }, (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve(body));
          })
          .on("error", reject);
      });
      expect(html).toContain('<link rel="canonical" href="https://bonus.example/bonuslar"/>');
      expect(html).not.toContain("evil.example");
    } finally {
      await server.stop();
    }
  });
});
