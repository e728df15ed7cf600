import type { Route } from "./+types/bulk";
import { actorOf } from "~/lib/command.server";
import { AiBulkFormSchema, type AiBulkStartAnswer } from "~/modules/ai/ai.schema";
import { startBulkJob } from "~/modules/ai/bulk.server";
import { jsonFailure, postOnlyLoader, readAiForm } from "./ai-http.server";

export const loader = ({ request, context }: Route.LoaderArgs) => postOnlyLoader(request, context);

/** POST /admin/ai/bulk (topic, count, perDay): queues a bulk run; the dialog then polls /admin/ai/bulk/{id}. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, AiBulkFormSchema);
  if (!form.ok) return form.response;
  const result = await startBulkJob(actorOf(form.admin, context), form.value);
  if (!result.ok) return jsonFailure(request, result.status, result.error);
  return Response.json({ ok: true, jobId: result.value.jobId } satisfies AiBulkStartAnswer, { status: 202 });
}
