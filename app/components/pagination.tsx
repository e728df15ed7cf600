import { Link } from "./link";

/** The page numbers to link: first, last, and two on each side of the current one. */
export function pageWindow(current: number, count: number): (number | "gap")[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/** Crawlable page links (?sayfa=N): search engines reach every item without scripts. */
export function Pagination({ page, count, hrefFor }: { page: number; count: number; hrefFor: (page: number) => string }) {
  if (count <= 1) return null;
  const link = "min-w-10 rounded-lg border px-3 py-2 text-center text-sm font-semibold";
  return (
    <nav aria-label="Sayfalar" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${link} border-slate-300 bg-white`}>
          Önceki
        </Link>
      )}
      {pageWindow(page, count).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} aria-current={p === page ? "page" : undefined} aria-label={`Sayfa ${p}`} className={`${link} ${p === page ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white"}`}>
            {p}
          </Link>
        ),
      )}
      {page < count && (
        <Link to={hrefFor(page + 1)} rel="next" className={`${link} border-slate-300 bg-white`}>
          Sonraki
        </Link>
      )}
    </nav>
  );
}
