import { renderToString } from "react-dom/server";
// eslint-disable-next-line no-restricted-imports -- compared with React Router's own Link
import { Link as RouterLink, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

const html = (node: React.ReactNode) => renderToString(<MemoryRouter initialEntries={["/bonuslar"]}>{node}</MemoryRouter>);

describe("the site's Link (ADR 016)", () => {
  it("writes the same HTML as React Router's Link for paths inside the site", () => {
    for (const to of ["/", "/bonuslar/ege-bet/hos-geldin-bonusu", "/bonuslar?q=%C3%A7ark&sayfa=2", "/blog/yazi#yorumlar", "/admin/promotions/5/edit"]) {
      const ours = html(
        <Link to={to} className="card" aria-label="Detay" rel="next">
          Detayları Gör
        </Link>,
      );
      const router = html(
        <RouterLink to={to} className="card" aria-label="Detay" rel="next">
          Detayları Gör
        </RouterLink>,
      );
      expect(ours).toBe(router);
      expect(ours).toContain(`href="${to.replaceAll("&", "&amp;")}"`);
      expect(ours).toContain('data-discover="true"');
    }
  });

  it("leaves other hosts, protocol-relative and backslash paths to React Router (no in-site marker)", () => {
    for (const to of ["//evil.example/x", "/\\evil.example/x", "https://example.com/"]) {
      const out = html(<Link to={to}>dış</Link>);
      expect(out).toBe(html(<RouterLink to={to}>dış</RouterLink>));
      expect(out).not.toContain("data-discover");
    }
  });
});
