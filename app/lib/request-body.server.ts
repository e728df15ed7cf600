import { parse } from "@conform-to/react";
import { getEnv } from "~/env.server";

/** What a visitor reads when a request is refused before any form rules run. */
export const REQUEST_MESSAGES = {
  tooLarge: "Gönderilen içerik çok büyük. Lütfen daha kısa bir içerikle tekrar deneyin.",
  unsupportedType: "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın.",
  unreadable: "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.",
  invalidUrl: "Adres geçersiz karakterler içeriyor.",
  crossSite: "Bu işlem yalnızca sitenin kendi sayfalarından yapılabilir.",
  badRequest: "Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.",
  postOnly: "Bu adres yalnızca POST isteklerini kabul eder.",
  getOnly: "Bu adres yalnızca GET isteklerini kabul eder.",
  preconditionFailed: "İsteğin ön koşulu sağlanmadı.",
  rangeNotSatisfiable: "İstenen bayt aralığı dosyada yok.",
  notServed: "İstek karşılanamadı.",
} as const;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * One line per refused request, never a stack: these are a client's mistakes, not ours. The
 * path is cut at 200 characters and quoted, so a hostile one cannot forge log lines.
 */
export function logRefusal(request: Request, status: number, reason: string): void {
  console.warn(`${status} ${request.method} ${JSON.stringify(new URL(request.url).pathname.slice(0, 200))}: ${reason}`);
}

/**
 * The action of a route that is only read (a file, a feed, a redirect, a check): a form or
 * any other method gets 405 in Turkish with `Allow`, logged as one line. Without an action,
 * React Router answers such a request in English ("Unexpected Server Error").
 */
export function refuseUnlessRead({ request }: { request: Request }): Response {
  logRefusal(request, 405, "this address is only read (GET, HEAD)");
  return Response.json({ message: REQUEST_MESSAGES.getOnly }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

/**
 * The loader of an address that only takes POST (the comment and view APIs), and its action
 * for any other method: 405 in Turkish with `Allow: POST`, logged as one line. A thrown
 * `data(null, 405)` answered the JSON `null` and logged nothing.
 */
export function refuseUnlessPost({ request }: { request: Request }): Response {
  logRefusal(request, 405, "this address only takes POST");
  return Response.json({ message: REQUEST_MESSAGES.postOnly }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Reads a browser form body of at most maxBytes. JSON, text, a broken multipart body or an
 * oversize body are refused with a status and a Turkish message instead of an exception:
 * none of these come from our pages. The server (server/request-guards.ts) already refused
 * oversize bodies before the route ran; this bound also holds where an action is called
 * directly. Control characters (NUL, which PostgreSQL cannot store, among them) are each
 * form's schema's to refuse, so that the message stands beside the field.
 */
export async function readBoundedForm(request: Request, maxBytes: number = getEnv().MAX_BODY_BYTES): Promise<FormBody> {
  const refuse = (status: 400 | 413 | 415, message: string, reason: string): FormBody => {
    logRefusal(request, status, reason);
    return { ok: false, status, message };
  };
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return refuse(415, REQUEST_MESSAGES.unsupportedType, `body of type ${JSON.stringify(mediaType.slice(0, 100))}, not a form`);
  const body = await readBoundedBody(request, maxBytes);
  if (!body) return refuse(413, REQUEST_MESSAGES.tooLarge, `body over the limit of ${maxBytes} bytes`);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return refuse(400, REQUEST_MESSAGES.unreadable, "form body could not be parsed");
  }
  if (CONTROL_FIELDS.some((name) => form.has(name))) return refuse(400, REQUEST_MESSAGES.unreadable, "conform's control fields (__intent__, __state__) sent");
  if (!fieldCountReadable(form)) return refuse(400, REQUEST_MESSAGES.unreadable, `more than ${MAX_FORM_FIELDS} fields`);
  if (!fieldNamesReadable(form)) return refuse(400, REQUEST_MESSAGES.unreadable, "field names nest too deep or skip list indexes");
  return { ok: true, form };
}

/**
 * conform, which reads every back-office form, takes `__intent__` and `__state__` as JSON of
 * its own shape, and its reply carries them back into the page, which conform renders with
 * them: a hand-made body crashed the action (`__state__` of `{`) or the page's render
 * (`{"type":"validate","payload":null}`), or hung the server (an update at index
 * 4294967294). Our pages never send them: every form validates in the browser (onValidate),
 * where conform resolves its intents, and none renders conform's FormStateInput. So a body
 * that carries them is refused, however it is written.
 */
const CONTROL_FIELDS = ["__intent__", "__state__"];

/**
 * More fields than any of our forms posts (the largest, a bulk AI run's save, has about a
 * hundred). conform's parse, which every form goes through twice, slows quadratically with
 * the repeats of one name: 21,000 empty `a=` fields, 63 KB under the public body limit, held
 * the whole server for 3 to 6 seconds a request (a hostile run); 1,000 take 6 ms.
 */
const MAX_FORM_FIELDS = 1000;

function fieldCountReadable(form: FormData): boolean {
  let fields = 0;
  for (const _entry of form.keys()) if (++fields > MAX_FORM_FIELDS) return false;
  return true;
}

/** Deeper than any name our forms use (one word; a list of objects would be three). */
const MAX_NAME_DEPTH = 8;

/**
 * conform reads `a[2].b` as a path and answers a refused form with the value it built, walked
 * recursively: a name 3,000 levels deep overflowed the stack (500 and a stack), and one index
 * of 4294967294 made a list whose four billion empty slots kept the server busy for minutes.
 * A list on our pages has no gaps, and no name nests deeper than MAX_NAME_DEPTH.
 */
function fieldNamesReadable(form: FormData): boolean {
  let payload: unknown;
  try {
    parse(form, {
      resolve: (value) => {
        payload = value;
        return {};
      },
    });
  } catch {
    return false;
  }
  const pending: { value: unknown; depth: number }[] = [{ value: payload, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== "object" || value === null || value instanceof File) continue;
    if (depth > MAX_NAME_DEPTH) return false;
    const children = Object.values(value);
    if (Array.isArray(value) && children.length !== value.length) return false;
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return true;
}

/**
 * The body of at most maxBytes, or null when it is larger (told by Content-Length, or
 * found while reading: the read stops there and nothing more is buffered).
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks, size);
}
