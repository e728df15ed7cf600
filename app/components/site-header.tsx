import { useEffect, useState } from "react";
import { NavLink } from "react-router";
import { Link } from "./link";
import { NAV_LINKS } from "~/modules/site/site";

/**
 * public-site.md §2.2: fixed header (h-16 mobile, h-20 desktop) with a brand link,
 * desktop navigation and a left drawer (w-72, 300 ms) on mobile.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  // Body scrolling is locked while the drawer is open.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const scrollTop = () => window.scrollTo(0, 0);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur md:h-20">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4">
          <Link to="/" onClick={scrollTop} className="text-xl font-extrabold tracking-tight text-slate-900">
            <span className="text-brand-600">{siteName.split(" ")[0]}</span> {siteName.split(" ").slice(1).join(" ")}
          </Link>
          <nav aria-label="Ana menü" className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === "/"} onClick={scrollTop} className={linkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 md:hidden"
            aria-label="Menüyü aç"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </header>

      <div
        data-testid="drawer-overlay"
        aria-hidden="true"
        onClick={close}
        className={`fixed inset-0 z-40 bg-slate-900/50 transition-opacity duration-300 md:hidden ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
      />
      <div
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Mobil menü"
        aria-hidden={!open}
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 w-72 bg-white shadow-xl transition-transform duration-300 md:hidden ${open ? "translate-x-0" : "-translate-x-full"}`}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <span className="font-bold">{siteName}</span>
          <button type="button" aria-label="Menüyü kapat" onClick={close} className="rounded-md p-2 text-slate-700">
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobil menü bağlantıları" className="flex flex-col gap-1 p-4">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              onClick={() => {
                close();
                scrollTop();
              }}
              className={linkClass}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </>
  );
}
