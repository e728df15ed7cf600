import { createCookie, type Cookie } from "react-router";
import { getSessionSecret } from "./secret.server";

/** True when the visitor reached us over HTTPS (directly or through a trusted proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

const cookies = new Map<string, Cookie>();

/** A signed, httpOnly, SameSite=Lax cookie; Secure is added per request behind HTTPS. */
export function signedCookie(name: string, maxAgeSeconds?: number): Cookie {
  let cookie = cookies.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [getSessionSecret()],
    });
    cookies.set(name, cookie);
  }
  return cookie;
}
