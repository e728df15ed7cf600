/** A tab of a tabbed editor (admin.md §2: promotion and blog post forms) and the fields on it. */
export type FormTabSpec<Id extends string = string> = { readonly id: Id; readonly label: string; readonly fields: readonly string[] };

/** The first tab, in order, holding one of these fields: a failed save opens it. */
export function firstTabWithErrorsIn<Id extends string>(tabs: readonly FormTabSpec<Id>[], errorFields: Iterable<string>): Id | null {
  const names = new Set(errorFields);
  return tabs.find((tab) => tab.fields.some((field) => names.has(field)))?.id ?? null;
}
