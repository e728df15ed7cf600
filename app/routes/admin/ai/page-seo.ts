import type { Route } from "./+types/page-seo";
import { AI_MESSAGES, AiPageSeoFormSchema, pageSeoErrorMessage, type AiPageSeoAnswer } from "~/modules/ai/ai.schema";
import { suggestPageSeo } from "~/modules/ai/ai.server";
import { collectPageText } from "~/modules/ai/page-text.server";
import { jsonFailure, postOnlyLoader, readAiForm, statusOfFailure } from "./ai-http.server";

export const loader = ({ request, context }: Route.LoaderArgs) => postOnlyLoader(request, context);

/**
 * POST /admin/ai/page-seo (pageName, pagePath): three suggestions for the SEO settings
 * screen. The page's text is collected here, from its public content, not sent by the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAiForm(request, context, AiPageSeoFormSchema);
  if (!form.ok) return form.response;
  const pageText = await collectPageText(form.value.pagePath);
  const result = await suggestPageSeo(form.value.pageName, pageText, { signal: request.signal });
  if (!result.ok) {
    // admin.md §8 "SEO": an unreadable answer and other failures read differently.
    const error = result.reason === "unparseable" || result.reason === "empty" ? AI_MESSAGES.pageSeoUnparseable : pageSeoErrorMessage(result.message);
    return jsonFailure(request, statusOfFailure(result.reason), error);
  }
  return Response.json({ ok: true, suggestions: result.value } satisfies AiPageSeoAnswer);
}
