import { data } from "react-router";
import { requireAdmin } from "~/modules/auth/auth.server";
import { actorOf } from "~/lib/command.server";
import { editedId, readForm, submitForm } from "~/lib/form-action.server";
import { CASINO_MESSAGES, CasinoFormSchema } from "~/modules/casinos/casinos.schema";
import { getCasinoForEdit, saveCasino } from "~/modules/casinos/casinos.server";
import { redirectWithToast } from "~/lib/toast.server";

type Args = { request: Request; params: { id?: string }; context: { clientAddress: string } };

/** The casino to edit, or a 404 the error boundary shows. */
export async function loadCasinoEditor({ request, params, context }: Args) {
  await requireAdmin(request, context);
  const id = editedId(params, CASINO_MESSAGES.notFound);
  if (!id) return { casino: null };
  const casino = await getCasinoForEdit(id);
  if (!casino) throw data({ message: CASINO_MESSAGES.notFound }, 404);
  return { casino };
}

/** The one action of the new and edit screens (STYLE.md: new and edit share one action). */
export async function action({ request, params, context }: Args) {
  const admin = await requireAdmin(request, context);
  const id = editedId(params, CASINO_MESSAGES.notFound, request);
  const formData = await readForm(request);
  return submitForm(
    request,
    formData,
    CasinoFormSchema,
    (input) => saveCasino(actorOf(admin, context), id, input),
    () => redirectWithToast(request, "/admin/casinos", { type: "success", message: id ? CASINO_MESSAGES.updated : CASINO_MESSAGES.created }),
    CASINO_MESSAGES.saveFailed,
  );
}
