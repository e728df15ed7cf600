import type { Route } from "./+types/publish-function";
import { handlePublishFunction, type FunctionReply } from "~/modules/publishing/publish-function.server";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";

// admin.md §7 "Server functions": POST /api/functions/{scheduled-blog-publisher,
// publish-scheduled-blogs, publish-blogs-public}, one module under three ids. The answers
// depend on who asks and change state: never stored anywhere.
const NO_STORE = { "Cache-Control": "private, no-store" };

function answer(reply: FunctionReply): Response {
  return Response.json(reply.body, { status: reply.status, headers: { ...NO_STORE, ...reply.headers } });
}

export function loader() {
  return answer({ status: 405, body: { success: false, publishedCount: 0, message: REQUEST_MESSAGES.postOnly }, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answer(await handlePublishFunction(request, context));
}
