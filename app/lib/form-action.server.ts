import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { CommandResult, FieldErrors } from "./command.server";
import { getEnv } from "~/env.server";
import { isUuid } from "./ids";
import { logRefusal, readBoundedForm } from "./request-body.server";

// The admin action's middle, written once (ADR 003): parse the form with the screen's
// schema, answer 400 with conform's reply when it fails, run the command, answer 400 with
// its field errors merged into the reply, or hand the saved value to onSuccess.
/**
 * The posted form, bounded and checked (lib/request-body.server.ts): JSON, text, a broken
 * or oversize body is a 4xx with a Turkish message, never a 500. Control characters are
 * each schema's to refuse (lib/validation.ts), so the message stands beside the field.
 */
export async function readForm(request: Request): Promise<FormData> {
  const body = await readBoundedForm(request, getEnv().MAX_ADMIN_BODY_BYTES);
  if (!body.ok) throw data({ message: body.message }, body.status);
  return body.form;
}

/**
 * The record an editor's URL names: none on the new screen. A malformed id names no record:
 * the page and its save answer 404 (the error boundary's text) without asking the database,
 * the save before its body is read. Given the request (a save), the refusal is logged as one
 * line, as every refused form is.
 */
export function editedId(params: { id?: string }, notFoundMessage: string, request?: Request): string | null {
  if (params.id === undefined) return null;
  if (!isUuid(params.id)) {
    if (request) logRefusal(request, 404, `form refused: ${notFoundMessage}`);
    throw data({ message: notFoundMessage }, 404);
  }
  return params.id;
}

/**
 * The action of a back-office page that takes no form, after its admin check (so a stranger's
 * POST is still sent to sign-in): 405 with the error page's text, logged as one line.
 */
export function refusePageForm(request: Request): never {
  logRefusal(request, 405, "form refused: the page takes no form");
  throw data({ message: "Bu sayfa form kabul etmiyor." }, 405);
}

/** conform keeps form-level messages apart; commands put them under "". */
export function splitErrors(errors: FieldErrors): { fieldErrors: FieldErrors; formErrors: string[] } {
  const { "": formErrors = [], ...fieldErrors } = errors;
  return { fieldErrors, formErrors };
}

/** What failed in a refused form, for the log: the fields' names and the form's own messages, never what was typed. */
export function refusedPartsOf(result: SubmissionResult<string[]>): string {
  const parts = Object.entries(result.error ?? {})
    .filter(([, messages]) => messages && messages.length > 0)
    .map(([name, messages]) => (name === "" ? messages!.join(" ") : name));
  return parts.join(", ").slice(0, 200) || "no field named";
}

/**
 * A refused admin form: conform's reply (the schema's errors, or those given) at `status`,
 * and one log line naming what failed (non-negotiable: bad input logs one line, never a stack).
 */
export function refuseSubmission(request: Request, submission: { reply(options?: { formErrors?: string[]; fieldErrors?: FieldErrors }): SubmissionResult<string[]> }, status: number, options?: { formErrors?: string[]; fieldErrors?: FieldErrors }) {
  const result = submission.reply(options);
  logRefusal(request, status, `form refused: ${refusedPartsOf(result)}`);
  return data({ result }, status);
}

/** What the form says when saving failed for a reason that is not the operator's (admin.md §8). */
export const SAVE_FAILED_MESSAGE = "Kaydedilirken bir hata oluştu: Bilinmeyen hata";

export async function submitForm<Schema extends z.ZodType, T>(
  request: Request,
  formData: FormData,
  schema: Schema,
  command: (value: z.output<Schema>) => Promise<CommandResult<T>>,
  onSuccess: (value: T) => Response | Promise<Response>,
  failureMessage: string = SAVE_FAILED_MESSAGE,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  let result: CommandResult<T>;
  try {
    result = await command(submission.value);
  } catch (error) {
    // The operator keeps the form and what they typed; the details go to the log only.
    console.error(`Save failed: ${error instanceof Error ? error.message : String(error)}`);
    return data({ result: submission.reply({ formErrors: [failureMessage] }) }, 500);
  }
  if (!result.ok) return refuseSubmission(request, submission, 400, splitErrors(result.fieldErrors));
  return onSuccess(result.value);
}
