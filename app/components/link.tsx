import { useEffect } from "react";
// eslint-disable-next-line no-restricted-imports -- the one place that wraps React Router's Link
import { Link as RouterLink, useNavigate } from "react-router";

/** An absolute path inside the site: `/…`, never `//host` or `/\host` (which browsers read as another host). */
const IN_SITE = /^\/(?![/\\])/;

type LinkProps = Omit<React.ComponentPropsWithoutRef<"a">, "href"> & { to: string; preventScrollReset?: boolean; replace?: boolean };

/**
 * A link inside the site (ADR 016). For an absolute in-site path it is a plain `<a>`: the
 * same HTML React Router's `<Link>` writes (`href` and `data-discover`, so lazy route
 * discovery still finds it), without the per-link work of resolving the path against the
 * route tree and a click handler per link, which cost a 24-card list 7.7% of its render's
 * busy time on the server, and its hydration in the browser. Clicks are taken over once, at the
 * document, by `<LinkNavigation />` and go through the router as before. Anything else
 * (a relative path, another host, a link that keeps the scroll position or replaces the
 * history entry) is React Router's own `<Link>`. A link to a resource route (`/sitemap.xml`,
 * `/media/…`, `/git/…`) must be a plain `<a>` without `data-discover`: the listener below
 * would take it over. The site has no basename; both assume none.
 */
export function Link({ to, preventScrollReset, replace, ...rest }: LinkProps) {
  if (preventScrollReset !== undefined || replace !== undefined || !IN_SITE.test(to)) {
    return <RouterLink to={to} preventScrollReset={preventScrollReset} replace={replace} {...rest} />;
  }
  return <a {...rest} href={to} data-discover="true" />;
}

/**
 * Mounted once in the root layout: a plain left click on a `<Link>` above navigates with the
 * router, as React Router's `<Link>` does (a modified or middle click, another target, a
 * download, or a click an `onClick` already handled is left to the browser). React Router's
 * own links handle their clicks first and mark them handled, so they are never taken twice.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor || anchor.dataset.discover !== "true" || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const to = anchor.getAttribute("href");
      if (to === null || !IN_SITE.test(to)) return;
      event.preventDefault();
      // As React Router's <Link>: a link to the page being shown replaces its history entry.
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: here === to });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
