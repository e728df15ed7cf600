import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * public-site.md §2.1: on every path change the page scrolls to the top unless the
 * address carries a hash; the browser's own scroll restoration is turned off.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
  // Only a change of path: on the first render (hydration) the visitor may already have
  // scrolled, and must not be thrown back to the top.
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
