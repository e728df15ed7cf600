import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader, EmptyRow, TABLE_CLASS, TABLE_WRAPPER_CLASS } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SubmitButton, useIsPending } from "~/components/forms";
import { actorOf, type CommandResult } from "~/lib/command.server";
import { formatDateTimeTr } from "~/lib/dates";
import { readForm, submitForm } from "~/lib/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { postPublicPath } from "~/modules/blog/blog.schema";
import {
  DAILY_PUBLISH_MAX,
  DAILY_PUBLISH_MIN,
  DailyCountFormSchema,
  PUBLISHING_MESSAGES,
  PublishingIntentSchema,
  publishNowText,
  type PublishingDashboard,
  type PublishingIntent,
  type PublishingLogItem,
} from "~/modules/publishing/publishing.schema";
import { getPublishingDashboard, publishNow, saveDailyPublishCount, setScheduledPublishingActive } from "~/modules/publishing/publishing.server";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(DailyCountFormSchema);

// admin.md §2 "Scheduled publishing dashboard": draft count, daily limit, next publish time,
// the on/off toggle, the daily count, last and next publish, the manual publish button and
// the last 20 log entries. Three forms told apart by `intent`.
const HERE = "/admin/scheduled-publishing";

export const meta: Route.MetaFunction = () => [{ title: "Zamanlanmış Yayınlar | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getPublishingDashboard();
}

/** admin.md §8 "Publishing": what an unexpected failure of each form reads. */
function failureMessageOf(intent: FormDataEntryValue | null): string | undefined {
  return intent === "publish-now" ? PUBLISHING_MESSAGES.errorDuring("Bilinmeyen hata") : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const actor = actorOf(admin, context);
  const formData = await readForm(request);
  return submitForm(
    request,
    formData,
    PublishingIntentSchema,
    async (input: PublishingIntent): Promise<CommandResult<string>> => {
      if (input.intent === "toggle") {
        const result = await setScheduledPublishingActive(actor, input.isActive);
        return result.ok ? { ok: true, value: input.isActive ? PUBLISHING_MESSAGES.activated : PUBLISHING_MESSAGES.deactivated } : result;
      }
      if (input.intent === "daily-count") {
        const result = await saveDailyPublishCount(actor, input.dailyPublishCount);
        return result.ok ? { ok: true, value: PUBLISHING_MESSAGES.dailyCountSaved } : result;
      }
      const result = await publishNow(actor);
      return result.ok ? { ok: true, value: PUBLISHING_MESSAGES.published(result.value.length) } : result;
    },
    (message) => redirectWithToast(request, HERE, { type: "success", message }),
    failureMessageOf(formData.get("intent")),
  );
}

const when = (iso: string | null, none: string) => (iso ? formatDateTimeTr(iso) : none);

export default function ScheduledPublishing({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, draftCount, logs } = loaderData satisfies PublishingDashboard;
  const result = actionData?.result;
  const intent = result?.initialValue?.intent;
  const formErrorsOf = (name: PublishingIntent["intent"]) => (intent === name ? (result?.error?.[""] ?? undefined) : undefined);
  const noDrafts = draftCount === 0;
  return (
    <section>
      <AdminPageHeader title="Zamanlanmış Yayınlar" />
      <p className="-mt-4 mb-6 text-sm text-slate-500">
        Taslak blog yazıları her gün belirlenen sayıda, en eskiden başlayarak yayınlanır. Saatler İstanbul saatiyle gösterilir.{" "}
        <Link to="/admin/test-edge-function" className="font-medium text-brand-700 hover:underline">
          Yayın fonksiyonlarını test et
        </Link>
      </p>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Taslak Blog Sayısı">{draftCount}</StatCard>
        <StatCard label="Günlük Yayın Limiti">{settings.dailyPublishCount}</StatCard>
        <StatCard label="Sonraki Yayın Zamanı">
          <span className="text-lg">{settings.isActive ? when(settings.nextPublishAt, "—") : "Kapalı"}</span>
        </StatCard>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="publishing-settings" className="space-y-5 rounded-xl bg-white p-6 shadow-sm">
          <h2 id="publishing-settings" className="text-lg font-bold">
            Yayın Ayarları
          </h2>
          {noDrafts && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{PUBLISHING_MESSAGES.noDrafts}. Ayarlar taslak eklenince değiştirilebilir.</p>}
          <ToggleForm isActive={settings.isActive} disabled={noDrafts} errors={formErrorsOf("toggle")} />
          <DailyCountForm key={settings.dailyPublishCount} value={settings.dailyPublishCount} disabled={noDrafts} lastResult={intent === "daily-count" ? result : undefined} />
          <dl className="grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 text-sm">
            <div>
              <dt className="text-slate-500">Son Yayın</dt>
              <dd className="mt-1 font-medium">{when(settings.lastPublishedAt, "Henüz yayın yapılmadı")}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Sonraki Yayın</dt>
              <dd className="mt-1 font-medium">{when(settings.nextPublishAt, "—")}</dd>
              {!settings.isActive && <dd className="text-xs text-slate-500">Zamanlanmış yayın kapalıyken yayın yapılmaz.</dd>}
            </div>
          </dl>
        </section>

        <section aria-labelledby="manual-publish" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
          <h2 id="manual-publish" className="text-lg font-bold">
            Elle Yayınla
          </h2>
          <p className="text-sm text-slate-600">
            {publishNowText(settings.dailyPublishCount, draftCount)} Zamanlanmış yayın saati değişmez.
          </p>
          <PublishNowForm errors={formErrorsOf("publish-now")} />
        </section>
      </div>

      <section aria-labelledby="publishing-log" className="mt-8">
        <h2 id="publishing-log" className="mb-3 text-lg font-bold">
          Yayın Geçmişi
        </h2>
        <LogTable logs={logs} />
      </section>
    </section>
  );
}

function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <article className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-slate-500">{label}</h2>
      <p className="mt-2 text-3xl font-bold">{children}</p>
    </article>
  );
}

/** admin.md §4: on/off; disabled when there is no draft. The wanted state is posted. */
function ToggleForm({ isActive, disabled, errors }: { isActive: boolean; disabled: boolean; errors?: string[] }) {
  const pending = useIsPending({ intent: "toggle" });
  return (
    <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="isActive" value={String(!isActive)} />
      <span id="toggle-label" className="text-sm font-medium text-slate-700">
        Otomatik Yayınlama
      </span>
      <button
        type="submit"
        role="switch"
        aria-checked={isActive}
        aria-labelledby="toggle-label"
        disabled={disabled || pending}
        className={`relative inline-flex h-7 w-12 items-center rounded-full transition disabled:opacity-50 ${isActive ? "bg-green-600" : "bg-slate-300"}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${isActive ? "translate-x-6" : "translate-x-1"}`} />
      </button>
      <span className={`text-sm font-semibold ${isActive ? "text-green-700" : "text-slate-500"}`}>{isActive ? "Açık" : "Kapalı"}</span>
      <div className="basis-full">
        <ErrorList errors={errors} />
      </div>
    </Form>
  );
}

function DailyCountForm({ value, disabled, lastResult }: { value: number; disabled: boolean; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending({ intent: "daily-count" });
  const [form, fields] = useForm({
    id: "daily-count-form",
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: { intent: "daily-count", dailyPublishCount: value },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DailyCountFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="daily-count" />
      <fieldset disabled={disabled} className="flex flex-wrap items-end gap-3 disabled:opacity-60">
        <Field
          className="w-48"
          label="Günlük Yayın Sayısı"
          hint={`${DAILY_PUBLISH_MIN} ile ${DAILY_PUBLISH_MAX} arası`}
          errors={fields.dailyPublishCount.errors}
          inputProps={{ ...fieldProps.input(fields.dailyPublishCount, { type: "number" }), step: 1 }}
        />
        <SubmitButton pending={pending} className="mb-5">
          Kaydet
        </SubmitButton>
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function PublishNowForm({ errors }: { errors?: string[] }) {
  const publishing = useIsPending({ intent: "publish-now" });
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="publish-now" />
      <button
        type="submit"
        disabled={publishing}
        aria-busy={publishing || undefined}
        className="rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {publishing ? "Yayınlanıyor..." : "Şimdi Yayınla"}
      </button>
      <ErrorList errors={errors} />
    </Form>
  );
}

function LogTable({ logs }: { logs: PublishingLogItem[] }) {
  return (
    <div className={TABLE_WRAPPER_CLASS}>
      <table className={TABLE_CLASS}>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 text-left">
              Blog Yazısı
            </th>
            <th scope="col" className="px-4 py-3 text-left">
              Yayın Zamanı
            </th>
            <th scope="col" className="px-4 py-3 text-left">
              Kaynak
            </th>
            <th scope="col" className="px-4 py-3 text-left">
              Durum
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {logs.length === 0 && <EmptyRow colSpan={4}>Henüz yayın kaydı yok</EmptyRow>}
          {logs.map((log) => (
            <tr key={log.id}>
              <td className="px-4 py-3 font-medium">
                {log.title && log.slug ? (
                  <Link to={postPublicPath({ slug: log.slug })} className="text-brand-700 hover:underline">
                    {log.title}
                  </Link>
                ) : (
                  <span className="text-slate-500">{log.title ?? PUBLISHING_MESSAGES.deletedPost}</span>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatDateTimeTr(log.publishedAt)}</td>
              <td className="px-4 py-3 text-slate-600">{log.message ?? "—"}</td>
              <td className="px-4 py-3">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${log.status === "success" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}>
                  {log.status === "success" ? "Başarılı" : log.status}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
