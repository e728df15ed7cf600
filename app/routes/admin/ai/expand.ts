import type { Route } from "./+types/expand";
import { AiContentFormSchema, type AiExpandAnswer } from "~/modules/ai/ai.schema";
import { expandContent } from "~/modules/ai/ai.server";
import { jsonFailure, postOnlyLoader, readAiForm, statusOfFailure } from "./ai-http.server";

export const loader = ({ request, context }: Route.LoaderArgs) => postOnlyLoader(request, context);

/** POST /admin/ai/expand (title, content): the content with at least 200 more words; nothing is stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, AiContentFormSchema);
  if (!form.ok) return form.response;
  const result = await expandContent(form.value.title, form.value.content, { signal: request.signal });
  if (!result.ok) return jsonFailure(request, statusOfFailure(result.reason), result.message);
  return Response.json({ ok: true, content: result.value.content, wordCount: result.value.wordCount } satisfies AiExpandAnswer);
}
