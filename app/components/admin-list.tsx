import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "./link";
import { listHref } from "~/lib/list-query";
import { formatNumberTr } from "~/lib/numbers";
import { CLICK_WINDOW_DAYS } from "~/modules/outbound/outbound-paths";
import { ConfirmButton } from "./confirm-button";
import { Pagination } from "./pagination";

// The pieces every admin list shares: a title with its add link, a search box, sortable
// column headers and page links, all driven by the URL (lib/list-query.ts).

export function AdminPageHeader({ title, action }: { title: string; action?: { to: string; label: string } }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {action && (
        <Link to={action.to} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {action.label}
        </Link>
      )}
    </div>
  );
}

export function SearchBox({ q, label = "Ara", children }: { q: string; label?: string; children?: ReactNode }) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
      {/* A new search starts on page 1 but keeps the chosen order. */}
      {["sirala", "yon"].map((name) => (current.get(name) ? <input key={name} type="hidden" name={name} value={current.get(name)!} /> : null))}
      <label className="flex-1">
        <span className="sr-only">{label}</span>
        <input type="search" name="q" defaultValue={q} placeholder={label} aria-label={label} maxLength={100} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
      </label>
      {children}
      <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
        Ara
      </button>
    </Form>
  );
}

export function SortHeader({ label, sort, current, dir }: { label: string; sort: string; current: string; dir: "asc" | "desc" }) {
  const location = useLocation();
  const active = sort === current;
  const next = active && dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined} className="px-4 py-3 text-left">
      <Link to={listHref(location.pathname + location.search, { sirala: sort, yon: next, sayfa: null })} className="inline-flex items-center gap-1 hover:underline">
        {label}
        {active && <span aria-hidden="true">{dir === "asc" ? "▲" : "▼"}</span>}
      </Link>
    </th>
  );
}

/** Issue 11 §4: the casino and promotion lists' column of outbound clicks in the last 30 days. */
export function ClicksHeader() {
  return (
    <th scope="col" className="px-4 py-3 text-right">
      <abbr title={`Son ${CLICK_WINDOW_DAYS} gündeki tıklamalar`} className="no-underline">
        {`Tıklama (${CLICK_WINDOW_DAYS} gün)`}
      </abbr>
    </th>
  );
}

/**
 * A list's size above its table: '1.030 promosyon'. A list counted only as far as an operator
 * can page (ADR 018) reads '1.000+ promosyon' while there are more, so 40 page links are not
 * taken for the whole list.
 */
export function ListTotal({ list, noun }: { list: { total: number; more?: boolean }; noun: string }) {
  return <p className="mb-2 text-sm text-slate-600">{`${formatNumberTr(list.total)}${list.more ? "+" : ""} ${noun}`}</p>;
}

export function AdminPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  return <Pagination page={page} count={pageCount} hrefFor={(p) => listHref(location.pathname + location.search, { sayfa: p })} />;
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}

export const TABLE_CLASS = "admin-table w-full min-w-[640px] divide-y divide-slate-200 text-sm";
export const TABLE_WRAPPER_CLASS = "overflow-x-auto rounded-xl bg-white shadow-sm";

/**
 * A long text of a row (a title, a description) on at most two lines, the whole of it on
 * hover. Cut to one line at a fixed width, as before, such columns kept the promotion,
 * casino and blog lists wider than a 1280-pixel laptop's content area, so the last columns
 * sat under the sticky actions column; wrapping, the column gives way to the others.
 */
export function TwoLines({ text }: { text: string }) {
  return (
    <span className="line-clamp-2 min-w-[8rem] break-words" title={text}>
      {text}
    </span>
  );
}

/** The Düzenle link of a row; `to` is the record's editor. */
export function EditLink({ to }: { to: string }) {
  return (
    <Link to={to} className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
      Düzenle
    </Link>
  );
}

/** A row's delete, asked twice (issue 8: every delete confirms), posted as intent=delete. */
export function DeleteRowForm({ id, label, confirmLabel }: { id: string; label: string; confirmLabel?: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={id} />
      <ConfirmButton name="intent" value="delete" aria-label={`${label} sil`} confirmLabel={confirmLabel}>
        Sil
      </ConfirmButton>
    </Form>
  );
}

/** A list's filter beside its search box (status, rating...): "all" first, then the choices. */
export function FilterSelect<Value extends string>({ name, label, value, allLabel, options }: { name: string; label: string; value: Value | null; allLabel: string; options: readonly { value: Value; label: string }[] }) {
  return (
    <label>
      <span className="sr-only">{label}</span>
      <select name={name} defaultValue={value ?? ""} aria-label={label} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
