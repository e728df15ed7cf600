import { useState } from "react";
import { ErrorList, type ListOfErrors } from "./forms";

// admin.md §2 "Rich-text editor": a stand-in with the editor's props until the TipTap
// toolbar lands; it posts the HTML under `name` just as the editor will.
export function RichTextEditor({
  id,
  name,
  label,
  defaultValue = "",
  minHeight = 300,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  minHeight?: number;
  errors?: ListOfErrors;
}) {
  const [value, setValue] = useState(defaultValue);
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        style={{ minHeight }}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
