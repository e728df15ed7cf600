import type { Route } from "./+types/bulk-job";
import { actorOf } from "~/lib/command.server";
import { AI_MESSAGES, BulkJobIntentSchema, type AiBulkDiscardAnswer, type AiBulkJobAnswer, type AiBulkSaveAnswer } from "~/modules/ai/ai.schema";
import { discardBulkJob, getBulkJob, saveBulkJob } from "~/modules/ai/bulk.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { jsonFailure, readAiForm } from "./ai-http.server";

/** GET /admin/ai/bulk/{id}: the run's status, per-post progress and results (without the posts' content). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const job = await getBulkJob(params.id);
  if (!job) return jsonFailure(request, 404, AI_MESSAGES.jobNotFound);
  return Response.json({ ok: true, job } satisfies AiBulkJobAnswer);
}

/** POST /admin/ai/bulk/{id}: intent=save (publishCount) saves the results; intent=discard drops them. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, BulkJobIntentSchema);
  if (!form.ok) return form.response;
  const actor = actorOf(form.admin, context);
  const result = form.value.intent === "save" ? await saveBulkJob(actor, params.id, form.value.publishCount) : await discardBulkJob(actor, params.id);
  if (!result.ok) return jsonFailure(request, result.status, result.error);
  return Response.json({ ok: true, ...result.value } satisfies AiBulkSaveAnswer | AiBulkDiscardAnswer);
}
