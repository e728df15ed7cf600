import type { Route } from "./+types/seo";
import { AiContentFormSchema, type AiSeoAnswer } from "~/modules/ai/ai.schema";
import { generateSeo } from "~/modules/ai/ai.server";
import { jsonFailure, postOnlyLoader, readAiForm, statusOfFailure } from "./ai-http.server";

export const loader = ({ request, context }: Route.LoaderArgs) => postOnlyLoader(request, context);

/** POST /admin/ai/seo (title, content): SEO title, description and keywords; nothing is stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, AiContentFormSchema);
  if (!form.ok) return form.response;
  const result = await generateSeo(form.value.title, form.value.content, { signal: request.signal });
  if (!result.ok) return jsonFailure(request, statusOfFailure(result.reason), result.message);
  return Response.json({ ok: true, seo: result.value } satisfies AiSeoAnswer);
}
