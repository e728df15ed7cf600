import { getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildFieldProps } from "./conform-props";

const Schema = z.object({
  title: z.string().min(3).max(40),
  note: z.string().max(200).optional(),
  count: z.number().int().min(1).max(10),
  kind: z.enum(["a", "b"]),
  code: z.string().regex(/^[A-Z]+$/).optional(),
  active: z.boolean().optional(),
  logo: z.string().optional(),
});
const fieldProps = buildFieldProps(Schema);
// conform 1.21 derives only `required` from a zod 4 schema; the form's constraint can carry
// every HTML constraint, and each must reach the props as conform's helpers would pass it.
Object.assign(fieldProps.constraint.title!, { minLength: 3, maxLength: 40 });
Object.assign(fieldProps.constraint.count!, { min: 1, max: 10, step: 1 });
Object.assign(fieldProps.constraint.code!, { pattern: "[A-Z]+" });
Object.assign(fieldProps.constraint.kind!, { multiple: false });
Object.assign(fieldProps.constraint.note!, { maxLength: 200 });
Object.assign(fieldProps.constraint.logo!, { accept: "image/png,image/jpeg" });

/** Renders a form as an editor would and returns, per field, conform's props and ours. */
function propsOf(defaultValue: Record<string, string>, lastResult?: SubmissionResult<string[]>) {
  const pairs: Record<string, [unknown, unknown]> = {};
  function Probe() {
    const [, fields] = useForm<z.input<typeof Schema>>({ id: "probe", constraint: fieldProps.constraint, defaultValue, lastResult });
    pairs.title = [getInputProps(fields.title, { type: "text" }), fieldProps.input(fields.title, { type: "text" })];
    pairs.count = [getInputProps(fields.count, { type: "number" }), fieldProps.input(fields.count, { type: "number" })];
    pairs.code = [getInputProps(fields.code, { type: "text" }), fieldProps.input(fields.code, { type: "text" })];
    pairs.active = [getInputProps(fields.active, { type: "checkbox" }), fieldProps.input(fields.active, { type: "checkbox" })];
    pairs.kind = [getSelectProps(fields.kind), fieldProps.select(fields.kind)];
    pairs.note = [getTextareaProps(fields.note), fieldProps.textarea(fields.note)];
    pairs.logo = [getInputProps(fields.logo, { type: "file" }), fieldProps.input(fields.logo, { type: "file" })];
    // Marked invalid by the field's validity rather than its own errors.
    pairs.titleByValidity = [getInputProps(fields.title, { type: "text", ariaInvalid: "allErrors" }), fieldProps.input(fields.title, { type: "text", ariaInvalid: "allErrors" })];
    pairs.countByValidity = [getInputProps(fields.count, { type: "number", ariaInvalid: "allErrors" }), fieldProps.input(fields.count, { type: "number", ariaInvalid: "allErrors" })];
    return null;
  }
  renderToString(<Probe />);
  return pairs;
}

describe("field props read against the form's constraint (issue 8 §5)", () => {
  it("are conform's own props for inputs, a checkbox, a select and a textarea, constraints included", () => {
    const pairs = propsOf({ title: "Hoş geldin", count: "3", kind: "b", note: "Not", active: "on" });
    for (const [name, [conform, ours]] of Object.entries(pairs)) expect(ours, name).toEqual(conform);
    // What the constraint gives, read from the schema and not from conform's field metadata.
    expect(pairs.title![1]).toMatchObject({ id: "probe-title", name: "title", form: "probe", required: true, minLength: 3, maxLength: 40, defaultValue: "Hoş geldin" });
    expect(pairs.count![1]).toMatchObject({ min: 1, max: 10, step: 1, required: true });
    expect(pairs.code![1]).toMatchObject({ pattern: "[A-Z]+" });
    expect(pairs.code![1]).not.toHaveProperty("required");
    expect(pairs.active![1]).toMatchObject({ type: "checkbox", value: "on", defaultChecked: true });
    expect(pairs.note![1]).toMatchObject({ maxLength: 200, defaultValue: "Not" });
    expect(pairs.logo![1]).toMatchObject({ type: "file", accept: "image/png,image/jpeg" });
    expect(pairs.titleByValidity![1]).not.toHaveProperty("aria-invalid");
  });

  it("mark a field the server refused as invalid, pointing at its message, as conform does", () => {
    const refused: SubmissionResult<string[]> = { status: "error", initialValue: { title: "ab" }, error: { title: ["En az 3 karakter olmalıdır"] } };
    const pairs = propsOf({}, refused);
    for (const [name, [conform, ours]] of Object.entries(pairs)) expect(ours, name).toEqual(conform);
    expect(pairs.title![1]).toMatchObject({ "aria-invalid": true, "aria-describedby": "probe-title-error", defaultValue: "ab" });
    expect(pairs.count![1]).not.toHaveProperty("aria-invalid");
    expect(pairs.titleByValidity![1]).toMatchObject({ "aria-invalid": true, "aria-describedby": "probe-title-error" });
  });
});
