import { describe, expect, it } from "vitest";
import { coalesceReadyPieces, describeOriginMismatch, publicOriginFor } from "./react-router-handler";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);

/** A source whose pieces the test enqueues itself, when it likes. */
function source() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled: unknown = "not cancelled";
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  return { stream, controller, cancelled: () => cancelled };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(text(chunk));
  return chunks;
}

describe("coalesceReadyPieces", () => {
  it("hands on a page written in many pieces before the event loop turns as one piece", async () => {
    const { stream, controller } = source();
    // React's shell: thirty pieces written one after another, partly across microtasks and ticks.
    for (let piece = 0; piece < 10; piece++) controller.enqueue(bytes(`<p>${piece}</p>`));
    void Promise.resolve().then(() => {
      for (let piece = 10; piece < 20; piece++) controller.enqueue(bytes(`<p>${piece}</p>`));
      process.nextTick(() => {
        for (let piece = 20; piece < 30; piece++) controller.enqueue(bytes(`<p>${piece}</p>`));
        controller.close();
      });
    });
    const chunks = await readAll(coalesceReadyPieces(stream));
    expect(chunks).toEqual([Array.from({ length: 30 }, (_, piece) => `<p>${piece}</p>`).join("")]);
  });

  it("sends a part streamed later on its own, as soon as it comes, without waiting for the rest", async () => {
    const { stream, controller } = source();
    controller.enqueue(bytes("<html>shell"));
    controller.enqueue(bytes("</div>"));
    const reader = coalesceReadyPieces(stream).getReader();
    expect(text((await reader.read()).value!)).toBe("<html>shell</div>");
    // A Suspense boundary resolves after a database round trip: it must not wait for the end.
    setTimeout(() => controller.enqueue(bytes("<template>late</template>")), 5);
    expect(text((await reader.read()).value!)).toBe("<template>late</template>");
    controller.enqueue(bytes("</html>"));
    controller.close();
    expect(text((await reader.read()).value!)).toBe("</html>");
    expect((await reader.read()).done).toBe(true);
  });

  it("keeps a late part whole when it comes in several pieces after a long wait", async () => {
    const { stream, controller } = source();
    const reader = coalesceReadyPieces(stream).getReader();
    const late = reader.read();
    // A Suspense boundary resolved after a slow query: React writes it in several pieces at once.
    setTimeout(() => {
      void Promise.resolve().then(() => {
        controller.enqueue(bytes('<div hidden id="S:0">'));
        process.nextTick(() => {
          controller.enqueue(bytes("yorumlar</div>"));
          void Promise.resolve().then(() => controller.enqueue(bytes("<script>$RC()</script>")));
        });
      });
    }, 20);
    expect(text((await late).value!)).toBe('<div hidden id="S:0">yorumlar</div><script>$RC()</script>');
  });

  it("keeps a piece it read while deciding the last one was complete, in order", async () => {
    const { stream, controller } = source();
    controller.enqueue(bytes("a"));
    const reader = coalesceReadyPieces(stream).getReader();
    const first = reader.read();
    // "b" comes after the loop turned: the read that was waiting for it must not lose it.
    setTimeout(() => {
      controller.enqueue(bytes("b"));
      controller.enqueue(bytes("c"));
      controller.close();
    }, 5);
    expect(text((await first).value!)).toBe("a");
    expect(text((await reader.read()).value!)).toBe("bc");
    expect((await reader.read()).done).toBe(true);
  });

  it("bounds one coalesced piece, so a huge page still goes out in several", async () => {
    const { stream, controller } = source();
    for (let piece = 0; piece < 8; piece++) controller.enqueue(new Uint8Array(1000).fill(65 + piece));
    controller.close();
    const reader = coalesceReadyPieces(stream, 2500).getReader();
    const sizes: number[] = [];
    for (let result = await reader.read(); !result.done; result = await reader.read()) sizes.push(result.value.byteLength);
    expect(sizes).toEqual([3000, 3000, 2000]);
  });

  it("passes a failure of the page's stream on, and a cancel back to it", async () => {
    const failing = source();
    failing.controller.enqueue(bytes("a"));
    const failed = readAll(coalesceReadyPieces(failing.stream));
    setTimeout(() => failing.controller.error(new Error("render failed")), 5);
    await expect(failed).rejects.toThrow("render failed");

    const cancelled = source();
    await coalesceReadyPieces(cancelled.stream).cancel("visitor left");
    expect(cancelled.cancelled()).toBe("visitor left");
  });

  it("ends an empty answer without a piece", async () => {
    const { stream, controller } = source();
    controller.close();
    expect(await readAll(coalesceReadyPieces(stream))).toEqual([]);
  });
});

describe("publicOriginFor (behind a proxy that forwards neither scheme nor host)", () => {
  const PUBLIC = "https://bonus.example";

  it("takes a form posted from a page on the public origin as posted there, however the browser spells it", () => {
    for (const origin of ["https://bonus.example", "HTTPS://BONUS.EXAMPLE", "https://bonus.example:443"]) {
      expect(publicOriginFor("POST", origin, PUBLIC)).toBe(PUBLIC);
    }
    expect(publicOriginFor("DELETE", "https://bonus.example", PUBLIC)).toBe(PUBLIC);
  });

  it("leaves every other request as it came in", () => {
    // Another scheme, host or port, an opaque origin, none, or no public origin configured.
    for (const origin of ["http://bonus.example", "https://www.bonus.example", "https://bonus.example:8443", "null", "bozuk", undefined]) {
      expect(publicOriginFor("POST", origin, PUBLIC)).toBeNull();
    }
    expect(publicOriginFor("POST", "https://bonus.example", null)).toBeNull();
    // Reads are never pinned: what a page shows does not follow a header the client chose.
    expect(publicOriginFor("GET", "https://bonus.example", PUBLIC)).toBeNull();
    expect(publicOriginFor("HEAD", "https://bonus.example", PUBLIC)).toBeNull();
  });
});

// React Router's throwIfPotentialCSRFAttack, read the same way (ADR 004 addendum): which
// writes it refuses, and what the log line then says.
describe("describeOriginMismatch", () => {
  const write = (origin: string | null, url = "http://127.0.0.1:3000/admin/login", method = "POST") =>
    describeOriginMismatch(new Request(url, { method, headers: origin === null ? {} : { Origin: origin } }));

  it("lets through what React Router lets through", () => {
    expect(write(null)).toBeNull();
    expect(write("http://127.0.0.1:3000")).toBeNull();
    // Default ports and case are the same origin; an Origin without a host is not compared.
    expect(write("HTTP://EXAMPLE.COM:80", "http://example.com/admin/login")).toBeNull();
    for (const hostless of ["foo:bar", "file:///x", "about:blank", "data:,x"]) expect(write(hostless)).toBeNull();
    // An opaque origin is compared with the host as text: a request to the host "null" matches.
    expect(write("null", "http://null/admin/login")).toBeNull();
    // Only writes: a read naming another origin is answered.
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(write("https://elsewhere.example", undefined, method)).toBeNull();
  });

  it("refuses what React Router refuses, naming the likely proxy fix unless the Origin is opaque", () => {
    const FIX = ": behind a proxy, set PUBLIC_SITE_URL, or TRUST_PROXY with X-Forwarded-Proto and -Host (ADR 004)";
    expect(write("https://127.0.0.1:3000")).toBe(`form sent from "https://127.0.0.1:3000" to "http://127.0.0.1:3000"${FIX}`);
    expect(write("http://127.0.0.1:9999")).toBe(`form sent from "http://127.0.0.1:9999" to "http://127.0.0.1:3000"${FIX}`);
    expect(write("https://bonus.example")).toBe(`form sent from "https://bonus.example" to "http://127.0.0.1:3000"${FIX}`);
    expect(write("null")).toBe('form sent from "null" to "http://127.0.0.1:3000"');
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(write("null", undefined, method)).not.toBeNull();
    expect(write("")).toBe('Origin "" is not a URL');
    expect(write("http://[nope")).toBe('Origin "http://[nope" is not a URL');
  });

  it("keeps a hostile Origin to one short, printable line", () => {
    const long = write(`https://${"a".repeat(5_000)}.example`)!;
    expect(long).toMatch(new RegExp(`^form sent from "https://a{92}\\.\\.\\." to "http://127\\.0\\.0\\.1:3000": behind a proxy`));
    // NEL (U+0085) and other characters outside printable ASCII are escaped, never raw.
    expect(write("http://evil.example/\u0085 400 POST x")).toMatch(/^form sent from "http:\/\/evil\.example\/\\u0085 400 POST x" to /);
  });
});
