import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, EmptyRow, SearchBox, SortHeader, TABLE_CLASS, TABLE_WRAPPER_CLASS, DeleteRowForm, EditLink } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { notify } from "~/components/toaster";
import { actorOf } from "~/lib/command.server";
import { readForm, splitErrors, refuseSubmission } from "~/lib/form-action.server";
import { parseListQuery, lastPageHref } from "~/lib/list-query";
import { requireAdmin } from "~/modules/auth/auth.server";
import { SPLASH_AD_MESSAGES, SPLASH_AD_SORTS } from "~/modules/splash-ads/splash-ads.schema";
import { listSplashAdsForAdmin, removeSplashAd, setSplashAdActiveAs } from "~/modules/splash-ads/splash-ads.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Splash Reklamlar | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url, SPLASH_AD_SORTS, { sort: "createdAt", dir: "desc" });
  const list = await listSplashAdsForAdmin(query);
  const last = lastPageHref(url, list);
  if (last) throw redirect(last);
  return { query, list };
}

const ListIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.uuid(SPLASH_AD_MESSAGES.toggleFailed), isActive: z.enum(["true", "false"], SPLASH_AD_MESSAGES.toggleFailed) }),
  z.object({ intent: z.literal("delete"), id: z.uuid(SPLASH_AD_MESSAGES.deleteFailed) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: ListIntent });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const actor = actorOf(admin, context);
  const intent = submission.value;
  const here = new URL(request.url).pathname + new URL(request.url).search;
  if (intent.intent === "toggle") {
    const result = await setSplashAdActiveAs(actor, intent.id, intent.isActive === "true");
    if (!result.ok) return refuseSubmission(request, submission, 404, splitErrors(result.fieldErrors));
    return redirectWithToast(request, here, { type: "success", message: result.value.isActive ? SPLASH_AD_MESSAGES.activated : SPLASH_AD_MESSAGES.deactivated });
  }
  const result = await removeSplashAd(actor, intent.id);
  if (!result.ok) return refuseSubmission(request, submission, 404, splitErrors(result.fieldErrors));
  return redirectWithToast(request, here, { type: "success", message: SPLASH_AD_MESSAGES.deleted });
}

export default function SplashAdList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const error = actionData?.result?.error;
  const failure = error?.[""]?.[0] ?? error?.id?.[0] ?? error?.isActive?.[0];
  // admin.md §8: a failed toggle or delete is told in a toast ('Durum değiştirilemedi', 'Splash reklam silinemedi').
  useEffect(() => {
    if (failure) void notify.error(failure);
  }, [actionData, failure]);

  return (
    <section>
      <AdminPageHeader title="Splash Reklamlar" action={{ to: "/admin/splash-ads/new", label: "Yeni Splash Reklam" }} />
      <SearchBox q={query.q} label="Splash reklam ara" />
      <ErrorList errors={failure ? [failure] : undefined} />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 text-left">
                Görsel
              </th>
              <SortHeader label="Başlık" sort="title" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-left">
                Bağlantı
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Durum
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={5}>{query.q ? "Aramanıza uyan splash reklam bulunamadı" : "Henüz splash reklam yok"}</EmptyRow>}
            {list.items.map((ad) => (
              <tr key={ad.id}>
                <td className="px-4 py-3">
                  <img src={ad.imageUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover" />
                </td>
                <td className="px-4 py-3 font-medium">{ad.title}</td>
                <td className="max-w-[16rem] truncate px-4 py-3 text-slate-600">
                  <a href={ad.href} target="_blank" rel="noreferrer noopener" className="hover:underline">
                    {ad.href}
                  </a>
                  {/* Issue 11 §3: an ad for a casino leads through /git/ to its current address. */}
                  {ad.casinoName && <span className="block text-xs text-slate-500">Casino: {ad.casinoName}</span>}
                </td>
                <td className="px-4 py-3">
                  <Form method="post" className="inline">
                    <input type="hidden" name="id" value={ad.id} />
                    <input type="hidden" name="isActive" value={ad.isActive ? "false" : "true"} />
                    <button
                      type="submit"
                      name="intent"
                      value="toggle"
                      role="switch"
                      aria-checked={ad.isActive}
                      aria-label={`${ad.title} aktif`}
                      className={`rounded-full px-3 py-1 text-xs font-semibold ${ad.isActive ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-600"}`}
                    >
                      {ad.isActive ? "Aktif" : "Pasif"}
                    </button>
                  </Form>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  <EditLink to={`/admin/splash-ads/edit/${ad.id}`} />
                  <DeleteRowForm id={ad.id} label={ad.title} />
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
