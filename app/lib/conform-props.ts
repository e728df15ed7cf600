import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

/** A field's constraint as conform derives it from the schema (`getZodConstraint`). */
type FieldConstraint = { required?: boolean; minLength?: number; maxLength?: number; min?: string | number; max?: string | number; step?: string | number; pattern?: string; multiple?: boolean };

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
 * an editor's server render (issue 8 §5, ADR 021 addendum 2). The field's id, name, errors
 * and initial value are still read from conform, so it re-renders a field on the same
 * changes as before (reading a constraint subscribes to nothing), and the props are conform's
 * helpers' own output. Built at module level, once per schema.
 */
export function fieldPropsFor(schema: z.ZodType) {
  const constraint: Record<string, FieldConstraint> = getZodConstraint(schema);
  const snapshot = (field: AnyField): AnyField => {
    const { required, minLength, maxLength, min, max, step, pattern, multiple } = constraint[field.name] ?? {};
    return {
      id: field.id,
      name: field.name,
      formId: field.formId,
      errorId: field.errorId,
      errors: field.errors,
      initialValue: field.initialValue,
      required,
      minLength,
      maxLength,
      min,
      max,
      step,
      pattern,
      multiple,
    } as unknown as AnyField;
  };
  return {
    constraint,
    input: (field: AnyField, options: InputOptions) => getInputProps(snapshot(field), options),
    select: (field: AnyField, options?: SelectOptions) => getSelectProps(snapshot(field), options),
    textarea: (field: AnyField, options?: TextareaOptions) => getTextareaProps(snapshot(field), options),
  };
}
