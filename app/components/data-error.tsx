import { isRouteErrorResponse, useRouteError } from "react-router";

/** public-site.md §4.1 and §8: 'Bir hata oluştu: {message}' with 'Tekrar dene', which reloads the page. */
export function DataError({ fallback }: { fallback: string }) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : (error.data as { message?: string } | undefined)?.message ?? fallback
    : fallback;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div role="alert" className="mx-auto my-16 max-w-xl rounded-xl border border-red-200 bg-red-50 p-8 text-center">
      <title>Bir hata oluştu</title>
      <p className="font-semibold text-red-800">Bir hata oluştu: {message}</p>
      <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-lg bg-red-700 px-5 py-2 font-semibold text-white">
        Tekrar dene
      </button>
    </div>
  );
}
