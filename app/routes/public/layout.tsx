import { Outlet, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { SiteHeader } from "~/components/site-header";
import { SplashOverlay } from "~/components/splash-overlay";
import { Spinner } from "~/components/spinner";
import { shareable } from "~/lib/page-cache.server";
import { listActiveSplashAds } from "~/modules/splash-ads/splash-ads.server";
import { useSiteName } from "~/components/site-name";

// Every public page is the same for all anonymous visitors: the page cache may share it
// (docs/decisions/002-page-cache.md). Pages below that read query parameters name them.
export const headers = shareable();

export async function loader(_: Route.LoaderArgs) {
  // public-site.md §8: a splash ad load failure shows nothing.
  const splashAds = await listActiveSplashAds().catch((error: unknown) => {
    console.error("Splash ads could not be read:", error);
    return [];
  });
  return { splashAds };
}

/** public-site.md §2.2: the public shell (header, main area below it, splash overlay). */
export default function PublicLayout() {
  const { splashAds } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  const navigation = useNavigation();
  return (
    <>
      <SiteHeader siteName={siteName} />
      {navigation.state === "loading" && (
        <div className="fixed inset-x-0 top-16 z-30 flex justify-center md:top-20">
          <div className="mt-2 rounded-full bg-white px-4 py-1.5 shadow">
            <Spinner />
          </div>
        </div>
      )}
      <main className="min-h-[60vh] pt-16 md:pt-20">
        <Outlet />
      </main>
      <SplashOverlay ads={splashAds} />
    </>
  );
}
