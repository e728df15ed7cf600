import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "react-router";

// One error screen for every route (ADR 003), with a Turkish text per status. Each route
// re-exports it as its ErrorBoundary, so an error inside the admin keeps the sidebar.
type StatusText = { title: string; message: string };

export const ERROR_TEXTS: Record<number, StatusText> & { default: StatusText } = {
  400: { title: "Geçersiz istek", message: "Gönderilen bilgiler anlaşılamadı. Lütfen kontrol edip tekrar deneyin." },
  403: { title: "Erişim reddedildi", message: "Bu işlem için yetkiniz yok." },
  404: { title: "Sayfa bulunamadı", message: "Aradığınız sayfa mevcut değil veya kaldırılmış olabilir." },
  405: { title: "İzin verilmeyen işlem", message: "Bu adres bu işlemi kabul etmiyor." },
  413: { title: "İstek çok büyük", message: "Gönderilen veri izin verilen boyutu aşıyor." },
  429: { title: "Çok fazla istek", message: "Kısa sürede çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin." },
  default: { title: "Bir hata oluştu", message: "Sayfa yüklenirken beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin." },
};

/** A message the route put in the error response (a string or `{ message }`), if any. */
function messageOf(error: ErrorResponse): string | null {
  if (typeof error.data === "string" && error.data.trim()) return error.data;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : null;
}

export function GeneralErrorBoundary({ variant = "page" }: { variant?: "page" | "panel" }) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  // Unexpected errors are logged; their details never reach the visitor.
  if (!response) console.error(error);
  const text = (response && ERROR_TEXTS[response.status]) || ERROR_TEXTS.default;
  const message = (response && messageOf(response)) || text.message;
  const retry = !response || response.status >= 500;
  const outer =
    variant === "page"
      ? "mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
      : "flex flex-col items-start gap-4 rounded-xl bg-white p-8 shadow-sm";

  const Element = variant === "page" ? "main" : "section";
  return (
    <Element role={variant === "panel" ? "alert" : undefined} className={outer}>
      <title>{text.title}</title>
      <h1 className="text-3xl font-bold">{text.title}</h1>
      <p className="text-slate-600">{message}</p>
      <div className="flex gap-3">
        <a href={variant === "page" ? "/" : "/admin/dashboard"} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {variant === "page" ? "Ana Sayfaya Dön" : "Dashboard'a Dön"}
        </a>
        {retry && (
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold">
            Tekrar dene
          </button>
        )}
      </div>
    </Element>
  );
}
