import { useEffect, useRef, useState } from "react";
import { Form, Outlet, useLoaderData, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/modules/auth/auth.server";
import { LOGIN_MESSAGES } from "~/modules/auth/auth.schema";
import { ADMIN_LINKS } from "~/components/admin-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Admin Panel" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const here = useLocation().pathname.toLowerCase();

  // The phone menu closes with Escape, as the dialogs do, and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  const checking = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/");

  return (
    <div className="min-h-screen bg-slate-100 md:flex">
      {/* Keyboard users skip the sidebar's thirteen stops on every screen. */}
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow">
        İçeriğe geç
      </a>
      <div className="flex h-14 items-center justify-between bg-slate-900 px-4 text-white md:hidden">
        <span className="font-semibold">Admin Panel</span>
        <button ref={menuButton} type="button" onClick={() => setOpen((v) => !v)} aria-expanded={open} aria-controls="admin-sidebar" className="rounded px-2 py-1 text-sm ring-1 ring-white/30">
          {open ? "Menüyü kapat" : "Menü"}
        </button>
      </div>
      <aside id="admin-sidebar" className={`${open ? "block" : "hidden"} w-full bg-slate-900 text-slate-200 md:block md:min-h-screen md:w-60 md:shrink-0`}>
        <div className="hidden h-16 items-center border-b border-slate-800 px-6 md:flex">
          <span className="text-lg font-bold text-white">Admin Panel</span>
        </div>
        <p className="px-6 pt-4 text-xs font-semibold uppercase tracking-wider text-slate-400">Admin</p>
        <nav aria-label="Admin menüsü" className="flex flex-col gap-1 p-3">
          {ADMIN_LINKS.map((link) => {
            // As NavLink marks it (the path or one below it, in any case, as the router matches
            // it), read once for the twelve links: NavLink resolved each against the route
            // tree on every admin render (issue 8 §5).
            const current = here === link.to || here.startsWith(`${link.to}/`);
            return (
              <Link
                key={link.to}
                to={link.to}
                aria-current={current ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`rounded-md px-3 py-2 text-sm ${current ? "bg-slate-700 text-white" : "hover:bg-slate-800"}`}
              >
                {link.label}
              </Link>
            );
          })}
        </nav>
        <div className="border-t border-slate-800 p-3">
          <p className="truncate px-3 pb-2 text-xs text-slate-400">{email}</p>
          <Form method="post" action="/admin/logout">
            <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-800">
              Çıkış Yap
            </button>
          </Form>
        </div>
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6 2xl:p-8">
        {checking && (
          <p role="status" className="mb-4 text-sm text-slate-500">
            {LOGIN_MESSAGES.checkingGuard}
          </p>
        )}
        <Outlet />
      </main>
    </div>
  );
}

// The layout's own failure (its guard's read) has no sidebar to keep: the full-page variant.
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
