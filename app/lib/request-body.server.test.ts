import { afterEach, describe, expect, it, vi } from "vitest";
import { readBoundedBody, readBoundedForm, refuseUnlessPost, refuseUnlessRead } from "./request-body.server";

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
    expect(warn.mock.calls).toEqual([['413 POST "/api/x": body over the limit of 65536 bytes']]);
  });

  // Bytes, not characters: "ç" is two bytes in UTF-8.
  const exactly1024 = "a=" + "ç".repeat(511);
  const oneOver = "a=" + "ç".repeat(511) + "x";

  it.each([
    ["announcing its length", true],
    ["without announcing its length", false],
  ])("takes a body of exactly the bound and refuses one byte more, %s", async (_, announce) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const send = (text: string) =>
      new Request("http://localhost/api/x", {
        method: "POST",
        body: new TextEncoder().encode(text),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(announce ? { "Content-Length": String(Buffer.byteLength(text)) } : {}) },
      });

    const taken = await readBoundedForm(send(exactly1024), 1024);
    expect(taken.ok && taken.form.get("a")).toBe("ç".repeat(511));
    expect(warn).not.toHaveBeenCalled();

    expect(await readBoundedForm(send(oneOver), 1024)).toEqual({ ok: false, status: 413, message: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin." });
    expect(warn.mock.calls).toEqual([['413 POST "/api/x": body over the limit of 1024 bytes']]);
  });

  it("refuses a body that announces more than the bound without reading any of it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let pulled = 0;
    // highWaterMark 0: nothing is pulled until someone reads.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new TextEncoder().encode("a=1"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "1025" },
      duplex: "half",
    } as RequestInit);
    expect(await readBoundedForm(request, 1024)).toMatchObject({ ok: false, status: 413 });
    expect(pulled).toBe(0);
  });

  it("reads a POST without a body as an empty form, and an empty body (a cron's plain POST)", async () => {
    const bodiless = () => new Request("http://localhost/api/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const result = await readBoundedForm(bodiless(), 1024);
    expect(result.ok && [...result.form.entries()]).toEqual([]);
    expect(await readBoundedBody(bodiless(), 1024)).toEqual(Buffer.alloc(0));
  });

  it.each(["Application/X-WWW-Form-Urlencoded", "application/x-www-form-urlencoded ;charset=UTF-8"])("reads a form sent as %s (media types ignore case and spaces)", async (type) => {
    const result = await readBoundedForm(post("a=bir", type), 1024);
    expect(result.ok && result.form.get("a")).toBe("bir");
  });

  it.each([
    ["JSON", '{"a":1}', "application/json", 415, "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın.", 'body of type "application/json", not a form'],
    ["text", "a=1", "text/plain", 415, "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın.", 'body of type "text/plain", not a form'],
    // Bytes, so that no content type is implied.
    ["no content type", new TextEncoder().encode("a=1"), undefined, 415, "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın.", 'body of type "", not a form'],
    ["a broken multipart body", "no parts", "multipart/form-data; boundary=x", 400, "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.", "form body could not be parsed"],
  ] as const)("refuses %s with a 4xx and a Turkish message, logging one line", async (_, body, type, status, message, reason) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await readBoundedForm(post(body, type), 1024);
    expect(result).toEqual({ ok: false, status, message });
    expect(warn.mock.calls).toEqual([[`${status} POST "/api/x": ${reason}`]]);
  });

  // conform reads these two fields as JSON of its own shape and renders the page with them
  // again; our pages never send them (every form validates in the browser). A hand-made one
  // crashed the action reading it (sign-in included: a 500 and a stack for anyone), the
  // page's render, or hung the server.
  it.each([
    ["__intent__", "garbage"],
    ["__state__", "{"],
    ["__intent__", '{"type":"update","payload":null}'],
    ["__intent__", '{"type":"update","payload":{"name":"__proto__.x","value":"1"}}'],
    ["__intent__", '{"type":"validate","payload":null}'],
    ["__intent__", '{"type":"update","payload":{"name":"email","index":4294967294,"value":"x"}}'],
    ["__intent__", '{"type":"validate","payload":{"name":"email"}}'],
    ["__state__", "{}"],
  ])("refuses a form whose %s is %s as unreadable (400), logging one line", async (name, value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await readBoundedForm(post(new URLSearchParams({ email: "a@example.com", [name]: value })), 1024);
    expect(result).toEqual({ ok: false, status: 400, message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." });
    expect(warn.mock.calls).toEqual([['400 POST "/api/x": conform\'s control fields (__intent__, __state__) sent']]);
  });

  // conform builds a value from names such as `a[2].b` and walks it recursively to answer a
  // refused form: 3,000 levels overflowed the stack, one index of 4294967294 a list of four
  // billion empty slots that kept the server busy for minutes.
  it.each([
    ["a name 3,000 levels deep", [["a" + "[0]".repeat(3000), "x"]]],
    ["a name 3,000 dots deep", [["a" + ".a".repeat(3000), "x"]]],
    ["a list index of 4294967294", [["a[4294967294]", "x"]]],
    ["a list that skips an index", [["a[0]", "x"], ["a[2]", "y"]]],
  ])("refuses a form with %s as unreadable (400), logging one line", async (_, entries) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await readBoundedForm(post(new URLSearchParams([["email", "a@example.com"], ...entries])), 64 * 1024);
    expect(result).toEqual({ ok: false, status: 400, message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." });
    expect(warn.mock.calls).toEqual([['400 POST "/api/x": field names nest too deep or skip list indexes']]);
  });

  // conform's parse slows quadratically with the repeats of one name: 21,000 empty `a=`
  // fields (63 KB, under the public limit) held the whole server for seconds a request.
  it("refuses a form of more than 1,000 fields as unreadable (400) before conform reads it, and reads one of 1,000", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const flood = await readBoundedForm(post("a=&".repeat(21_000), "application/x-www-form-urlencoded"), 64 * 1024);
    expect(flood).toEqual({ ok: false, status: 400, message: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin." });
    expect(warn.mock.calls).toEqual([['400 POST "/api/x": more than 1000 fields']]);
    expect(await readBoundedForm(post("a=&".repeat(1_001), "application/x-www-form-urlencoded"), 64 * 1024)).toMatchObject({ ok: false, status: 400 });
    const largest = await readBoundedForm(post(Array.from({ length: 1_000 }, (_, i) => `f${i}=x`).join("&"), "application/x-www-form-urlencoded"), 64 * 1024);
    expect(largest.ok && [...largest.form.keys()].length).toBe(1_000);
  });

  it("reads lists as conform writes them: repeated names, indexes from 0 in any order, a list of objects", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const entries = [["ids", "1"], ["ids", "2"], ["tags[1]", "b"], ["tags[0]", "a"], ["faq[0].question", "q"], ["faq[0].answer", "c"], ["faq[1].question", "r"]];
    const result = await readBoundedForm(post(new URLSearchParams(entries)), 1024);
    expect(result.ok && [...result.form]).toEqual(entries);
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs at most 200 characters of the path and 100 of the content type, however long they are sent", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const request = new Request(`http://localhost/${"p".repeat(5000)}`, { method: "POST", body: "a=1", headers: { "Content-Type": "x".repeat(5000) } });
    expect(await readBoundedForm(request, 1024)).toMatchObject({ ok: false, status: 415 });
    expect(warn.mock.calls).toEqual([[`415 POST "/${"p".repeat(199)}": body of type "${"x".repeat(100)}", not a form`]]);
  });
});

// The action of every address that is only read (sitemaps, robots.txt, media, share images,
// outbound links, comment pages, the settings check): without it React Router answered a
// form in English ("Unexpected Server Error").
describe("refuseUnlessRead", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(["POST", "PUT", "DELETE"])("answers %s with 405 in Turkish, names the methods it takes and logs one line", async (method) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = refuseUnlessRead({ request: new Request("http://localhost/sitemap.xml", { method, body: "a=1" }) });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ message: "Bu adres yalnızca GET isteklerini kabul eder." });
    expect(warn.mock.calls).toEqual([[`405 ${method} "/sitemap.xml": this address is only read (GET, HEAD)`]]);
  });
});

// The loader of the comment and view APIs, and their action for any other method: a thrown
// data(null, 405) answered the JSON `null`, named no method and logged nothing.
describe("refuseUnlessPost", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])("answers %s with 405 in Turkish, names POST as the one method it takes and logs one line", async (method) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = refuseUnlessPost({ request: new Request("http://localhost/api/blog/1/view", { method }) });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "Bu adres yalnızca POST isteklerini kabul eder." });
    expect(warn.mock.calls).toEqual([[`405 ${method} "/api/blog/1/view": this address only takes POST`]]);
  });
});
