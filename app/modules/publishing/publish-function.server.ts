import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { actorOf, type Actor } from "~/lib/command.server";
import { logRefusal, readBoundedBody, REQUEST_MESSAGES } from "~/lib/request-body.server";
import { getAdmin } from "~/modules/auth/auth.server";
import { PUBLISHING_MESSAGES, PublishFunctionBodySchema, type PublishFunctionAnswer } from "./publishing.schema";
import { cronActor, publishNow, runDuePublishing } from "./publishing.server";

/**
 * admin.md §7 "Server functions" (issue 9 §6): POST /api/functions/scheduled-blog-publisher,
 * /publish-scheduled-blogs and /publish-blogs-public, one handler. Allowed for a signed-in
 * admin (the session cookie; cross-site cookie requests are refused before routing by
 * server/request-guards.ts) or for `Authorization: Bearer <PUBLISH_CRON_SECRET>`. A request
 * that sends an Authorization header is judged by it alone.
 */

// `{"manual": true}` is 16 bytes; a kilobyte leaves room for whitespace and nothing else.
export const MAX_FUNCTION_BODY_BYTES = 1024;

export type FunctionReply = { status: number; body: PublishFunctionAnswer; headers?: Record<string, string> };

/** Constant-time comparison of the presented and the configured secret (hashed first: equal lengths). */
export function secretMatches(presented: string, secret: string | undefined): boolean {
  if (!secret) return false;
  const digest = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest();
  return crypto.timingSafeEqual(digest(presented), digest(secret));
}

async function callerOf(request: Request, context: { clientAddress: string }, secret: string | undefined): Promise<Actor | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    return bearer && secretMatches(bearer[1]!, secret) ? cronActor(context.clientAddress) : null;
  }
  const admin = await getAdmin(request, context);
  return admin ? actorOf(admin, context) : null;
}

type Body = { ok: true; manual: boolean } | { ok: false; reply: FunctionReply };

const refused = (status: number, message: string): FunctionReply => ({ status, body: { success: false, publishedCount: 0, message } });

/** The JSON body, read up to MAX_FUNCTION_BODY_BYTES. An empty body is `{}` (a cron's plain POST). */
async function readBody(request: Request): Promise<Body> {
  const bytes = await readBoundedBody(request, MAX_FUNCTION_BODY_BYTES);
  if (!bytes) return { ok: false, reply: refused(413, PUBLISHING_MESSAGES.badBody) };
  const text = bytes.toString("utf8").trim();
  if (text === "") return { ok: true, manual: false };
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  // Only JSON: a browser cannot send it to another site without asking first (CORS preflight).
  if (mediaType !== "application/json") return { ok: false, reply: refused(415, PUBLISHING_MESSAGES.badBody) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reply: refused(400, PUBLISHING_MESSAGES.badBody) };
  }
  const parsed = PublishFunctionBodySchema.safeParse(json);
  if (!parsed.success) return { ok: false, reply: refused(400, PUBLISHING_MESSAGES.badBody) };
  return { ok: true, manual: parsed.data.manual === true };
}

/**
 * Runs a publishing function for `request`. `manual: true` publishes up to the daily count
 * now (publishNow); otherwise only due work is done (runDuePublishing), as the scheduler does.
 */
export async function handlePublishFunction(
  request: Request,
  context: { clientAddress: string },
  /** `secret` replaces PUBLISH_CRON_SECRET (given as undefined: no secret configured); `now` the clock. */
  options: { secret?: string | undefined; now?: Date } = {},
): Promise<FunctionReply> {
  const reply = await replyTo(request, context, options);
  // A refused call (no or a wrong secret, a body that is not the JSON asked for) is one log
  // line naming the refusal, never the secret or the body sent.
  if (reply.status >= 400 && reply.status < 500) logRefusal(request, reply.status, `function call refused: ${reply.body.message}`);
  return reply;
}

async function replyTo(request: Request, context: { clientAddress: string }, options: { secret?: string | undefined; now?: Date }): Promise<FunctionReply> {
  if (request.method !== "POST") return { ...refused(405, REQUEST_MESSAGES.postOnly), headers: { Allow: "POST" } };
  const secret = "secret" in options ? options.secret : getEnv().PUBLISH_CRON_SECRET;
  const actor = await callerOf(request, context, secret);
  if (!actor) return { ...refused(401, PUBLISHING_MESSAGES.unauthorized), headers: { "WWW-Authenticate": "Bearer" } };
  const body = await readBody(request);
  if (!body.ok) return body.reply;
  const now = options.now ?? new Date();
  try {
    if (body.manual) {
      const result = await publishNow(actor, now);
      if (!result.ok) return { status: 200, body: { success: false, publishedCount: 0, message: result.fieldErrors[""]?.[0] ?? PUBLISHING_MESSAGES.failed } };
      return { status: 200, body: { success: true, publishedCount: result.value.length, message: PUBLISHING_MESSAGES.published(result.value.length) } };
    }
    const run = await runDuePublishing(actor, now);
    const message =
      run.status === "published"
        ? PUBLISHING_MESSAGES.published(run.published.length)
        : run.status === "no-drafts"
          ? PUBLISHING_MESSAGES.noDrafts
          : run.status === "not-due"
            ? PUBLISHING_MESSAGES.notDue
            : PUBLISHING_MESSAGES.inactive;
    return { status: 200, body: { success: true, publishedCount: run.published.length, message } };
  } catch (error) {
    console.error(`Publishing function failed: ${error instanceof Error ? error.message : String(error)}`);
    return refused(500, PUBLISHING_MESSAGES.failed);
  }
}
