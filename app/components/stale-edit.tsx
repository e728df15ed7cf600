import type { SubmissionResult } from "@conform-to/react";
import type { MouseEvent } from "react";
import { useLocation } from "react-router";
import { useIsPending, type ListOfErrors } from "~/components/forms";
import { STALE_EDIT_MESSAGE } from "~/lib/validation";

/**
 * Whether the server refused the last save as stale: its reply, not the form's live errors,
 * which conform clears as the operator types (the way on must stay while they merge by
 * hand). A malformed version is refused with the same message under `version`.
 */
function refusedAsStale(lastResult: SubmissionResult<string[]> | undefined): boolean {
  const errors = lastResult?.error;
  return Boolean(errors?.[""]?.includes(STALE_EDIT_MESSAGE) || errors?.version?.length);
}

/** The form's own messages without the stale-edit one, which EditedVersion shows with its ways on. */
export function withoutStaleEdit(errors: ListOfErrors): ListOfErrors {
  return errors?.filter((message) => message !== STALE_EDIT_MESSAGE);
}

/**
 * An editor's hidden `version` (ADR 022), and, when a save was refused because the record
 * changed after the editor was opened, the two ways on: see the record as it is now in a new
 * tab (what was typed here stays), or save this form over it ('Yine de kaydet').
 */
export function EditedVersion({ version, lastResult }: { version: string | undefined; lastResult: SubmissionResult<string[]> | undefined }) {
  const { pathname } = useLocation();
  const pending = useIsPending();
  if (version === undefined) return null;
  return (
    <>
      <input type="hidden" name="version" value={version} />
      {refusedAsStale(lastResult) && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          <p className="w-full text-amber-900">{STALE_EDIT_MESSAGE}</p>
          <a href={pathname} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            Güncel hâlini yeni sekmede aç
          </a>
          <button
            type="button"
            disabled={pending}
            onClick={saveOver}
            className="rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            Yine de kaydet
          </button>
        </div>
      )}
    </>
  );
}

/**
 * Submits the form with `overwrite=on`. Not a submit button itself: Enter in a field presses
 * a form's first submit button, and this one stands above 'Güncelle', so Enter after the
 * refusal saved over the other change. A submitter added at the form's end, as conform adds
 * its own, carries the value instead.
 */
function saveOver(event: MouseEvent<HTMLButtonElement>) {
  const form = event.currentTarget.form;
  if (!form) return;
  const submitter = document.createElement("button");
  submitter.type = "submit";
  submitter.name = "overwrite";
  submitter.value = "on";
  submitter.hidden = true;
  form.append(submitter);
  try {
    form.requestSubmit(submitter);
  } finally {
    submitter.remove();
  }
}
