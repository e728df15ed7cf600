import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { CommandResult, FieldErrors } from "./command.server";
import { readBoundedForm } from "./request-body.server";

// The admin action's middle, written once (ADR 003): parse the form with the screen's
// schema, answer 400 with conform's reply when it fails, run the command, answer 400 with
// its field errors merged into the reply, or hand the saved value to onSuccess.
/**
 * The posted form, bounded and checked (lib/request-body.server.ts): JSON, text, a broken
 * or oversize body is a 4xx with a Turkish message, never a 500. Control characters are
 * each schema's to refuse (lib/validation.ts), so the message stands beside the field.
 */
export async function readForm(request: Request): Promise<FormData> {
  const body = await readBoundedForm(request);
  if (!body.ok) throw data({ message: body.message }, body.status);
  return body.form;
}

/** conform keeps form-level messages apart; commands put them under "". */
export function splitErrors(errors: FieldErrors): { fieldErrors: FieldErrors; formErrors: string[] } {
  const { "": formErrors = [], ...fieldErrors } = errors;
  return { fieldErrors, formErrors };
}

export async function submitForm<Schema extends z.ZodType, T>(
  formData: FormData,
  schema: Schema,
  command: (value: z.output<Schema>) => Promise<CommandResult<T>>,
  onSuccess: (value: T) => Response | Promise<Response>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const result = await command(submission.value);
  if (!result.ok) return data({ result: submission.reply(splitErrors(result.fieldErrors)) }, 400);
  return onSuccess(result.value);
}
