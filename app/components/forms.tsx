import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useNavigation, type Navigation } from "react-router";

// The admin form kit (ADR 003): every field shows its label, its input and the messages
// conform gives it (the same zod schema ran in the browser or in the action).
export type ListOfErrors = Array<string | null | undefined> | null | undefined;

const INPUT_CLASS =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500";

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {shown.map((message) => (
        <li key={message} className="text-sm text-red-600">
          {message}
        </li>
      ))}
    </ul>
  );
}

type FieldShell = { label: ReactNode; errors?: ListOfErrors; hint?: ReactNode; className?: string };

function useFieldIds(givenId: string | undefined, errors: ListOfErrors) {
  const fallback = useId();
  const id = givenId ?? fallback;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return { id, errorId };
}

export function Field({ label, errors, hint, className, inputProps }: FieldShell & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const { id, errorId } = useFieldIds(inputProps.id, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input {...inputProps} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={INPUT_CLASS} />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({ label, errors, hint, className, textareaProps }: FieldShell & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const { id, errorId } = useFieldIds(textareaProps.id, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea {...textareaProps} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={INPUT_CLASS} />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  selectProps,
  children,
}: FieldShell & { selectProps: SelectHTMLAttributes<HTMLSelectElement>; children: ReactNode }) {
  const { id, errorId } = useFieldIds(selectProps.id, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select {...selectProps} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={INPUT_CLASS}>
        {children}
      </select>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({ label, errors, className, inputProps }: FieldShell & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const { id, errorId } = useFieldIds(inputProps.id, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input {...inputProps} type="checkbox" id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className="h-4 w-4 rounded border-slate-300" />
        {label}
      </label>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * True while this page's form is being submitted (or its redirect is loading). On a page
 * with several forms, `intent` names the one asked about (STYLE.md: forms are told apart by
 * an `intent` field), so one form's save does not show another's button as busy.
 */
export function useIsPending(which: PendingForm = {}): boolean {
  return isPendingSubmission(useNavigation(), which);
}

type PendingForm = { formAction?: string; intent?: string };

/** useIsPending's rule, apart from the hook: a non-GET submission, of that action and intent when named. */
export function isPendingSubmission(navigation: Pick<Navigation, "state" | "formMethod" | "formAction" | "formData">, { formAction, intent }: PendingForm = {}): boolean {
  if (navigation.state === "idle" || !navigation.formMethod || navigation.formMethod.toUpperCase() === "GET") return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/** admin.md §2: the save button reads 'Kaydediliyor...' while the form is pending. */
export function SubmitButton({ children, pending, className = "", ...props }: InputHTMLAttributes<HTMLButtonElement> & { children: ReactNode; pending: boolean }) {
  return (
    <button
      {...(props as React.ButtonHTMLAttributes<HTMLButtonElement>)}
      type="submit"
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={`rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 ${className}`}
    >
      {pending ? "Kaydediliyor..." : children}
    </button>
  );
}
