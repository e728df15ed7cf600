import { useEffect, useRef, useState, type FormEvent } from "react";
import { firstTabWithErrorsIn, type FormTabSpec } from "~/lib/form-tabs";

/** The name of the button conform submits the form with to validate a field (its intents). */
const CONFORM_INTENT = "__intent__";

/**
 * A tabbed editor's error handling: which tabs hold a field with an error, and, after a
 * submit (in the browser or answered by the server), a jump to the first of them.
 * Call `noteSubmit(event)` from the form's onSubmit.
 */
export function useErrorTabs<Id extends string>(tabs: readonly FormTabSpec<Id>[], hasErrors: (field: string) => boolean, lastResult: unknown, setTab: (id: Id) => void) {
  const errorFields = tabs.flatMap((t) => t.fields).filter(hasErrors);
  const firstErrorTab = firstTabWithErrorsIn(tabs, errorFields);
  const tabsWithErrors = new Set(tabs.filter((t) => t.fields.some((name) => errorFields.includes(name))).map((t) => t.id));

  const jumpPending = useRef(false);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (lastResult) jumpPending.current = true;
  }, [lastResult]);
  useEffect(() => {
    if (jumpPending.current && firstErrorTab) {
      jumpPending.current = false;
      setTab(firstErrorTab);
    }
    // setTab is a state setter: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstErrorTab, lastResult, submits]);

  const noteSubmit = (event: FormEvent<HTMLFormElement>) => {
    // conform revalidates a field as it is typed in by submitting the form with a hidden
    // `__intent__` button: that is no save, and jumping then took the operator's focus and
    // keystrokes to another tab.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT) return;
    jumpPending.current = true;
    setSubmits((n) => n + 1);
  };
  return { tabsWithErrors, noteSubmit };
}

/** The tab buttons of a tabbed editor; a tab holding an error carries a red dot (and says so to screen readers). */
export function FormTabList<Id extends string>({
  label,
  idPrefix,
  tabs,
  current,
  onSelect,
  tabsWithErrors,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly FormTabSpec<Id>[];
  current: Id;
  onSelect: (id: Id) => void;
  tabsWithErrors: ReadonlySet<Id>;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex border-b border-slate-200">
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={current === t.id}
          aria-controls={`${idPrefix}-panel-${t.id}`}
          onClick={() => onSelect(t.id)}
          className={`relative px-5 py-3 text-sm font-semibold ${current === t.id ? "border-b-2 border-brand-600 text-brand-700" : "text-slate-600 hover:text-slate-900"}`}
        >
          {t.label}
          {tabsWithErrors.has(t.id) && (
            <>
              <span aria-hidden="true" className="ml-2 inline-block h-2 w-2 rounded-full bg-red-600 align-middle" />
              <span className="sr-only"> (hatalı alan var)</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
