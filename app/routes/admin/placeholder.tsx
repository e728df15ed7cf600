import { data, useLocation } from "react-router";
import type { Route } from "./+types/placeholder";
import { requireAdmin } from "~/modules/auth/auth.server";
import { ADMIN_LINKS } from "~/components/admin-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// Screens that later issues build. Guarded like every admin route.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data({ message: "Bu ekran henüz hazır değil." }, 405);
}

export default function AdminPlaceholder() {
  const { pathname } = useLocation();
  const section = ADMIN_LINKS.find((link) => pathname.startsWith(link.to));
  return (
    <section className="rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold">{section?.label ?? "Admin"}</h1>
      <p className="mt-2 text-slate-600">Bu ekran henüz hazır değil.</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
