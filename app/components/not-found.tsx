import { isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "./link";
import { DataError } from "./data-error";
import { ERROR_TEXTS } from "./error-boundary";

/**
 * A list page's error boundary: a 404 (an unknown category, a page past the last) says so
 * with a link back to the list; any other failure is public-site.md §4.1's error state.
 */
export function ListErrorBoundary({ fallback, backTo, backLabel }: { fallback: string; backTo: string; backLabel: string }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <DataError fallback={fallback} />;
  const message = (error.data as { message?: unknown } | null)?.message;
  return (
    <div className="mx-auto my-16 max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <title>{ERROR_TEXTS[404]!.title}</title>
      <h1 className="text-2xl font-bold">{ERROR_TEXTS[404]!.title}</h1>
      <p className="mt-3 text-slate-600">{typeof message === "string" && message ? message : ERROR_TEXTS[404]!.message}</p>
      <Link to={backTo} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">
        {backLabel}
      </Link>
    </div>
  );
}
