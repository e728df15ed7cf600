import type { Route } from "./+types/outbound";
import { answerOutbound } from "~/modules/outbound/outbound.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

/**
 * Issue 11 §3: GET (and HEAD) /git/{casinoSlug} and /git/{casinoSlug}/{promotionSlug}: 302 to
 * the casino's or promotion's current target, the click counted; 404 when there is none.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerOutbound(request, { casinoSlug: params.casinoSlug, promotionSlug: "promotionSlug" in params ? (params.promotionSlug ?? null) : null }, context);
}
