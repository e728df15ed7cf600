import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, ClicksHeader, EmptyRow, ListTotal, SearchBox, SortHeader, TABLE_CLASS, TwoLines, TABLE_WRAPPER_CLASS, DeleteRowForm, EditLink, FilterSelect } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { actorOf } from "~/lib/command.server";
import { formatShortDateTr } from "~/lib/dates";
import { readForm, splitErrors, refuseSubmission } from "~/lib/form-action.server";
import { lastPageHref, pickAllowed, parseListQuery } from "~/lib/list-query";
import { requireAdmin } from "~/modules/auth/auth.server";
import {
  PROMOTION_MESSAGES,
  PROMOTION_SORTS,
  PROMOTION_STATUS_FILTERS,
  PROMOTION_STATUS_LABELS,
  promotionFailure,
  STATUS_OF_FILTER,
  VERIFICATION_FILTER,
  type PromotionStatusFilter,
} from "~/modules/promotions/promotions.schema";
import { listPromotionsForAdmin, removePromotion, setPromotionActiveByAdmin } from "~/modules/promotions/promotions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatNumberTr } from "~/lib/numbers";

export const meta: Route.MetaFunction = () => [{ title: "Promosyonlar | Admin Panel" }];

const STATUS_FILTER_LABELS: Record<PromotionStatusFilter, string> = { aktif: "Aktif", pasif: "Pasif", "suresi-dolmus": "Süresi dolmuş" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url, PROMOTION_SORTS, { sort: "createdAt", dir: "desc" });
  const filter = pickAllowed(PROMOTION_STATUS_FILTERS, url.searchParams.get("durum"));
  const verification = url.searchParams.get("dogrulama") === VERIFICATION_FILTER ? VERIFICATION_FILTER : null;
  const list = await listPromotionsForAdmin({ ...query, status: filter ? STATUS_OF_FILTER[filter] : null, needsVerification: verification !== null });
  const last = lastPageHref(url, list);
  if (last) throw redirect(last);
  return { query, filter, verification, list };
}

const ListIntent = z.discriminatedUnion("intent", [
  // The wanted state is posted, not "flip": a second click on a stale page changes nothing.
  z.object({ intent: z.literal("toggle"), id: z.uuid(PROMOTION_MESSAGES.notFound), isActive: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("delete"), id: z.uuid(PROMOTION_MESSAGES.notFound) }),
]);

const EXPIRED_TOGGLE = promotionFailure.update(PROMOTION_MESSAGES.expiredToggle);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: ListIntent });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const actor = actorOf(admin, context);
  const back = new URL(request.url).pathname + new URL(request.url).search;
  if (submission.value.intent === "delete") {
    const result = await removePromotion(actor, submission.value.id);
    if (!result.ok) return refuseSubmission(request, submission, 404, splitErrors(result.fieldErrors));
    return redirectWithToast(request, back, { type: "success", message: PROMOTION_MESSAGES.deleted });
  }
  const result = await setPromotionActiveByAdmin(actor, submission.value.id, submission.value.isActive);
  if (!result.ok) {
    // An expired promotion has no switch (admin.md §4): a conflict, not a missing record.
    const status = result.fieldErrors[""]?.includes(EXPIRED_TOGGLE) ? 409 : 404;
    return refuseSubmission(request, submission, status, splitErrors(result.fieldErrors));
  }
  return redirectWithToast(request, back, { type: "success", message: result.value.isActive ? PROMOTION_MESSAGES.activated : PROMOTION_MESSAGES.deactivated });
}

const STATUS_BADGE = {
  active: "bg-green-100 text-green-800",
  inactive: "bg-slate-100 text-slate-700",
  expired: "bg-amber-100 text-amber-800",
} as const;

export default function PromotionList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, filter, verification, list } = loaderData;
  return (
    <section>
      <AdminPageHeader title="Promosyonlar" action={{ to: "/admin/promotions/new", label: "Yeni Promosyon Ekle" }} />
      <SearchBox q={query.q} label="Promosyon ara">
        <FilterSelect name="durum" label="Durum" value={filter} allLabel="Tüm durumlar" options={PROMOTION_STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }))} />
        <FilterSelect name="dogrulama" label="Doğrulama" value={verification} allLabel="Tüm doğrulamalar" options={[{ value: VERIFICATION_FILTER, label: "Doğrulanmalı (30 günden eski)" }]} />
      </SearchBox>
      <ErrorList errors={actionData?.result?.error?.[""] ?? actionData?.result?.error?.id} />
      <ListTotal list={list} noun="promosyon" />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <SortHeader label="Başlık" sort="title" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-left">
                Casino
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Kategori
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Promosyon Kodu
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Durum
              </th>
              <SortHeader label="Bitiş Tarihi" sort="expiryDate" current={query.sort} dir={query.dir} />
              <ClicksHeader />
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={8}>{query.q || filter || verification ? "Aramanıza uyan promosyon bulunamadı" : "Henüz promosyon yok"}</EmptyRow>}
            {list.items.map((promotion) => (
              // admin.md §2: expired rows are tinted.
              <tr key={promotion.id} className={promotion.status === "expired" ? "bg-amber-50/70" : undefined} data-status={promotion.status}>
                <td className="px-4 py-3 font-medium">
                  <TwoLines text={promotion.title} />
                </td>
                <td className="px-4 py-3 text-slate-600">{promotion.casinoName ?? PROMOTION_MESSAGES.noCasino}</td>
                <td className="px-4 py-3 text-slate-600">{promotion.category ?? "—"}</td>
                <td className="px-4 py-3 font-mono text-xs text-slate-600">
                  {/* A long code breaks anywhere rather than widening the list (up to 50 letters). */}
                  {promotion.promotionCode ? <span className="block min-w-[5rem] break-all">{promotion.promotionCode}</span> : <span className="font-sans">{PROMOTION_MESSAGES.noCode}</span>}
                </td>
                <td className="px-4 py-3">
                  {/* One badge under the other: side by side they widened the list past a laptop's screen. */}
                  <span className="flex flex-col items-start gap-1">
                    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[promotion.status]}`}>{PROMOTION_STATUS_LABELS[promotion.status]}</span>
                    {/* Issue 11 §6: not verified for 30 days, or never: the operator should re-check it. */}
                    {(!promotion.verification || promotion.verification.stale) && (
                      <span title={promotion.verification?.text ?? "Hiç doğrulanmadı"} className="whitespace-nowrap rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">
                        Doğrulanmalı
                      </span>
                    )}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{promotion.expiryDate ? formatShortDateTr(promotion.expiryDate) : PROMOTION_MESSAGES.noExpiry}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatNumberTr(promotion.clicks30d)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  {promotion.canToggle && (
                    <Form method="post" className="inline">
                      <input type="hidden" name="id" value={promotion.id} />
                      <input type="hidden" name="isActive" value={String(!promotion.isActive)} />
                      <button
                        type="submit"
                        name="intent"
                        value="toggle"
                        aria-label={`${promotion.title} ${promotion.isActive ? "yayından kaldır" : "yayına al"}`}
                        className="rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
                      >
                        {promotion.isActive ? "Pasif Yap" : "Aktif Yap"}
                      </button>
                    </Form>
                  )}
                  <EditLink to={`/admin/promotions/edit/${promotion.id}`} />
                  <DeleteRowForm id={promotion.id} label={promotion.title} />
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
