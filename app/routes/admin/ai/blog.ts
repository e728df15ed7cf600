import type { Route } from "./+types/blog";
import { AiBlogFormSchema, type AiBlogAnswer } from "~/modules/ai/ai.schema";
import { generateBlogPost } from "~/modules/ai/ai.server";
import { jsonFailure, postOnlyLoader, readAiForm, statusOfFailure } from "./ai-http.server";

export const loader = ({ request, context }: Route.LoaderArgs) => postOnlyLoader(request, context);

/** POST /admin/ai/blog (topic): one generated post for the editor; nothing is stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, AiBlogFormSchema);
  if (!form.ok) return form.response;
  const result = await generateBlogPost(form.value.topic, { signal: request.signal });
  if (!result.ok) return jsonFailure(request, statusOfFailure(result.reason), result.message);
  const { wordCount, warning, ...post } = result.value;
  return Response.json({ ok: true, post, wordCount, ...(warning ? { warning } : {}) } satisfies AiBlogAnswer);
}
