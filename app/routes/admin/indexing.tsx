import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/indexing";
import { AdminPageHeader, AdminPagination, EmptyRow, TABLE_CLASS, TABLE_WRAPPER_CLASS } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, useIsPending } from "~/components/forms";
import { actorOf } from "~/lib/command.server";
import { formatDateTimeTr } from "~/lib/dates";
import { readForm, refuseSubmission } from "~/lib/form-action.server";
import { lastPageHref, listHref, pickAllowed, parseListQuery } from "~/lib/list-query";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import {
  INDEXING_MESSAGES,
  QUEUE_STATUS_FILTERS,
  QUEUE_STATUS_LABELS,
  queueReasonLabel,
  queueStatusLabel,
  submissionOutcomeLabel,
  type QueueStatusFilter,
} from "~/modules/indexing/indexing.schema";
import { getIndexingOverview, listIndexingQueue, listRecentSubmissions, retryFailedIndexing, sendIndexingNow } from "~/modules/indexing/indexing-admin.server";

// Issue 9 §7: the IndexNow queue for operators: on or off, what waits, what was sent and
// what the search engine answered; send now, and give failed addresses another go.

const TITLE = "Arama Motoru Bildirimleri";

export const meta: Route.MetaFunction = () => [{ title: `${TITLE} | Admin Panel` }];

const STATUS_PARAM = "durum";
const FILTERS = Object.keys(QUEUE_STATUS_FILTERS) as [QueueStatusFilter, ...QueueStatusFilter[]];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const { page } = parseListQuery(url, ["createdAt"], { sort: "createdAt", dir: "desc" });
  const filter = pickAllowed(FILTERS, url.searchParams.get(STATUS_PARAM));
  const [overview, submissions, queue] = await Promise.all([
    getIndexingOverview(),
    listRecentSubmissions(),
    listIndexingQueue({ page, status: filter ? QUEUE_STATUS_FILTERS[filter] : null }),
  ]);
  const last = lastPageHref(url, queue);
  if (last) throw redirect(last);
  return { overview, submissions, queue, filter };
}

const IndexingIntent = z.discriminatedUnion("intent", [z.object({ intent: z.literal("send") }), z.object({ intent: z.literal("retry") })]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: IndexingIntent });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const actor = actorOf(admin, context);
  const back = new URL(request.url).pathname + new URL(request.url).search;
  if (submission.value.intent === "retry") {
    const result = await retryFailedIndexing(actor);
    const count = result.ok ? result.value.count : 0;
    return redirectWithToast(request, back, { type: "success", message: INDEXING_MESSAGES.retried(count) });
  }
  const run = await sendIndexingNow(actor);
  if (run.state === "off") return refuseSubmission(request, submission, 409, { formErrors: [INDEXING_MESSAGES.offAction] });
  if (run.state === "no-site-url") return refuseSubmission(request, submission, 409, { formErrors: [INDEXING_MESSAGES.noSiteUrl] });
  const urls = run.batches.reduce((sum, batch) => sum + batch.urlCount, 0);
  if (run.batches.length === 0) return redirectWithToast(request, back, { type: "blank", message: INDEXING_MESSAGES.sentNothing });
  const failed = run.batches.find((batch) => batch.outcome !== "submitted");
  return redirectWithToast(
    request,
    back,
    failed ? { type: "error", message: INDEXING_MESSAGES.sendFailed(failed.urlCount) } : { type: "success", message: INDEXING_MESSAGES.sent(urls, run.batches.length) },
  );
}

const STATUS_BADGE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-800",
  sending: "bg-sky-100 text-sky-800",
  submitted: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

const OUTCOME_BADGE: Record<string, string> = {
  submitted: "bg-emerald-100 text-emerald-800",
  "rate-limited": "bg-amber-100 text-amber-800",
  rejected: "bg-red-100 text-red-800",
  error: "bg-red-100 text-red-800",
};

const BUTTON = "rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";

function Badge({ tone, children }: { tone: string | undefined; children: string }) {
  return <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${tone ?? "bg-slate-100 text-slate-700"}`}>{children}</span>;
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value.toLocaleString("tr-TR")}</dd>
    </div>
  );
}

export default function IndexingScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, submissions, queue, filter } = loaderData;
  // Either form's request keeps both buttons off; only a send reads 'Gönderiliyor...'.
  const pending = useIsPending();
  const sending = useIsPending({ intent: "send" });
  return (
    <section>
      <AdminPageHeader title={TITLE} />
      <div className="mb-6 rounded-xl bg-white p-4 text-sm shadow-sm">
        <p>
          IndexNow:{" "}
          <strong className={overview.enabled ? "text-emerald-700" : "text-slate-600"}>{overview.enabled ? "Açık" : "Kapalı"}</strong>
        </p>
        {!overview.enabled && <p className="mt-2 text-slate-600">{INDEXING_MESSAGES.off}</p>}
        {overview.enabled && !overview.canSend && (
          <p role="alert" className="mt-2 text-amber-800">
            {INDEXING_MESSAGES.noSiteUrl}
          </p>
        )}
        {overview.keyLocation && (
          <p className="mt-2 text-slate-600">
            Anahtar dosyası: <span className="break-all font-mono">{overview.keyLocation}</span>
          </p>
        )}
        {overview.nextAttemptAt && (
          <p className="mt-2 text-slate-600">
            Sıradaki deneme: <time dateTime={overview.nextAttemptAt}>{formatDateTimeTr(overview.nextAttemptAt)}</time>
          </p>
        )}
      </div>

      <dl className="mb-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        <Stat label="Bekleyen" value={overview.counts.pending} />
        <Stat label="Gönderiliyor" value={overview.counts.sending} />
        <Stat label="Başarısız" value={overview.counts.failed} />
        <Stat label="Gönderilen" value={overview.counts.submitted} />
      </dl>

      <ErrorList errors={actionData?.result?.error?.[""]} />
      <div className="mb-8 flex flex-wrap gap-3">
        <Form method="post">
          <button type="submit" name="intent" value="send" disabled={!overview.enabled || pending} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
            {sending ? "Gönderiliyor..." : "Şimdi gönder"}
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="retry" disabled={overview.counts.failed === 0 || pending} className={`${BUTTON} border border-slate-300 bg-white`}>
            Başarısızları yeniden dene
          </button>
        </Form>
      </div>

      <h2 className="mb-3 text-lg font-semibold">Son gönderimler</h2>
      <div className={`${TABLE_WRAPPER_CLASS} mb-8`}>
        <table className={TABLE_CLASS}>
          <caption className="sr-only">Son gönderimler</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {["Zaman", "Adres sayısı", "HTTP durumu", "Sonuç", "Ayrıntı", "Süre"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 text-left">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {submissions.length === 0 && <EmptyRow colSpan={6}>Henüz gönderim yapılmadı</EmptyRow>}
            {submissions.map((submission) => (
              <tr key={submission.id}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={submission.createdAt}>{formatDateTimeTr(submission.createdAt, { seconds: true })}</time>
                </td>
                <td className="px-4 py-3">{submission.urlCount.toLocaleString("tr-TR")}</td>
                <td className="px-4 py-3 font-mono">{submission.httpStatus ?? "—"}</td>
                <td className="px-4 py-3">
                  <Badge tone={OUTCOME_BADGE[submission.outcome]}>{submissionOutcomeLabel(submission.outcome)}</Badge>
                </td>
                <td className="max-w-[20rem] truncate px-4 py-3 text-slate-600" title={submission.detail ?? undefined}>
                  {submission.detail ?? "—"}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{submission.durationMs === null ? "—" : `${submission.durationMs} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mb-3 text-lg font-semibold">Kuyruk</h2>
      <nav aria-label="Durum filtresi" className="mb-3 flex flex-wrap gap-2 text-sm">
        <Link to={listHref("/admin/indexing", {})} aria-current={filter === null ? "page" : undefined} className={filter === null ? "font-semibold underline" : "hover:underline"}>
          Tümü
        </Link>
        {FILTERS.map((value) => (
          <Link key={value} to={listHref("/admin/indexing", { [STATUS_PARAM]: value })} aria-current={filter === value ? "page" : undefined} className={filter === value ? "font-semibold underline" : "hover:underline"}>
            {QUEUE_STATUS_LABELS[QUEUE_STATUS_FILTERS[value]]}
          </Link>
        ))}
      </nav>
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <caption className="sr-only">Kuyruk</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {["Adres", "Neden", "Durum", "Deneme", "Sıradaki deneme", "Eklendi"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 text-left">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {queue.items.length === 0 && <EmptyRow colSpan={6}>{filter ? "Bu durumda adres yok" : "Kuyruk boş"}</EmptyRow>}
            {queue.items.map((item) => (
              <tr key={item.id}>
                <td className="max-w-[22rem] truncate px-4 py-3 font-mono text-xs" title={`/${item.path}`}>
                  /{item.path}
                </td>
                <td className="px-4 py-3">{queueReasonLabel(item.reason)}</td>
                <td className="px-4 py-3">
                  <Badge tone={STATUS_BADGE[item.status]}>{queueStatusLabel(item.status)}</Badge>
                </td>
                <td className="px-4 py-3">{item.attempts}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  {item.status === "pending" ? <time dateTime={item.nextAttemptAt}>{formatDateTimeTr(item.nextAttemptAt)}</time> : "—"}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={item.createdAt}>{formatDateTimeTr(item.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination page={queue.page} pageCount={queue.pageCount} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
