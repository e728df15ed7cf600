import type { Route } from "./+types/media";
import { isMediaBucket } from "~/modules/media/media.schema";
import { findMediaFile } from "~/modules/media/media.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

// A file's name is never reused (a new upload gets a new name), so browsers and CDNs may
// keep it for a year without asking again. (X-Content-Type-Options: nosniff comes from
// helmet on every answer.)
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Görsel bulunamadı", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/** GET /media/{bucket}/{file}: an uploaded image, by a name the server made. */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isMediaBucket(params.bucket)) return notFound();
  const file = await findMediaFile(params.bucket, params.file);
  if (!file) return notFound();
  const headers = {
    "Content-Type": file.type,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: file.etag,
  };
  const conditional = request.headers.get("If-None-Match");
  if (conditional && conditional.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const sized = { ...headers, "Content-Length": String(file.size) };
  if (request.method === "HEAD") return new Response(null, { headers: sized });
  return new Response(file.open(), { headers: sized });
}
