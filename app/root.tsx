import { data, Links, Meta, Outlet, Scripts, useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { ScrollToTop } from "~/components/scroll-to-top";
import { LinkNavigation } from "~/components/link";
import { takeToast } from "~/lib/toast.server";
import { getEnv } from "~/env.server";
import { DEFAULT_SEO } from "~/modules/seo/seo";
import "./app.css";

// public-site.md §1: default page metadata (each page overrides it). An error screen
// rendered here names the page in its own <title>: one title, never two (issue 10 §2).
export const meta: MetaFunction = ({ error }) =>
  error
    ? [{ name: "robots", content: "noindex" }]
    : [
        { title: DEFAULT_SEO.title },
        { name: "description", content: DEFAULT_SEO.description },
        { name: "keywords", content: DEFAULT_SEO.keywords },
        { property: "og:type", content: "website" },
      ];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, setCookie } = await takeToast(request);
  // The browser gets only this small public subset of the configuration.
  return data({ toast, siteName: getEnv().SITE_NAME }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollToTop />
        <LinkNavigation />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Toaster.Flash toast={toast} />
      <Outlet />
    </>
  );
}

/** public-site.md §2.1: any failure in the router shows a generic fallback error screen. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
