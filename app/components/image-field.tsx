import { useState } from "react";
import { ErrorList, type ListOfErrors } from "./forms";

export type MediaBucket = "promotions" | "blog-images" | "splash-ads";

// admin.md §2/§4: an image chosen by upload or by URL. A stand-in until the media module
// lands: URL entry only. Whatever the tabs do, the form posts one URL string under `name`.
export function ImageField({
  id,
  name,
  label,
  defaultValue = "",
  errors,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  bucket: MediaBucket;
  defaultValue?: string | null;
  errors?: ListOfErrors;
  hint?: string;
}) {
  const [value, setValue] = useState(defaultValue ?? "");
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {value && <img src={value} alt="Önizleme" className="mt-2 max-h-40 rounded-lg border border-slate-200" />}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
