import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * public-site.md §2.1: on every path change the page scrolls to the top unless the
 * address carries a hash; the browser's own scroll restoration is turned off.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
