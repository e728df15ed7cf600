import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminLayout from "./layout";

/** The sidebar links the layout marks as the current screen, by their text, at `url`. */
function currentLinks(url: string): string[] {
  const Stub = createRoutesStub([{ id: "admin", path: "/admin", Component: AdminLayout as never, children: [{ path: "*", Component: () => null }] }]);
  const html = renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { admin: { email: "operator@example.com" } } } }));
  const nav = html.slice(html.indexOf('aria-label="Admin menüsü"'), html.indexOf("</nav>"));
  return [...nav.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((link) => link[1]!);
}

describe("the admin sidebar's current screen", () => {
  it("is the link of the list a screen below it belongs to: an editor marks its list", () => {
    expect(currentLinks("/admin/promotions/edit/0b5e3c1a-0000-4000-8000-000000000001")).toEqual(["Promosyonlar"]);
    expect(currentLinks("/admin/splash-ads/new")).toEqual(["Splash Reklamlar"]);
    expect(currentLinks("/admin/casinos?sirala=name&yon=asc")).toEqual(["Casino Siteleri"]);
    // The router matches paths in any case, and so does the sidebar, as NavLink did.
    expect(currentLinks("/admin/Promotions/new")).toEqual(["Promosyonlar"]);
  });

  it("is no link for a path that only begins with a link's letters", () => {
    expect(currentLinks("/admin/settings")).toEqual(["Ayarlar"]);
    expect(currentLinks("/admin/settingsx")).toEqual([]);
    expect(currentLinks("/admin/blog-yazilari")).toEqual([]);
  });
});
