import { data } from "react-router";
import { requireAdmin } from "~/modules/auth/auth.server";
import { actorOf } from "~/lib/command.server";
import { editedId, readForm, submitForm } from "~/lib/form-action.server";
import { SPLASH_AD_MESSAGES, SplashAdFormSchema } from "~/modules/splash-ads/splash-ads.schema";
import { getSplashAdForEdit, listSplashAdCasinoOptions, saveSplashAd } from "~/modules/splash-ads/splash-ads.server";
import { redirectWithToast } from "~/lib/toast.server";

type Args = { request: Request; params: { id?: string }; context: { clientAddress: string } };

/** The splash ad to edit (a 404 the error boundary shows when missing) and the casinos to choose from. */
export async function loadSplashAdEditor({ request, params, context }: Args) {
  await requireAdmin(request, context);
  const id = editedId(params, SPLASH_AD_MESSAGES.notFound);
  const splashAd = id ? await getSplashAdForEdit(id) : null;
  if (id && !splashAd) throw data({ message: SPLASH_AD_MESSAGES.notFound }, 404);
  return { splashAd, casinos: await listSplashAdCasinoOptions(splashAd?.casinoId ?? null) };
}

/** The one action of the new and edit screens. */
export async function action({ request, params, context }: Args) {
  const admin = await requireAdmin(request, context);
  const id = editedId(params, SPLASH_AD_MESSAGES.notFound, request);
  const formData = await readForm(request);
  return submitForm(
    request,
    formData,
    SplashAdFormSchema,
    (input) => saveSplashAd(actorOf(admin, context), id, input),
    () => redirectWithToast(request, "/admin/splash-ads", { type: "success", message: id ? SPLASH_AD_MESSAGES.updated : SPLASH_AD_MESSAGES.created }),
  );
}
