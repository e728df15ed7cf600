import { Outlet, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { ComplianceLine } from "~/components/compliance-line";
import { SiteHeader } from "~/components/site-header";
import { SplashOverlay } from "~/components/splash-overlay";
import { Spinner } from "~/components/spinner";
import { shareable } from "~/lib/page-cache.server";
import { getCompliance } from "~/modules/content/content.server";
import { listActiveSplashAds } from "~/modules/splash-ads/splash-ads.server";
import { useSiteName } from "~/components/site-name";

// Every public page is the same for all anonymous visitors: the page cache may share it
// (docs/decisions/002-page-cache.md). Pages below that read query parameters name them.
export const headers = shareable();

export async function loader(_: Route.LoaderArgs) {
  // public-site.md §8: a splash ad load failure shows nothing.
  const [splashAds, compliance] = await Promise.all([
    listActiveSplashAds().catch((error: unknown) => {
      console.error("Splash ads could not be read:", error);
      return [];
    }),
    // Issue 11 §5: the helpline and the splash period (defaults on a failed read).
    getCompliance(),
  ]);
  return { splashAds, compliance };
}

/** public-site.md §2.2: the public shell (header, main area below it, compliance line, splash overlay). */
export default function PublicLayout() {
  const { splashAds, compliance } = useLoaderData<typeof loader>();
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
      <ComplianceLine compliance={compliance} />
      <SplashOverlay ads={splashAds} frequencyHours={compliance.splashFrequencyHours} />
    </>
  );
}
