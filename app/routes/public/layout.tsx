import { Outlet, useRouteLoaderData } from "react-router";
import { SiteHeader } from "~/components/site-header";
import type { loader as rootLoader } from "~/root";

export function useSiteName(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? "Bonus Rehberi";
}

/** public-site.md §2.2: the public shell (header, main area below it). */
export default function PublicLayout() {
  const siteName = useSiteName();
  return (
    <>
      <SiteHeader siteName={siteName} />
      <main className="pt-16 md:pt-20">
        <Outlet />
      </main>
    </>
  );
}
