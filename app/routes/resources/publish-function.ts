import type { Route } from "./+types/publish-function";
import { handlePublishFunction, type FunctionReply } from "~/modules/publishing/publish-function.server";

// admin.md §7 "Server functions": POST /api/functions/{scheduled-blog-publisher,
// publish-scheduled-blogs, publish-blogs-public}, one module under three ids. The answers
// depend on who asks and change state: never stored anywhere.
const NO_STORE = { "Cache-Control": "private, no-store" };

function answer(reply: FunctionReply): Response {
  return Response.json(reply.body, { status: reply.status, headers: { ...NO_STORE, ...reply.headers } });
}

/** A GET is refused by the handler as any other method but POST (405, one log line). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answer(await handlePublishFunction(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answer(await handlePublishFunction(request, context));
}
