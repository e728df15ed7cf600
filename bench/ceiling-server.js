// The ceiling: a bare node:http server answering stored bytes from memory, as fast as any
// Node server on this machine can. Reads {path: {body(base64), contentType}} on stdin.
// Any /git/ path gets a bare 302, the ceiling of the outbound redirect.
import http from "node:http";

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const pages = new Map(Object.entries(JSON.parse(input)).map(([path, page]) => [path, { ...page, body: Buffer.from(page.body, "base64") }]));
  const server = http.createServer((req, res) => {
    if (req.url.startsWith("/git/")) return res.writeHead(302, { Location: "https://example.com/", "X-Robots-Tag": "noindex", "Content-Length": 0 }).end();
    const page = pages.get(req.url);
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": page.contentType, "Content-Encoding": "gzip", "Content-Length": page.body.length });
    res.end(page.body);
  });
  server.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`));
});
