import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { currentYearTr } from "~/lib/dates";
import { SiteFooter } from "./site-footer";

// React separates adjacent text with <!-- --> comments; a reader sees none.
const render = (posts: { id: string; title: string; slug: string }[]) =>
  renderToString(
    <MemoryRouter>
      <SiteFooter siteName="Bonus Rehberi" posts={posts} />
    </MemoryRouter>,
  ).replaceAll("<!-- -->", "");

describe("footer (public-site.md §2.2)", () => {
  it("links the latest posts by slug, the quick links and the current year", () => {
    const html = render([{ id: "p1", title: "Çevrim Şartı", slug: "cevrim-sarti" }]);
    expect(html).toContain('href="/blog/cevrim-sarti"');
    for (const label of ["Ana Sayfa", "Bonuslar", "Güvenilir Siteler", "Blog"]) expect(html).toContain(`>${label}</a>`);
    expect(html).toContain(`© ${currentYearTr()} Bonus Rehberi`);
  });

  it("says 'Henüz blog yazısı bulunamadı' when there are no posts", () => {
    expect(render([])).toContain("Henüz blog yazısı bulunamadı");
  });
});
