import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { CheckboxField, ErrorList, Field } from "~/components/forms";
import { notify } from "~/components/toaster";
import {
  AI_MESSAGES,
  AI_WORDS,
  AiBlogFormSchema,
  AiBulkFormSchema,
  BULK_COUNT,
  BULK_PER_DAY,
  BULK_STEP_LABELS,
  bulkSavePlan,
  isRunningBulkJob,
  shownKeywords,
  type AiBlogAnswer,
  type AiBulkDiscardAnswer,
  type AiBulkJobAnswer,
  type AiBulkSaveAnswer,
  type AiBulkStartAnswer,
  type AiSuccess,
  type BulkJobView,
  type BulkSaveOutcome,
  type GeneratedBlogPost,
} from "~/modules/ai/ai.schema";
import { AI_FETCH_MESSAGES, aiRequest } from "./ai-fetch";

// admin.md §2 "Blog post editor": the dialog 'Create content with AI' (a topic and a 'bulk
// create' checkbox; in bulk mode a count and a number of posts to publish each day) and its
// results dialog (each post marked 'to be published' or 'draft', its excerpt and up to 5
// keywords, a stepper for how many of the first posts are published, cancel and save all).
// Single mode hands the post to `onGenerated`; bulk mode starts a server job (issue 9 §4)
// and polls it, so closing the tab loses nothing: the page passes the operator's open job
// back in as `pendingJob` (bulk.server.ts latestOpenBulkJob) and the dialog carries on.

type Props = {
  /** Single mode: the generated post goes to the editor. Without it, only bulk mode is offered. */
  onGenerated?: (post: GeneratedBlogPost) => void;
  /** The operator's open bulk job, from the page's loader. */
  pendingJob?: BulkJobView | null;
  /** False when no key is configured: the control says so and stays off. */
  aiConfigured?: boolean;
  /** Called after a bulk save; by default the page's data is reloaded. */
  onSaved?: (outcome: BulkSaveOutcome) => void;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Single mode: the editor already holds text the generated post will replace; the dialog says so before it is asked. */
  replaces?: boolean;
};

const POLL_MS = 1_500;
const TITLE = "AI ile İçerik Oluştur";
// Not in admin.md: a generated post replaces the form's text, and the editor's undo does not
// reach back past it (operator walk-through), so the dialog says so before it is asked.
const AI_REPLACES_TEXT = "Editördeki başlık, özet, anahtar kelimeler ve içerik oluşturulan yazıyla değiştirilecek.";

type Mode = { kind: "form" } | { kind: "job"; job: BulkJobView };

/** What either schema gives: the bulk one adds the count and the per-day number. */
type FormValue = { topic: string; count?: number; perDay?: number };

const isRunning = (job: BulkJobView) => isRunningBulkJob(job.status);

/**
 * A running job the operator sent to the background ('Arka planda devam et', or closing the
 * dialog) stays there on this tab's later pages: it reopened on every load of a page with
 * the dialog (operator walk-through). A new tab, or the job's results, open it again.
 */
const hiddenKey = (id: string) => `ai-job-hidden:${id}`;
function rememberHidden(id: string) {
  try {
    sessionStorage.setItem(hiddenKey(id), "1");
  } catch {
    // Storage off: the dialog opens again on the next page, as before.
  }
}
function keptHidden(job: BulkJobView): boolean {
  if (typeof window === "undefined" || !isRunning(job)) return false;
  try {
    return sessionStorage.getItem(hiddenKey(job.id)) === "1";
  } catch {
    return false;
  }
}

export function AiCreateDialog(props: Props) {
  const { aiConfigured = true, triggerLabel = TITLE, triggerClassName } = props;
  if (!aiConfigured) {
    return (
      <span className="inline-flex flex-col gap-1">
        <button type="button" disabled title={AI_MESSAGES.notConfigured} className={triggerClassName ?? TRIGGER_CLASS}>
          {triggerLabel}
        </button>
        <span className="text-xs text-slate-500">{AI_MESSAGES.notConfigured}</span>
      </span>
    );
  }
  return <ConfiguredAiCreateDialog {...props} />;
}

function ConfiguredAiCreateDialog({ onGenerated, pendingJob, onSaved, triggerLabel = TITLE, triggerClassName, replaces = false }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<Mode>(() => (pendingJob ? { kind: "job", job: pendingJob } : { kind: "form" }));
  // Only the effect below reads it (showModal), so the server's guess cannot mismatch the markup.
  const [open, setOpen] = useState(() => Boolean(pendingJob) && !keptHidden(pendingJob!));
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [publishCount, setPublishCount] = useState(0);
  const savingRef = useRef(false);
  const bulkOnly = !onGenerated;
  const [bulk, setBulk] = useState(bulkOnly);

  // Coming back to the page: the loader found an open job the dialog did not know yet.
  const pendingId = pendingJob?.id;
  const [shownPendingId, setShownPendingId] = useState(pendingId);
  if (pendingJob && pendingId !== shownPendingId) {
    setShownPendingId(pendingId);
    setMode({ kind: "job", job: pendingJob });
    setOpen(!keptHidden(pendingJob));
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const jobId = mode.kind === "job" ? mode.job.id : null;
  const jobRunning = mode.kind === "job" && isRunning(mode.job);

  // Poll the running job until it is done or failed.
  useEffect(() => {
    if (!jobId || !jobRunning) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await aiRequest<AiSuccess<AiBulkJobAnswer>>(`/admin/ai/bulk/${jobId}`, { signal: controller.signal });
        if (controller.signal.aborted) return;
        if (answer.ok) {
          setMode({ kind: "job", job: answer.job });
          if (!isRunning(answer.job)) return;
        } else if (answer.error === AI_FETCH_MESSAGES.signedOut || answer.error === AI_MESSAGES.jobNotFound) {
          // Nothing more to learn by asking again; a lost connection, though, is retried.
          void notify.error(answer.error);
          return;
        }
      } catch {
        return; // aborted
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId, jobRunning]);

  const [form, fields] = useForm<FormValue>({
    id: "ai-create-form",
    defaultValue: { topic: "", count: String(BULK_COUNT.default), perDay: String(BULK_PER_DAY.default) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: (formData.get("bulk") || bulkOnly ? AiBulkFormSchema : AiBlogFormSchema) as z.ZodType<FormValue> }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const { value } = submission;
      void (bulk ? startBulk(value.topic, value.count ?? BULK_COUNT.default, value.perDay ?? BULK_PER_DAY.default) : generateOne(value.topic));
    },
  });

  async function generateOne(topic: string) {
    setBusy(true);
    setFormError(null);
    try {
      const answer = await aiRequest<AiSuccess<AiBlogAnswer>>("/admin/ai/blog", { form: { topic } });
      if (!answer.ok) {
        setFormError(answer.error);
        void notify.error(answer.error);
        return;
      }
      onGenerated?.({ ...answer.post, wordCount: answer.wordCount, ...(answer.warning ? { warning: answer.warning } : {}) });
      void notify.success("İçerik oluşturuldu");
      if (answer.warning) void notify.show({ type: "blank", message: answer.warning });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  async function startBulk(topic: string, count: number, perDay: number) {
    setBusy(true);
    setFormError(null);
    try {
      const answer = await aiRequest<AiSuccess<AiBulkStartAnswer>>("/admin/ai/bulk", { form: { topic, count: String(count), perDay: String(perDay) } });
      if (!answer.ok) {
        setFormError(answer.error);
        void notify.error(answer.error);
        return;
      }
      const now = new Date().toISOString();
      setPublishCount(0);
      setMode({ kind: "job", job: { id: answer.jobId, status: "queued", input: { topic, count, perDay }, progress: [], results: [], error: null, createdAt: now, updatedAt: now } });
    } finally {
      setBusy(false);
    }
  }

  const reset = useCallback(() => {
    setMode({ kind: "form" });
    setPublishCount(0);
    setFormError(null);
  }, []);

  /** Cancel (admin.md §2): the results, or the run still writing them, are discarded. */
  async function discard(job: BulkJobView) {
    setBusy(true);
    try {
      const answer = await aiRequest<AiSuccess<AiBulkDiscardAnswer>>(`/admin/ai/bulk/${job.id}`, { form: { intent: "discard" } });
      if (!answer.ok) void notify.error(answer.error);
    } finally {
      setBusy(false);
    }
    reset();
    setOpen(false);
  }

  async function saveAll(job: BulkJobView) {
    savingRef.current = true;
    setSaving(true);
    try {
      const answer = await aiRequest<AiSuccess<AiBulkSaveAnswer>>(`/admin/ai/bulk/${job.id}`, { form: { intent: "save", publishCount: String(publishCount) } });
      if (!answer.ok) {
        void notify.error(answer.error);
        return;
      }
      // admin.md §8 "Batch save": a warning shows how many saved and how many failed.
      void notify.show({ type: answer.failed > 0 ? "blank" : "success", message: answer.message });
      savingRef.current = false;
      reset();
      setOpen(false);
      if (onSaved) onSaved(answer);
      else void revalidator.revalidate();
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  /** Closing: a running job goes on in the background; results or a failure are discarded. */
  function onDialogClose() {
    if (savingRef.current) {
      // admin.md §4: the results dialog cannot be closed while saving.
      dialog.current?.showModal();
      return;
    }
    setOpen(false);
    if (mode.kind === "job" && isRunning(mode.job)) rememberHidden(mode.job.id);
    if (mode.kind === "job" && !isRunning(mode.job) && !busy) void discard(mode.job);
  }

  const job = mode.kind === "job" ? mode.job : null;
  const heading = job && job.status === "done" ? "Oluşturulan İçerikler" : TITLE;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={triggerClassName ?? TRIGGER_CLASS}>
        {triggerLabel}
        {job && isRunning(job) ? " (devam ediyor)" : job?.status === "done" ? " (sonuçlar hazır)" : ""}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="ai-create-title"
        aria-busy={saving || undefined}
        onCancel={(event) => {
          if (savingRef.current) event.preventDefault();
        }}
        onClose={onDialogClose}
        className="m-auto w-full max-w-2xl rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="space-y-5 p-6">
          <h2 id="ai-create-title" className="text-lg font-bold">
            {heading}
          </h2>
          {!job && (
            <form {...getFormProps(form)} className="space-y-4">
              <ErrorList id={form.errorId} errors={formError ? [formError] : form.errors} />
              <Field label="Konu" hint="Örnek: yeni başlayanlar için çevrim şartları" errors={fields.topic.errors} inputProps={{ ...getInputProps(fields.topic, { type: "text" }), autoFocus: true }} />
              {!bulkOnly && (
                <CheckboxField
                  label="Toplu oluştur"
                  inputProps={{ name: "bulk", checked: bulk, onChange: (event) => setBulk(event.currentTarget.checked) }}
                />
              )}
              {bulkOnly && <input type="hidden" name="bulk" value="on" />}
              {bulk && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field
                    label="Oluşturulacak içerik sayısı"
                    hint={`${BULK_COUNT.min} ile ${BULK_COUNT.max} arası`}
                    errors={fields.count.errors}
                    inputProps={{ ...getInputProps(fields.count, { type: "number" }), min: BULK_COUNT.min, max: BULK_COUNT.max, step: 1 }}
                  />
                  <Field
                    label="Günlük yayın sayısı"
                    hint={`${BULK_PER_DAY.min} ile ${BULK_PER_DAY.max} arası; 0: taslaklar otomatik yayınlanmaz`}
                    errors={fields.perDay.errors}
                    inputProps={{ ...getInputProps(fields.perDay, { type: "number" }), min: BULK_PER_DAY.min, max: BULK_PER_DAY.max, step: 1 }}
                  />
                </div>
              )}
              {!bulk && replaces && (
                <p id="ai-create-replaces" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {AI_REPLACES_TEXT}
                </p>
              )}
              <div className="flex gap-3">
                <button
                  type="submit"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  aria-describedby={!bulk && replaces ? "ai-create-replaces" : undefined}
                  className={PRIMARY_CLASS}
                >
                  {busy ? "Oluşturuluyor..." : bulk ? "İçerikleri Oluştur" : "İçerik Oluştur"}
                </button>
                <button type="button" onClick={() => setOpen(false)} className={SECONDARY_CLASS}>
                  Kapat
                </button>
              </div>
            </form>
          )}
          {job && isRunning(job) && <JobProgress job={job} busy={busy} onHide={() => setOpen(false)} onCancel={() => discard(job)} />}
          {job && job.status === "failed" && (
            <div className="space-y-4">
              <p role="alert" className="text-sm text-red-700">
                {job.error ?? AI_MESSAGES.jobNoneSucceeded}
              </p>
              <ProgressList job={job} />
              <button type="button" disabled={busy} onClick={() => discard(job)} className={SECONDARY_CLASS}>
                Kapat
              </button>
            </div>
          )}
          {job && job.status === "done" && (
            <Results job={job} publishCount={publishCount} setPublishCount={setPublishCount} saving={saving} busy={busy} onCancel={() => discard(job)} onSave={() => saveAll(job)} />
          )}
        </div>
      </dialog>
    </>
  );
}

const TRIGGER_CLASS = "rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const PRIMARY_CLASS = "rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const SECONDARY_CLASS = "rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold disabled:opacity-60";

function ProgressList({ job }: { job: BulkJobView }) {
  if (job.progress.length === 0) return null;
  return (
    <ol aria-label="İlerleme" className="space-y-2">
      {job.progress.map((entry) => (
        <li key={entry.index} data-step={entry.step} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <span className="font-medium">
            {entry.index + 1}. {entry.idea}
          </span>{" "}
          <span className={entry.step === "failed" ? "text-red-700" : entry.step === "done" ? "text-emerald-700" : "text-slate-500"}>{BULK_STEP_LABELS[entry.step]}</span>
          {entry.step === "failed" && entry.error && <span className="block text-xs text-red-700">{entry.error}</span>}
          {entry.seoFallback && <span className="block text-xs text-slate-500">SEO bilgileri yazının özetinden ve anahtar kelimelerinden alındı.</span>}
        </li>
      ))}
    </ol>
  );
}

function JobProgress({ job, busy, onHide, onCancel }: { job: BulkJobView; busy: boolean; onHide: () => void; onCancel: () => void }) {
  const finished = job.progress.filter((entry) => entry.step === "done" || entry.step === "failed").length;
  return (
    <div className="space-y-4" aria-live="polite">
      <p className="text-sm text-slate-700">
        <strong>{job.input.topic}</strong>:{" "}
        {job.progress.length === 0 ? "Yazı fikirleri hazırlanıyor..." : `${finished} / ${job.progress.length} yazı tamamlandı`}
      </p>
      <ProgressList job={job} />
      <p className="text-xs text-slate-500">Sayfadan ayrılabilirsiniz: içerikler sunucuda oluşturulmaya devam eder, geri döndüğünüzde burada görünür.</p>
      <div className="flex gap-3">
        <button type="button" onClick={onHide} className={SECONDARY_CLASS}>
          Arka planda devam et
        </button>
        <button type="button" disabled={busy} onClick={onCancel} className={SECONDARY_CLASS}>
          İptal
        </button>
      </div>
    </div>
  );
}

function Results({
  job,
  publishCount,
  setPublishCount,
  saving,
  busy,
  onCancel,
  onSave,
}: {
  job: BulkJobView;
  publishCount: number;
  setPublishCount: (n: number) => void;
  saving: boolean;
  busy: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const total = job.results.length;
  const skipped = job.progress.filter((entry) => entry.step === "failed").length;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {total} yazı oluşturuldu{skipped > 0 ? `, ${skipped} yazı oluşturulamadı` : ""}. {bulkSavePlan(total, publishCount)}
      </p>
      <div className="flex items-center gap-3">
        <span id="ai-publish-count-label" className="text-sm font-medium text-slate-700">
          Yayınlanacak yazı sayısı
        </span>
        <button
          type="button"
          aria-label="Yayınlanacak yazı sayısını azalt"
          disabled={saving || publishCount <= 0}
          onClick={() => setPublishCount(Math.max(0, publishCount - 1))}
          className="h-9 w-9 rounded-lg border border-slate-300 text-lg font-bold disabled:opacity-40"
        >
          −
        </button>
        <output aria-labelledby="ai-publish-count-label" aria-live="polite" className="min-w-8 text-center text-lg font-bold tabular-nums">
          {publishCount}
        </output>
        <button
          type="button"
          aria-label="Yayınlanacak yazı sayısını artır"
          disabled={saving || publishCount >= total}
          onClick={() => setPublishCount(Math.min(total, publishCount + 1))}
          className="h-9 w-9 rounded-lg border border-slate-300 text-lg font-bold disabled:opacity-40"
        >
          +
        </button>
      </div>
      <ol aria-label="Oluşturulan yazılar" className="max-h-[50vh] space-y-3 overflow-y-auto">
        {job.results.map((post, index) => {
          const publish = index < publishCount;
          return (
            <li key={post.sequenceNumber} data-testid="ai-result" className="rounded-lg border border-slate-200 p-4">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold">{post.title}</h3>
                <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${publish ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`}>
                  {publish ? "Yayınlanacak" : "Taslak"}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">{post.excerpt}</p>
              <p className="mt-1 text-xs text-slate-500">
                {post.wordCount} kelime{post.wordCount < AI_WORDS.warnBelow ? " (kısa içerik)" : ""}
              </p>
              <ul aria-label="Anahtar kelimeler" className="mt-2 flex flex-wrap gap-1.5">
                {shownKeywords(post.seoKeywords).map((keyword) => (
                  <li key={keyword} className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                    {keyword}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <div className="flex gap-3">
        <button type="button" disabled={saving || busy} aria-busy={saving || undefined} onClick={onSave} className={PRIMARY_CLASS}>
          {saving ? "Kaydediliyor..." : "Tümünü Kaydet"}
        </button>
        <button type="button" disabled={saving || busy} onClick={onCancel} className={SECONDARY_CLASS}>
          İptal
        </button>
      </div>
    </div>
  );
}
