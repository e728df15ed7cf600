import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { CommandResult, FieldErrors } from "./command.server";

// The admin action's middle, written once (ADR 003): parse the form with the screen's
// schema, answer 400 with conform's reply when it fails, run the command, answer 400 with
// its field errors merged into the reply, or hand the saved value to onSuccess.
export const BAD_FORM_MESSAGE = "Form verisi okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.";

/** The posted form; a body that is not a form is a 400 with a Turkish message, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: BAD_FORM_MESSAGE }, 400);
  }
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
