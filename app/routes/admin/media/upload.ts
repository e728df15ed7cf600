import { data } from "react-router";
import type { Route } from "./+types/upload";
import { actorOf } from "~/lib/command.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { isMediaBucket, MEDIA_MESSAGES } from "~/modules/media/media.schema";
import { uploadImage } from "~/modules/media/media.server";

/** Nothing to show: uploads are posted by the image field. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data({ ok: false, message: "Bu adres yalnızca dosya yüklemeyi (POST) kabul eder." }, { status: 405, headers: { Allow: "POST" } });
}

/** A write a page of another site asked the browser for (server/request-guards.ts checks it first). */
function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/**
 * POST /admin/media/upload?bucket=promotions: one image posted as the multipart field
 * `file`; answers `{ ok: true, url }` or `{ ok: false, message }` with a 4xx status. The
 * admin check comes first, so no stranger's byte is ever written to disk.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const refuse = (status: number, message: string, headers?: HeadersInit) => {
    // One line per refused upload, never a stack.
    console.warn(`upload refused (${status}): ${message}`);
    return Response.json({ ok: false, message }, { status, headers });
  };
  if (request.method !== "POST") return refuse(405, "Bu adres yalnızca dosya yüklemeyi (POST) kabul eder.", { Allow: "POST" });
  if (isCrossSite(request)) return refuse(403, MEDIA_MESSAGES.crossSite);
  const bucket = new URL(request.url).searchParams.get("bucket");
  if (!isMediaBucket(bucket)) return refuse(400, MEDIA_MESSAGES.unknownBucket);

  const result = await uploadImage(bucket, request, actorOf(admin, context));
  // The rest of an oversize body is not read: the connection is closed instead.
  if (!result.ok) return refuse(result.status, result.message, result.status === 413 ? { Connection: "close" } : undefined);
  return Response.json({ ok: true, url: result.url, width: result.width, height: result.height });
}
