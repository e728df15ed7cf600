import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DeferHydration, deferredModuleScript } from "./defer-hydration.server";

const PAGE = [
  '<!DOCTYPE html><html lang="tr"><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/root-C.css"/></head>',
  "<body><h1>Bonuslar — Işıltı</h1><script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

async function through(chunks: (string | Buffer)[]): Promise<string> {
  let out = "";
  for await (const piece of Readable.from(chunks).pipe(new DeferHydration())) out += String(piece);
  return out;
}

/** The page cut into pieces of `size` bytes, so tags and multi-byte letters are split. */
function bytePieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

describe("deferred hydration scripts", () => {
  it("drops the modulepreload links, keeps the stylesheet, and starts the module script after load", async () => {
    const html = await through([PAGE]);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('addEventListener("load",go,{once:true})');
    expect(html).toContain("<h1>Bonuslar — Işıltı</h1><script>window.__reactRouterContext = {};</script>");
    // The module source survives whole, as a string the classic script inserts.
    const literal = /\}\)\((".*")\)<\/script><\/body>/s.exec(html)?.[1];
    expect(JSON.parse(literal!)).toBe('import * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");');
  });

  it("gives the same page whatever the chunk boundaries, Turkish letters split between bytes included", async () => {
    const whole = await through([PAGE]);
    for (const size of [1, 2, 3, 7, 16, 31, 64]) expect(await through(bytePieces(PAGE, size))).toBe(whole);
  });

  it("never lets the module source end its own script element", () => {
    const script = deferredModuleScript('console.log("</script><script>alert(1)</script><!--")');
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("<!--");
  });

  it("passes a page without scripts through untouched", async () => {
    const plain = "<html><body><p>Bakım çalışması: 5 < 6 ve 7 > 3</p></body></html>";
    expect(await through(bytePieces(plain, 5))).toBe(plain);
  });

  it("takes string chunks as they are, and sends a module script cut off by a broken stream out unchanged", async () => {
    expect(await through(["<p>Merhaba</p>", '<link rel="modulepreload" href="/a.js"/><p>son</p>'])).toBe("<p>Merhaba</p><p>son</p>");
    const cut = '<body><script type="module" async="">import("/assets/entry.js");';
    expect(await through(bytePieces(cut, 9))).toBe(cut);
    // A page whose last bytes are a preload link never closed: they are passed on, not lost.
    expect(await through(["<p>a</p>", '<link rel="modulepreload" href="/x.js"'])).toBe('<p>a</p><link rel="modulepreload" href="/x.js"');
  });

  it("writes the inserted script exactly: the module type, on the load event, the source as a string", () => {
    expect(deferredModuleScript('import("/a.js");\u2028')).toBe(
      '<script data-hydration="deferred">(function(t){function go(){var s=document.createElement("script");s.type="module";s.textContent=t;document.body.appendChild(s)}' +
        'document.readyState==="complete"?go():addEventListener("load",go,{once:true})})("import(\\"/a.js\\");\\u2028")</script>',
    );
  });
});
