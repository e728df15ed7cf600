import type { z } from "zod";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per field, for showing beside the inputs. */
export function fieldErrorsOf<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form") as K;
    errors[key] ??= issue.message;
  }
  return errors;
}
