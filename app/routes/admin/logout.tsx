import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/modules/auth/auth.server";
import { LOGIN_MESSAGES } from "~/modules/auth/auth.schema";
import { redirectWithToast } from "~/lib/toast.server";

// Signing out changes state, so only a POST does it.
export function loader() {
  return redirect("/admin/login");
}

// A post from another site never gets here: server/request-guards.ts refuses cross-site writes.
export async function action({ request, context }: Route.ActionArgs) {
  const clearCookie = await signOut(request, context);
  return redirectWithToast(request, "/admin/login", { type: "success", message: LOGIN_MESSAGES.signedOut }, new Headers({ "Set-Cookie": clearCookie }));
}
