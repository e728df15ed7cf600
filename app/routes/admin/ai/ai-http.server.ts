import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { getEnv } from "~/env.server";
import { refusedPartsOf } from "~/lib/form-action.server";
import { logRefusal, readBoundedForm, REQUEST_MESSAGES } from "~/lib/request-body.server";
import { requireAdmin, type AdminIdentity } from "~/modules/auth/auth.server";
import type { AiFailureReason } from "~/modules/ai/ai.server";

// The AI routes answer JSON to the browser's fetch calls: `{ ok: true, ... }`, or
// `{ ok: false, error }` with a 4xx, 502 (the model failed) or 503 (no key configured).
// Every one of them checks the admin first, so a stranger is sent to sign-in like
// everywhere else in the back office.

function failureResponse(status: number, error: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ ok: false, error, ...extra }, { status, headers: status === 405 ? { Allow: "POST" } : undefined });
}

/**
 * A failed call's answer. A 4xx is the request's fault: one log line with the Turkish text
 * the dialog shows (ours, never what was typed), never a stack. A 5xx is the model's or the
 * configuration's, which ai.server.ts reports where it happens.
 */
export function jsonFailure(request: Request, status: number, error: string): Response {
  if (status >= 400 && status < 500) logRefusal(request, status, `AI call refused: ${error}`);
  return failureResponse(status, error);
}

/** The loader of a POST-only route: the admin check first, then 405. */
export async function postOnlyLoader(request: Request, context: AppLoadContext): Promise<Response> {
  await requireAdmin(request, context);
  return jsonFailure(request, 405, REQUEST_MESSAGES.postOnly);
}

/** What status a failed call answers with. */
export function statusOfFailure(reason: AiFailureReason): number {
  if (reason === "not-configured") return 503;
  if (reason === "invalid") return 400;
  return 502;
}

type Parsed<S extends z.ZodType> = { ok: true; admin: AdminIdentity; value: z.output<S> } | { ok: false; response: Response };

/**
 * Checks the admin, reads the bounded form (lib/request-body.server.ts) and parses it with
 * the schema the browser used too (conform's parseWithZod, as every admin action): a body
 * that is not a bounded form is refused with its status and message; bad input is a 400
 * with the first Turkish message and each field's messages.
 */
export async function readAiForm<S extends z.ZodType>(request: Request, context: AppLoadContext, schema: S): Promise<Parsed<S>> {
  const admin = await requireAdmin(request, context);
  if (request.method !== "POST") return { ok: false, response: jsonFailure(request, 405, REQUEST_MESSAGES.postOnly) };
  const body = await readBoundedForm(request, getEnv().MAX_ADMIN_BODY_BYTES);
  // readBoundedForm has logged its refusal: a second line would count it twice.
  if (!body.ok) return { ok: false, response: failureResponse(body.status, body.message) };
  const submission = parseWithZod(body.form, { schema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
    const first = Object.values(fieldErrors)[0]?.[0] ?? REQUEST_MESSAGES.badRequest;
    logRefusal(request, 400, `form refused: ${refusedPartsOf(submission.reply())}`);
    return { ok: false, response: failureResponse(400, first, { fieldErrors }) };
  }
  return { ok: true, admin, value: submission.value };
}
