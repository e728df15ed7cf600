import { data } from "react-router";
import { actorOf } from "~/lib/command.server";
import { editedId, readForm, submitForm } from "~/lib/form-action.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { PROMOTION_MESSAGES, PromotionFormSchema } from "~/modules/promotions/promotions.schema";
import { getPromotionForEdit, listPromotionEditorOptions, savePromotion } from "~/modules/promotions/promotions.server";
import { redirectWithToast } from "~/lib/toast.server";

type Args = { request: Request; params: { id?: string }; context: { clientAddress: string } };

/** The promotion to edit (or none for a new one) and the editor's selects; a 404 for an unknown id. */
export async function loadPromotionEditor({ request, params, context }: Args) {
  await requireAdmin(request, context);
  const id = editedId(params, PROMOTION_MESSAGES.notFound);
  if (!id) return { promotion: null, options: await listPromotionEditorOptions(null) };
  const promotion = await getPromotionForEdit(id);
  if (!promotion) throw data({ message: PROMOTION_MESSAGES.notFound }, 404);
  return { promotion, options: await listPromotionEditorOptions(promotion) };
}

/** The one action of the new and edit screens (STYLE.md: new and edit share one action). */
export async function action({ request, params, context }: Args) {
  const admin = await requireAdmin(request, context);
  const id = editedId(params, PROMOTION_MESSAGES.notFound, request);
  const formData = await readForm(request);
  return submitForm(
    request,
    formData,
    PromotionFormSchema,
    (input) => savePromotion(actorOf(admin, context), id, input),
    // An activation queued the page for IndexNow inside the save; nothing here waits for it.
    () => redirectWithToast(request, "/admin/promotions", { type: "success", message: id ? PROMOTION_MESSAGES.updated : PROMOTION_MESSAGES.created }),
    id ? PROMOTION_MESSAGES.updateFailed() : PROMOTION_MESSAGES.createFailed(),
  );
}
