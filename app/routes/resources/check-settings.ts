import { data } from "react-router";
import type { Route } from "./+types/check-settings";
import { getAdmin } from "~/modules/auth/auth.server";
import { SETTINGS_MESSAGES } from "~/modules/content/content.schema";
import { ensureSettingsRows } from "~/modules/content/content.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

// DESIGN.md: GET /api/admin/check-settings makes sure the single settings (and hero) row
// exists and answers {success, error}. An API answers JSON, so a caller without an admin
// session gets a 401 body instead of the sign-in page's redirect.
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getAdmin(request, context))) return data({ success: false, error: SETTINGS_MESSAGES.unauthorized }, { status: 401, headers: NO_STORE });
  try {
    await ensureSettingsRows();
    return data({ success: true, error: null }, { headers: NO_STORE });
  } catch (error) {
    console.error(`check-settings failed: ${error instanceof Error ? error.message : String(error)}`);
    return data({ success: false, error: SETTINGS_MESSAGES.checkFailed }, { status: 500, headers: NO_STORE });
  }
}
