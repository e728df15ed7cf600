import { describe, expect, it } from "vitest";
import { redirectWithToast, takeToast, withToast } from "./toast.server";

/** The attributes of a Set-Cookie header, lower-cased, without the name=value pair. */
function attributes(setCookie: string): string[] {
  return setCookie.split(/;\s*/).slice(1).map((attribute) => attribute.toLowerCase());
}

/** The name=value pair a browser sends back for a Set-Cookie header. */
function sentBack(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("flash toasts", () => {
  it("carries a toast over a redirect to the next page, which shows it once and clears the cookie", async () => {
    const response = await redirectWithToast(new Request("http://bonus.example/admin/casinos/new", { method: "POST" }), "/admin/casinos", {
      type: "success",
      message: "Casino başarıyla eklendi",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/casinos");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie.startsWith("__toast=")).toBe(true);
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["max-age=60", "httponly", "samesite=lax", "path=/"]));
    expect(attributes(setCookie)).not.toContain("secure");

    const next = new Request("http://bonus.example/admin/casinos", { headers: { Cookie: `oturum=abc; ${sentBack(setCookie)}` } });
    const { toast, setCookie: clearing } = await takeToast(next);
    expect(toast).toEqual({ type: "success", message: "Casino başarıyla eklendi" });
    expect(clearing!.startsWith("__toast=")).toBe(true);
    expect(attributes(clearing!)).toContain("max-age=0");
    expect(attributes(clearing!)).not.toContain("secure");
  });

  it("marks the toast cookie and the one that clears it Secure over HTTPS", async () => {
    const headers = await withToast(new Request("https://bonus.example/admin/casinos/new", { method: "POST" }), { type: "error", message: "Kaydedilemedi" });
    const setCookie = headers.get("Set-Cookie")!;
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["secure", "max-age=60"]));

    const { toast, setCookie: clearing } = await takeToast(new Request("https://bonus.example/admin/casinos", { headers: { Cookie: sentBack(setCookie) } }));
    expect(toast).toEqual({ type: "error", message: "Kaydedilemedi" });
    expect(attributes(clearing!)).toEqual(expect.arrayContaining(["secure", "max-age=0"]));
  });

  it("keeps the headers it was given beside the toast cookie", async () => {
    const headers = await withToast(new Request("http://bonus.example/admin"), { type: "blank", message: "Bilgi" }, new Headers({ "Cache-Control": "no-store" }));
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Set-Cookie")!.startsWith("__toast=")).toBe(true);
  });

  it.each([
    ["no cookies at all", undefined],
    ["only other cookies (a signed-in admin's session)", "__session=abc.def; tercih=koyu"],
  ])("shows no toast and sets no cookie for a page request with %s", async (_case, cookie) => {
    const request = new Request("http://bonus.example/", cookie ? { headers: { Cookie: cookie } } : undefined);
    expect(await takeToast(request)).toEqual({ toast: null, setCookie: null });
  });

  it("shows no toast for a toast cookie a visitor wrote themselves, and clears it", async () => {
    const forged = encodeURIComponent(btoa(JSON.stringify({ type: "success", message: "Sahte" })));
    const { toast, setCookie } = await takeToast(new Request("http://bonus.example/", { headers: { Cookie: `__toast=${forged}` } }));
    expect(toast).toBeNull();
    expect(attributes(setCookie!)).toContain("max-age=0");
  });
});
