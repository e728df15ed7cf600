import { Form } from "react-router";
import { refusePageForm } from "~/lib/form-action.server";
import { Link } from "~/components/link";
import type { Route } from "./+types/audit";
import { AdminPageHeader, AdminPagination, EmptyRow, ListTotal, TABLE_CLASS, TABLE_WRAPPER_CLASS } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseListQuery } from "~/lib/list-query";
import { requireAdmin } from "~/modules/auth/auth.server";
import { AUDIT_ENTITY_FILTERS, AUDIT_VERB_FILTERS, auditActionLabel, auditOutcomeLabel, auditRecordHref, formatAuditTime, parseAuditFilter } from "~/modules/audit/audit.schema";
import { listAuditEntries } from "~/modules/audit/audit.server";

export const meta: Route.MetaFunction = () => [{ title: "Denetim Kaydı | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  // ?q= is the actor's email (part of it); the list has one order, newest first.
  const { page, q } = parseListQuery(url, ["createdAt"], { sort: "createdAt", dir: "desc" });
  const filter = { page, actor: q, ...parseAuditFilter(url) };
  return { filter, list: await listAuditEntries(filter) };
}

// Read-only; guarded anyway so a POST without a session is sent to sign-in.
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  refusePageForm(request);
}

const SELECT_CLASS = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, list } = loaderData;
  const filtered = Boolean(filter.actor || filter.entity || filter.verb);
  return (
    <section>
      <AdminPageHeader title="Denetim Kaydı" />
      <p className="-mt-4 mb-4 text-sm text-slate-600">Yönetim panelindeki her değişiklik ve her giriş denemesi: kim, ne zaman, nereden.</p>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <label className="flex-1">
          <span className="sr-only">E-posta ile ara</span>
          <input type="search" name="q" defaultValue={filter.actor} placeholder="E-posta ile ara" aria-label="E-posta ile ara" maxLength={100} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </label>
        <label>
          <span className="sr-only">Kayıt türü</span>
          <select name="tur" defaultValue={filter.entity ?? ""} aria-label="Kayıt türü" className={SELECT_CLASS}>
            <option value="">Tüm kayıtlar</option>
            {AUDIT_ENTITY_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">İşlem</span>
          <select name="islem" defaultValue={filter.verb ?? ""} aria-label="İşlem" className={SELECT_CLASS}>
            <option value="">Tüm işlemler</option>
            {AUDIT_VERB_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
          Filtrele
        </button>
        {filtered && (
          <Link to="/admin/audit" className="px-2 py-2 text-sm text-slate-600 hover:underline">
            Filtreyi temizle
          </Link>
        )}
      </Form>
      <ListTotal list={list} noun="kayıt" />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {["Zaman", "Kim", "İşlem", "Kayıt", "Adres", "Sonuç"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 text-left">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={6}>{filtered ? "Filtreye uyan kayıt bulunamadı" : "Henüz denetim kaydı yok"}</EmptyRow>}
            {list.items.map((entry) => {
              const href = auditRecordHref(entry);
              return (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
                  </td>
                  <td className="max-w-[14rem] truncate px-4 py-3">{entry.actorEmail}</td>
                  <td className="px-4 py-3 font-medium" title={entry.action}>
                    {auditActionLabel(entry.action)}
                  </td>
                  <td className="max-w-[16rem] truncate px-4 py-3">
                    {href ? (
                      <Link to={href} className="text-brand-700 hover:underline">
                        {entry.summary || entry.entityId}
                      </Link>
                    ) : (
                      entry.summary || <span className="text-slate-400">—</span>
                    )}
                    {entry.recordGone && <span className="text-xs text-slate-500"> (silinmiş)</span>}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-600">{entry.address}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${entry.outcome === "success" ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>
                      {auditOutcomeLabel(entry.outcome)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AdminPagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
