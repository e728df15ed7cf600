import { useLocation } from "react-router";
import type { ListOfErrors } from "~/components/forms";
import { STALE_EDIT_MESSAGE } from "~/lib/validation";

/**
 * An editor's hidden `version` (ADR 022), and, when a save was refused because the record
 * changed after the editor was opened, the two ways on: see the record as it is now in a new
 * tab (what was typed here stays), or save this form over it ('Yine de kaydet').
 */
export function EditedVersion({ version, formErrors }: { version: string | undefined; formErrors: ListOfErrors }) {
  const { pathname } = useLocation();
  if (version === undefined) return null;
  return (
    <>
      <input type="hidden" name="version" value={version} />
      {formErrors?.includes(STALE_EDIT_MESSAGE) && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          <a href={pathname} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            Güncel hâlini yeni sekmede aç
          </a>
          <button type="submit" name="overwrite" value="on" className="rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50">
            Yine de kaydet
          </button>
        </div>
      )}
    </>
  );
}
