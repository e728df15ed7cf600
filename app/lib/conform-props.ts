import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

type InputOptions = Parameters<typeof getInputProps>[1];
type SelectOptions = Parameters<typeof getSelectProps>[1];
type TextareaOptions = Parameters<typeof getTextareaProps>[1];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
type AnyField = FieldMetadata<any, any, any>;

/**
 * A form's constraint, derived once from its schema (give it to `useForm({ constraint })`),
 * and conform's getInputProps, getSelectProps and getTextareaProps reading each field's
 * constraint from it instead of through the field's metadata: conform builds a new Proxy for
 * every property read there, and its helpers read nine constraint properties a field, half of
 * an editor's server render (issue 8 §5, ADR 021 addendum 2). The props are conform's
 * helpers' own output. The field's id, name, errors and initial value are still read from
 * conform (its validity too, with `ariaInvalid: "allErrors"`), so a field re-renders on the
 * same changes as before (reading a constraint subscribes to nothing); with
 * `ariaAttributes: false` or `value: false`, where conform's helpers skip the errors or the
 * initial value, these still read them: a re-render more, never other props. Built at
 * module level, once per schema.
 */
export function buildFieldProps(schema: z.ZodType) {
  const constraint = getZodConstraint(schema);
  // Every helper's options may ask for `ariaInvalid: "allErrors"` (except where aria is off).
  const snapshot = (field: AnyField, options?: object): AnyField => {
    const { required, minLength, maxLength, min, max, step, pattern, multiple, accept } = constraint[field.name] ?? {};
    return {
      id: field.id,
      name: field.name,
      formId: field.formId,
      errorId: field.errorId,
      errors: field.errors,
      valid: (options as { ariaInvalid?: unknown } | undefined)?.ariaInvalid === "allErrors" ? field.valid : undefined,
      initialValue: field.initialValue,
      required,
      minLength,
      maxLength,
      min,
      max,
      step,
      pattern,
      multiple,
      accept,
    } as unknown as AnyField;
  };
  return {
    constraint,
    input: (field: AnyField, options: InputOptions) => getInputProps(snapshot(field, options), options),
    select: (field: AnyField, options?: SelectOptions) => getSelectProps(snapshot(field, options), options),
    textarea: (field: AnyField, options?: TextareaOptions) => getTextareaProps(snapshot(field, options), options),
  };
}
