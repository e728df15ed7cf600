// The floor of React's server renderer for one page (ADR 021): the page's elements and text
// as a static React tree (no component, hook, data or router), rendered the two ways React
// offers on Node. Usage, with the site running:
//   node bench/render-floor.mjs http://127.0.0.1:3000/bonuslar
// htmlparser2 comes with sanitize-html. Measured here, never in tests.
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";

process.env.NODE_ENV ??= "production";
const { parseDocument } = await import("htmlparser2");
const React = (await import("react")).default;
const { renderToString, renderToPipeableStream } = await import("react-dom/server");

const url = process.argv[2];
if (!url) {
  console.error("Usage: node bench/render-floor.mjs <page URL>");
  process.exit(2);
}
const html = await (await globalThis.fetch(url, { headers: { cookie: "__fresh=1" } })).text();
const VOID = new Set(["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const propName = (name) => (name === "class" ? "className" : name === "for" ? "htmlFor" : name);

function toElement(node, key) {
  if (node.type === "text") return node.data;
  if (node.type === "script" || node.type === "style") {
    return React.createElement(node.name, { key, dangerouslySetInnerHTML: { __html: node.children.map((child) => child.data).join("") } });
  }
  if (node.type !== "tag") return null;
  const props = { key };
  for (const [name, value] of Object.entries(node.attribs)) if (name !== "style") props[propName(name)] = value;
  const children = VOID.has(node.name) ? [] : node.children.map(toElement).filter((child) => child !== null);
  return React.createElement(node.name, props, ...children);
}

const root = parseDocument(html).children.find((node) => node.name === "html");
const tree = () => toElement(root, "html");
const streamed = () =>
  new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree(), {
      onAllReady: () => pipe(new Writable({ write: (_chunk, _encoding, done) => done(), final: (done) => (done(), resolve()) })),
      onShellError: reject,
    });
  });

const RUNS = 400;
const time = async (render) => {
  for (let i = 0; i < 50; i++) await render();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await render();
  return ((performance.now() - started) / RUNS).toFixed(2);
};
console.log(`${url}: ${(html.match(/<[a-zA-Z]/g) ?? []).length} elements, ${Math.round(html.length / 1024)} KB`);
console.log(`renderToString: ${await time(() => renderToString(tree()))} ms a render`);
console.log(`renderToPipeableStream: ${await time(streamed)} ms a render`);
