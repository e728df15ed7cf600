import type { Route } from "./+types/share-image";
import { readShareCardFileName, renderShareCard, SHARE_CARD_CACHE_CONTROL, SHARE_CARD_TYPE } from "~/modules/seo/share-image.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

function notFound(): Response {
  return new Response("Görsel bulunamadı", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });
}

/**
 * GET /og/{payload}.{signature}.jpg: a page's share card (og:image, issue 10 §2). The name
 * says what the card shows and changes whenever the card would, so it is cached for a year.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const card = readShareCardFileName(params.file);
  if (!card) return notFound();
  const etag = `"${params.file.slice(-26, -4)}"`;
  const headers = { "Content-Type": SHARE_CARD_TYPE, "Cache-Control": SHARE_CARD_CACHE_CONTROL, ETag: etag };
  const conditional = request.headers.get("If-None-Match");
  if (conditional && conditional.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  const bytes = await renderShareCard(card);
  const sized = { ...headers, "Content-Length": String(bytes.length) };
  if (request.method === "HEAD") return new Response(null, { headers: sized });
  return new Response(new Uint8Array(bytes), { headers: sized });
}
