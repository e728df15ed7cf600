import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLoaderData, useRouteError, type MetaFunction } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/toaster";
import { ScrollToTop } from "~/components/scroll-to-top";
import { takeToast } from "~/modules/toast/toast.server";
import { getEnv } from "~/env.server";
import { DEFAULT_SEO } from "~/modules/seo/seo";
import "./app.css";

// public-site.md §1: default page metadata (each page overrides it).
export const meta: MetaFunction = () => [
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
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{notFound ? "Sayfa bulunamadı" : "Bir hata oluştu"}</title>
      <h1 className="text-3xl font-bold">{notFound ? "Sayfa bulunamadı" : "Bir hata oluştu"}</h1>
      <p className="text-slate-600">
        {notFound
          ? "Aradığınız sayfa mevcut değil veya kaldırılmış olabilir."
          : "Sayfa yüklenirken beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin."}
      </p>
      <div className="flex gap-3">
        <a href="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Ana Sayfaya Dön
        </a>
        {!notFound && (
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold">
            Tekrar dene
          </button>
        )}
      </div>
    </main>
  );
}
