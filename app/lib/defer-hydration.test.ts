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

/** The classic script a browser gets in place of the module script, around the source as a JSON string. */
const LOADER =
  '<script data-hydration="deferred">(function(t){function go(){var s=document.createElement("script");s.type="module";s.textContent=t;document.body.appendChild(s)}' +
  'document.readyState==="complete"?go():addEventListener("load",go,{once:true})})(';
const LOADER_END = ")</script>";

/** PAGE as a browser should receive it: no preload links, the module script started on load. */
const PAGE_OUT = [
  '<!DOCTYPE html><html lang="tr"><head><link rel="stylesheet" href="/assets/root-C.css"/></head>',
  "<body><h1>Bonuslar — Işıltı</h1><script>window.__reactRouterContext = {};</script>",
  LOADER,
  '"import * as route0 from \\"/assets/root-B.js\\";\\nwindow.__reactRouterRouteModules = {\\"root\\":route0};\\nimport(\\"/assets/entry.client-A.js\\");"',
  LOADER_END,
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
    expect(await through([PAGE])).toBe(PAGE_OUT);
    for (let size = 1; size <= Buffer.byteLength(PAGE); size++) expect(await through(bytePieces(PAGE, size)), `pieces of ${size} bytes`).toBe(PAGE_OUT);
  });

  it("keeps an emoji whole wherever the chunks are cut", async () => {
    // An emoji is two UTF-16 units; cut between them, each half would go out as a replacement character.
    const page = "<main><h2>🎰 Hoş geldin bonusu 🔥</h2><p>Çevrim şartı yok, hemen başla 🎁</p><p>Son gün: 30 Kasım</p></main>";
    for (let size = 1; size <= Buffer.byteLength(page); size++) expect(await through(bytePieces(page, size)), `pieces of ${size} bytes`).toBe(page);
    // The first and the last letter outside the basic plane are two units as well.
    const edges = "<p>Düzlemin ilk harfi \u{10000} ve son harfi \u{10FFFD}, ardından otuz birden uzun bir satır.</p>";
    for (let size = 1; size <= Buffer.byteLength(edges); size++) expect(await through(bytePieces(edges, size)), `pieces of ${size} bytes`).toBe(edges);
  });

  it("finds the end of a short module script cut at any byte, however long its source", async () => {
    // The end tag can arrive split between two chunks after a source of any length.
    for (const source of ["go()", "hydrate();", "import('/a.js');", "import('/assets/a.js');", "import('/assets/entry-Q.js');", "import('/assets/entry.client-QWERTY.js');"]) {
      const page = `<body><script type="module" async="">${source}</script><p>son</p></body>`;
      const expected = `<body>${LOADER}"${source}"${LOADER_END}<p>son</p></body>`;
      for (let cut = 1; cut < page.length; cut++) expect(await through([page.slice(0, cut), page.slice(cut)]), `${source} cut at ${cut}`).toBe(expected);
    }
  });

  it("drops a preload link and defers the module script in whichever order they come", async () => {
    // A streamed part of the page (a suspended section) can bring a preload link after the module script.
    const page = '<body><script type="module" async="">import("/a.js");</script><link rel="modulepreload" href="/b.js"/><p>son</p></body>';
    expect(await through([page])).toBe(`<body>${LOADER}"import(\\"/a.js\\");"${LOADER_END}<p>son</p></body>`);
  });

  it("never lets the module source end its own script element", () => {
    const script = deferredModuleScript('console.log("</script><script>alert(1)</script><!--")');
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("<!--");
    // The `<` are escaped, not dropped: the module the browser inserts is the source as written.
    expect(script).toBe(LOADER + '"console.log(\\"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--\\")"' + LOADER_END);
  });

  it("hands the browser the module source letter for letter, line and paragraph separators included", () => {
    const source = 'import("/a.js");\u2028if (1 < 2) hydrate();\u2029// son';
    const script = deferredModuleScript(source);
    expect(script).toBe(LOADER + '"import(\\"/a.js\\");\\u2028if (1 \\u003c 2) hydrate();\\u2029// son"' + LOADER_END);
    // What the inline script's string literal evaluates to in the browser.
    expect(JSON.parse(script.slice(LOADER.length, -LOADER_END.length))).toBe(source);
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
