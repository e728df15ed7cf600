import http from "node:http";

/**
 * Issue 7, finding 8: the table of hostile inputs every endpoint that takes input must
 * survive. Each answer is a 4xx with a Turkish message; nothing is stored; the server logs at
 * most one line and never a stack. ADD EVERY NEW FORM AND ENDPOINT HERE: the rows run through
 * the production build in-process on both drivers (server/hostile-inputs.server.test.ts) and
 * through a spawned server (tests/e2e/hostile-inputs.test.ts).
 *
 * Endpoints that never read their body (sign-out, post view) get only the cases that reach
 * them before routing: a body's content type is nothing to them.
 */

export type HostileTargets = { promotionId: string; postId: string; sessionCookie: string };
export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean };
export type HostileCase = { endpoint: string; input: string; request: (t: HostileTargets) => RawRequest; status: number; message: string };
export type RawResponse = { status: number; contentType: string; headers: http.IncomingHttpHeaders; body: string };

const MESSAGES = {
  url: "Adres geçersiz karakterler içeriyor.",
  type: "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın.",
  unreadable: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.",
  tooLarge: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin.",
  crossSite: "Bu işlem yalnızca sitenin kendi sayfalarından yapılabilir.",
  badRequest: "Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.",
  postOnly: "Bu adres yalnızca POST isteklerini kabul eder.",
};

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const EVIL = { Origin: "https://evil.example" };
/** Past every default body limit (64 KB public), still quick to send. */
const OVERSIZE = "a".repeat(300 * 1024);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const multipart = (fields: Record<string, string>) => {
  const parts = Object.entries(fields).map(([name, value]) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: `${parts.join("")}--xyz--\r\n` };
};

/**
 * The cases every body-reading form gets, for `path` and a valid set of `fields`; a NUL in
 * `firstField` must get that field's own message, `nulMessage`.
 */
function formCases(endpoint: string, path: (t: HostileTargets) => string, fields: Record<string, string>, firstField: string, nulMessage: string): HostileCase[] {
  const post = (t: HostileTargets, extra: Partial<RawRequest>): RawRequest => ({ method: "POST", path: path(t), ...extra });
  return [
    { endpoint, input: "a NUL byte in a field", request: (t) => post(t, { headers: FORM, body: form({ ...fields, [firstField]: "a\u0000b" }) }), status: 400, message: nulMessage },
    { endpoint, input: "a NUL byte in a multipart field", request: (t) => post(t, multipart({ ...fields, [firstField]: "a\u0000b" })), status: 400, message: nulMessage },
    { endpoint, input: "a JSON body", request: (t) => post(t, { headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }), status: 415, message: MESSAGES.type },
    { endpoint, input: "a text body", request: (t) => post(t, { headers: { "Content-Type": "text/plain" }, body: form(fields) }), status: 415, message: MESSAGES.type },
    { endpoint, input: "a body without a content type", request: (t) => post(t, { body: form(fields) }), status: 415, message: MESSAGES.type },
    { endpoint, input: "a broken multipart body", request: (t) => post(t, { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "no parts here" }), status: 400, message: MESSAGES.unreadable },
    { endpoint, input: "a multipart body without a boundary", request: (t) => post(t, { headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\n" }), status: 400, message: MESSAGES.unreadable },
    { endpoint, input: "an oversize body", request: (t) => post(t, { headers: FORM, body: form({ ...fields, [firstField]: OVERSIZE }) }), status: 413, message: MESSAGES.tooLarge },
    { endpoint, input: "an oversize chunked body", request: (t) => post(t, { headers: FORM, body: form({ ...fields, [firstField]: OVERSIZE }), chunked: true }), status: 413, message: MESSAGES.tooLarge },
    { endpoint, input: "a post from another site", request: (t) => post(t, { headers: { ...FORM, ...EVIL }, body: form(fields) }), status: 403, message: MESSAGES.crossSite },
    { endpoint, input: "a NUL byte in the query", request: (t) => post(t, { path: `${path(t)}?x=%00`, headers: FORM, body: form(fields) }), status: 400, message: MESSAGES.url },
  ];
}

/** Past the admin forms' 1 MB limit (MAX_ADMIN_BODY_BYTES). */
const ADMIN_OVERSIZE = "a".repeat(1100 * 1024);

/**
 * The cases of a signed-in admin's form: what reaches the route (a NUL in a field gets the
 * field's message), and what the guards refuse before it. The admin's session rides along,
 * so a refusal here is never the sign-in redirect.
 */
function adminFormCases(endpoint: string, path: string, fields: Record<string, string>, firstField: string, nulMessage: string): HostileCase[] {
  const post = (t: HostileTargets, headers: Record<string, string>, body: string): RawRequest => ({ method: "POST", path, headers: { ...headers, Cookie: t.sessionCookie }, body });
  return [
    { endpoint, input: "a NUL byte in a field", request: (t) => post(t, FORM, form({ ...fields, [firstField]: "a\u0000b" })), status: 400, message: nulMessage },
    { endpoint, input: "a JSON body", request: (t) => post(t, { "Content-Type": "application/json" }, JSON.stringify(fields)), status: 415, message: MESSAGES.type },
    { endpoint, input: "a body over the admin limit", request: (t) => post(t, FORM, form({ ...fields, [firstField]: ADMIN_OVERSIZE })), status: 413, message: MESSAGES.tooLarge },
    { endpoint, input: "a post from another site", request: (t) => post(t, { ...FORM, ...EVIL }, form(fields)), status: 403, message: MESSAGES.crossSite },
  ];
}

const blogPost = { title: "Saldırgan yazısı", category: "Rehber", excerpt: "Kaydedilmemesi gereken bir özet.", content: `<p>${"kelime ".repeat(20)}</p>`, imageUrl: "", seoTitle: "", seoDescription: "", seoKeywords: "", slug: "" };

const promotionForm = { title: "Saldırgan bonusu", shortDescription: "Kaydedilmemesi gereken bir bonus.", fullDescription: "", url: "https://example.com/saldiri", terms: "", casinoId: "", categoryId: "", imageUrl: "", promotionCode: "", expiryDate: "", isActive: "on" };

const commentPath = (t: HostileTargets) => `/api/promotions/${t.promotionId}/comments`;
const comment = { userName: "Saldırgan", comment: "Bu yorum kaydedilmemeli", rating: "5" };
const login = { email: "yok@example.com", password: "yanlis-sifre" };

export const HOSTILE_CASES: HostileCase[] = [
  // POST /api/promotions/{id}/comments
  ...formCases("comment API", commentPath, comment, "userName", "Kullanıcı adı geçersiz karakterler içeriyor"),
  { endpoint: "comment API", input: "a NUL byte in the comment", request: (t) => ({ method: "POST", path: commentPath(t), headers: FORM, body: form({ ...comment, comment: "Mer\u0000haba" }) }), status: 400, message: "Yorum geçersiz karakterler içeriyor" },
  { endpoint: "comment API", input: "an escape code in the comment", request: (t) => ({ method: "POST", path: commentPath(t), headers: FORM, body: form({ ...comment, comment: "Merhaba\u001b[2J" }) }), status: 400, message: "Yorum geçersiz karakterler içeriyor" },
  { endpoint: "comment API", input: "a name over 60 characters", request: (t) => ({ method: "POST", path: commentPath(t), headers: FORM, body: form({ ...comment, userName: "a".repeat(61) }) }), status: 400, message: "Kullanıcı adı en fazla 60 karakter olabilir" },
  { endpoint: "comment API", input: "a comment over 2,000 characters", request: (t) => ({ method: "POST", path: commentPath(t), headers: FORM, body: form({ ...comment, comment: "b".repeat(2001) }) }), status: 400, message: "Yorum en fazla 2000 karakter olabilir" },
  { endpoint: "comment API", input: "a NUL byte as the promotion id", request: () => ({ method: "POST", path: "/api/promotions/%00/comments", headers: FORM, body: form(comment) }), status: 400, message: MESSAGES.url },

  // POST /admin/login
  ...formCases("sign-in", () => "/admin/login", login, "email", "Geçerli bir email adresi giriniz"),
  { endpoint: "sign-in", input: "a 3 KB email", request: () => ({ method: "POST", path: "/admin/login", headers: FORM, body: form({ ...login, email: `${"a".repeat(3000)}@example.com` }) }), status: 400, message: "Geçerli bir email adresi giriniz" },

  // POST /admin/logout, with a live session that must survive
  ...[
    ["Origin of another site", EVIL],
    ["Origin null (a sandboxed page)", { Origin: "null" }],
    ["Referer of another site", { Referer: "https://evil.example/page" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site", Origin: "https://other.bonus.example" }],
  ].map(([input, headers]): HostileCase => ({
    endpoint: "sign-out",
    input: `a post with ${input as string}`,
    request: (t) => ({ method: "POST", path: "/admin/logout", headers: { ...FORM, ...(headers as Record<string, string>), Cookie: t.sessionCookie }, body: "" }),
    status: 403,
    message: MESSAGES.crossSite,
  })),
  { endpoint: "sign-out", input: "an oversize body", request: (t) => ({ method: "POST", path: "/admin/logout", headers: { ...FORM, Cookie: t.sessionCookie }, body: OVERSIZE }), status: 413, message: MESSAGES.tooLarge },
  { endpoint: "sign-out", input: "a NUL byte in the query", request: (t) => ({ method: "POST", path: "/admin/logout?x=%00", headers: { ...FORM, Cookie: t.sessionCookie }, body: "" }), status: 400, message: MESSAGES.url },

  // Back office II (issue 9): the blog editor and the AI routes, signed in
  ...adminFormCases("blog editor", "/admin/blog/new", blogPost, "title", "Geçersiz karakter içeriyor"),
  {
    // The page rendered for the refusal read the doubled field as a list (a 500 once).
    endpoint: "promotion editor",
    input: "a bonus amount posted twice",
    request: (t) => ({ method: "POST", path: "/admin/promotions/new", headers: { ...FORM, Cookie: t.sessionCookie }, body: `${form(promotionForm)}&bonusAmount=5&bonusAmount=6` }),
    status: 400,
    message: "Geçersiz değer",
  },
  ...adminFormCases("AI SEO", "/admin/ai/seo", { title: "Başlık", content: "<p>İçerik metni</p>" }, "content", "Geçersiz karakter içeriyor"),
  ...adminFormCases("AI bulk run", "/admin/ai/bulk", { topic: "çevrim şartı", count: "3", perDay: "1" }, "topic", "Geçersiz karakter içeriyor"),

  // POST /api/blog/{id}/view
  { endpoint: "post view", input: "a NUL byte as the post id", request: () => ({ method: "POST", path: "/api/blog/%00/view" }), status: 400, message: MESSAGES.url },
  { endpoint: "post view", input: "an oversize body", request: (t) => ({ method: "POST", path: `/api/blog/${t.postId}/view`, headers: FORM, body: OVERSIZE }), status: 413, message: MESSAGES.tooLarge },
  { endpoint: "post view", input: "a post from another site", request: (t) => ({ method: "POST", path: `/api/blog/${t.postId}/view`, headers: EVIL }), status: 403, message: MESSAGES.crossSite },

  // The two POST-only APIs read with another method (their loaders answered the JSON `null` and logged nothing)
  ...(["GET", "OPTIONS", "PUT", "DELETE"] as const).flatMap((method): HostileCase[] => [
    { endpoint: "comment API", input: `a ${method}`, request: (t) => ({ method, path: commentPath(t) }), status: 405, message: MESSAGES.postOnly },
    { endpoint: "post view", input: `a ${method}`, request: (t) => ({ method, path: `/api/blog/${t.postId}/view` }), status: 405, message: MESSAGES.postOnly },
  ]),

  // GET pages
  ...["/bonuslar?q=%00", "/blog/%00", "/blog/%00.data", "/%00", "/casino/%00", "/promotion?id=%00", "/bonuslar/%00/x", "/sitemaps/%00.xml", "/guvenilir-siteler?sayfa=%00", "/git/%ff", "/bonuslar/%e0%a4%a/x", "/blog/%.data"].map(
    (path): HostileCase => ({ endpoint: "pages", input: `GET ${path}`, request: () => ({ method: "GET", path }), status: 400, message: MESSAGES.url }),
  ),
  { endpoint: "pages", input: "a Host header with a space", request: () => ({ method: "GET", path: "/", headers: { Host: "a b" } }), status: 400, message: MESSAGES.badRequest },
  { endpoint: "pages", input: "an absolute-form request target", request: () => ({ method: "GET", path: "http://evil.example/" }), status: 400, message: MESSAGES.badRequest },
  { endpoint: "pages", input: "a TRACE request", request: () => ({ method: "TRACE", path: "/" }), status: 405, message: MESSAGES.badRequest },
  ...["/sitemaps/9.xml", "/sitemaps/0.xml", "/sitemaps/x.xml"].map(
    (path): HostileCase => ({ endpoint: "pages", input: `GET ${path} (no such sitemap part)`, request: () => ({ method: "GET", path }), status: 404, message: "Site haritası bulunamadı." }),
  ),
  { endpoint: "pages", input: "a GET with an oversize body", request: () => ({ method: "GET", path: "/bonuslar", headers: FORM, body: OVERSIZE }), status: 413, message: MESSAGES.tooLarge },
];

/**
 * Sends one request exactly as given, over a fresh connection unless an agent is given, and
 * reads the answer. (fetch would refuse some of these, or lose the answer when the server
 * stops reading the body.)
 */
export function sendRaw(base: string, request: RawRequest, agent: http.Agent | false = false): Promise<RawResponse> {
  // Always the server under test, even for an absolute-form target like "http://evil.example/".
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined && !request.chunked) headers["Content-Length"] = Buffer.byteLength(request.body);
    if (request.chunked) headers["Transfer-Encoding"] = "chunked";
    // path: keeps the URL's escapes as they are (URL would keep them too; no normalisation).
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, contentType: String(res.headers["content-type"] ?? ""), headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // Once answered, the server may close before reading the whole body: that is the point.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (request.body === undefined) return void req.end();
    if (!request.chunked) return void req.end(request.body);
    // Chunked: several writes, so the server sees a stream without a length.
    const body = Buffer.from(request.body);
    for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
    req.end();
  });
}
