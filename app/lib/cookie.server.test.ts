import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { isSecureRequest, signedCookie } from "./cookie.server";

/** The attributes of a Set-Cookie header, lower-cased, without the name=value pair. */
function attributes(setCookie: string): string[] {
  return setCookie.split(/;\s*/).slice(1).map((attribute) => attribute.toLowerCase());
}

describe("isSecureRequest", () => {
  it("is true only for a request that came over HTTPS", () => {
    expect(isSecureRequest(new Request("https://bonus.example/admin"))).toBe(true);
    expect(isSecureRequest(new Request("http://bonus.example/admin"))).toBe(false);
  });
});

describe("signedCookie", () => {
  it("sets an httpOnly, SameSite=Lax cookie for the whole site, living as long as asked", async () => {
    const header = await signedCookie("test_lifetime", 60).serialize("değer");
    expect(attributes(header)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=60"]));
    expect(attributes(header)).not.toContain("secure");
  });

  it("is a browser-session cookie when no lifetime is given", async () => {
    const header = await signedCookie("test_session").serialize("değer");
    expect(attributes(header).some((attribute) => attribute.startsWith("max-age") || attribute.startsWith("expires"))).toBe(false);
  });

  it("adds Secure when the caller asks for it (a request over HTTPS)", async () => {
    const header = await signedCookie("test_secure", 60).serialize("değer", { secure: true });
    expect(attributes(header)).toContain("secure");
  });

  it("reads back what it wrote, and nothing a visitor changed or signed with another secret", async () => {
    const cookie = signedCookie("test_signed", 60);
    const header = (await cookie.serialize({ type: "success", message: "Kaydedildi" })).split(";")[0]!;
    expect(await cookie.parse(header)).toEqual({ type: "success", message: "Kaydedildi" });

    // Another toast under the signature of the first.
    const signature = header.slice(header.lastIndexOf(".") + 1);
    const payload = encodeURIComponent(btoa(JSON.stringify({ type: "success", message: "Sahte" })));
    expect(await cookie.parse(`test_signed=${payload}.${signature}`)).toBeNull();

    const forged = await createCookie("test_signed", { secrets: ["another-secret-another-secret-0123"] }).serialize({ type: "success", message: "x" });
    expect(await cookie.parse(forged.split(";")[0]!)).toBeNull();
  });

  it("signs with the session secret, so a cookie outlives the process that set it", async () => {
    const header = (await signedCookie("test_restart", 60).serialize("oturum")).split(";")[0]!;
    const afterRestart = createCookie("test_restart", { secrets: [process.env.SESSION_SECRET!] });
    expect(await afterRestart.parse(header)).toBe("oturum");
  });

  it("gives the same cookie for the same name", () => {
    expect(signedCookie("test_same", 60)).toBe(signedCookie("test_same", 60));
  });
});
