import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, ClicksHeader, EmptyRow, SearchBox, SortHeader, TABLE_CLASS, TwoLines, TABLE_WRAPPER_CLASS, DeleteRowForm, EditLink } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { formatDateTr } from "~/lib/dates";
import { actorOf } from "~/lib/command.server";
import { parseListQuery, lastPageHref } from "~/lib/list-query";
import { readForm, splitErrors, refuseSubmission } from "~/lib/form-action.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { CASINO_MESSAGES, CASINO_SORTS, casinoPath } from "~/modules/casinos/casinos.schema";
import { listCasinosForAdmin, removeCasino } from "~/modules/casinos/casinos.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatNumberTr } from "~/lib/numbers";

export const meta: Route.MetaFunction = () => [{ title: "Casino Siteleri | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url, CASINO_SORTS, { sort: "createdAt", dir: "desc" });
  const list = await listCasinosForAdmin(query);
  const last = lastPageHref(url, list);
  if (last) throw redirect(last);
  return { query, list };
}

const ListIntent = z.discriminatedUnion("intent", [z.object({ intent: z.literal("delete"), id: z.uuid(CASINO_MESSAGES.notFound) })]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: ListIntent });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const result = await removeCasino(actorOf(admin, context), submission.value.id);
  if (!result.ok) return refuseSubmission(request, submission, 404, splitErrors(result.fieldErrors));
  return redirectWithToast(request, new URL(request.url).pathname + new URL(request.url).search, { type: "success", message: CASINO_MESSAGES.deleted });
}

export default function CasinoList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <section>
      <AdminPageHeader title="Casino Siteleri" action={{ to: "/admin/casinos/new", label: "Yeni Casino Ekle" }} />
      <SearchBox q={query.q} label="Casino ara" />
      <ErrorList errors={actionData?.result?.error?.[""] ?? actionData?.result?.error?.id} />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 text-left">
                Logo
              </th>
              <SortHeader label="Ad" sort="name" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-left">
                URL
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Açıklama
              </th>
              {/* Casino and promotion links alike. */}
              <ClicksHeader />
              <SortHeader label="Tarih" sort="createdAt" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={7}>{query.q ? "Aramanıza uyan casino bulunamadı" : "Henüz casino sitesi yok"}</EmptyRow>}
            {list.items.map((casino) => (
              <tr key={casino.id}>
                <td className="px-4 py-3">
                  {casino.logoUrl ? <img src={casino.logoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded object-contain" /> : <span className="text-slate-400">—</span>}
                </td>
                <td className="px-4 py-3 font-medium">
                  <a href={casinoPath(casino)} target="_blank" rel="noreferrer" className="hover:underline">
                    {casino.name}
                  </a>
                </td>
                <td className="max-w-[12rem] truncate px-4 py-3 text-slate-600">
                  {casino.url}
                  {casino.currentAddress && <span className="block truncate text-xs text-emerald-700">Güncel: {casino.currentAddress}</span>}
                </td>
                <td className="px-4 py-3 text-slate-600">
                  <TwoLines text={casino.descriptionText || CASINO_MESSAGES.noDescription} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatNumberTr(casino.clicks30d)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTr(casino.createdAt)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  <EditLink to={`/admin/casinos/edit/${casino.id}`} />
                  {/* Its promotions stay, without a casino ('Diğer'): the confirmation says how many are live. */}
                  <DeleteRowForm
                    id={casino.id}
                    label={casino.name}
                    confirmLabel={casino.activePromotionCount > 0 ? `${casino.activePromotionCount} aktif promosyonu var. Yine de sil?` : undefined}
                  />
                </td>
              </tr>
            ))}
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
