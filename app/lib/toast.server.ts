import { redirect } from "react-router";
import { isSecureRequest, signedCookie } from "~/lib/cookie.server";
import { isFlashToast, type FlashToast } from "./toast";

// A toast that survives one redirect: set by an action, read once by the root loader.
export const TOAST_COOKIE = "__toast";

function toastCookie() {
  return signedCookie(TOAST_COOKIE, 60);
}

/** Headers carrying a toast to show on the next page. */
export async function withToast(request: Request, toast: FlashToast, headers = new Headers()): Promise<Headers> {
  headers.append("Set-Cookie", await toastCookie().serialize(toast, { secure: isSecureRequest(request) }));
  return headers;
}

export async function redirectWithToast(request: Request, url: string, toast: FlashToast, headers = new Headers()) {
  return redirect(url, { headers: await withToast(request, toast, headers) });
}

/** The pending toast, if any, and the Set-Cookie header that consumes it. */
export async function takeToast(request: Request): Promise<{ toast: FlashToast | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(TOAST_COOKIE)) return { toast: null, setCookie: null };
  const value: unknown = await toastCookie().parse(header);
  const setCookie = await toastCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
  return { toast: isFlashToast(value) ? value : null, setCookie };
}
