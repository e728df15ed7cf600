import { afterEach, describe, expect, it, vi } from "vitest";
import { readBoundedForm } from "./request-body.server";

// The form reader every action uses; the Express guards in front are tested with the
// hostile-input table (server/hostile-inputs.server.test.ts). Here: an action called
// without them still gets a bound and a 4xx.
const post = (body: BodyInit, contentType?: string) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {}, duplex: "half" } as RequestInit);

/** A body of `total` bytes that announces no length, in 16 KB pieces; counts what was pulled. */
function endless(total: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += 16 * 1024;
      controller.enqueue(new Uint8Array(16 * 1024).fill(97));
    },
  });
  return { stream, sent: () => sent };
}

describe("readBoundedForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads a urlencoded and a multipart form", async () => {
    const urlencoded = await readBoundedForm(post(new URLSearchParams({ a: "bir", b: "iki" })), 1024);
    expect(urlencoded.ok && urlencoded.form.get("b")).toBe("iki");
    const multipart = new FormData();
    multipart.set("a", "çok parçalı");
    const parsed = await readBoundedForm(new Request("http://localhost/x", { method: "POST", body: multipart }), 1024);
    expect(parsed.ok && parsed.form.get("a")).toBe("çok parçalı");
  });

  it("stops reading a body without a length just past the bound: 413", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const body = endless(10 * 1024 * 1024);
    const result = await readBoundedForm(post(body.stream, "application/x-www-form-urlencoded"), 64 * 1024);
    expect(result).toEqual({ ok: false, status: 413, message: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin." });
    expect(body.sent()).toBeLessThan(1024 * 1024);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["JSON", '{"a":1}', "application/json", 415],
    ["text", "a=1", "text/plain", 415],
    // Bytes, so that no content type is implied.
    ["no content type", new TextEncoder().encode("a=1"), undefined, 415],
    ["a broken multipart body", "no parts", "multipart/form-data; boundary=x", 400],
  ] as const)("refuses %s with a 4xx and a Turkish message, logging one line", async (_, body, type, status) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await readBoundedForm(post(body, type), 1024);
    expect(result).toMatchObject({ ok: false, status });
    expect(!result.ok && result.message).toMatch(/[çğıöşü]/);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).not.toContain("\n");
  });
});
