import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { Form, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/settings";
import { AdminPageHeader } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SubmitButton, TextareaField, useIsPending } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text-editor";
import { actorOf, type CommandResult } from "~/lib/command.server";
import { readForm, submitForm } from "~/lib/form-action.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { DEFAULT_COMPLIANCE, SPLASH_FREQUENCY_HOURS } from "~/modules/content/content";
import {
  COMPLIANCE_LIMITS,
  ComplianceFormSchema,
  ContentFormSchema,
  HERO_LIMITS,
  HeroFormSchema,
  SETTINGS_MESSAGES,
  SETTINGS_TABS,
  SettingsIntentSchema,
  type SettingsEditorValue,
  type SettingsTab,
} from "~/modules/content/content.schema";
import { getSettingsForEdit, saveComplianceSettings, saveContentSettings, saveHeroSettings } from "~/modules/content/content.server";
import { redirectWithToast } from "~/lib/toast.server";

// admin.md §2 "Settings": tabs 'Hero Bölümü' and 'İçerik Alanları' (and issue 11 §5's
// 'Sorumlu Oyun'), one form each, told apart by `intent`. The tab is in the URL
// (?sekme=icerik) so a save returns to it.
const TAB_PARAM = "sekme";
const TAB_VALUES: Record<SettingsTab, string | null> = { hero: null, content: "icerik", compliance: "sorumlu-oyun" };
const tabSearch = (tab: SettingsTab) => (TAB_VALUES[tab] ? `?${TAB_PARAM}=${TAB_VALUES[tab]}` : "");
const SAVED_MESSAGES: Record<SettingsTab, string> = {
  hero: SETTINGS_MESSAGES.heroSaved,
  content: SETTINGS_MESSAGES.contentSaved,
  compliance: SETTINGS_MESSAGES.complianceSaved,
};

function tabOf(intent: unknown, search: string | null): SettingsTab {
  const known = SETTINGS_TABS.find((t) => t.id === intent);
  if (known) return known.id;
  return SETTINGS_TABS.find((t) => TAB_VALUES[t.id] === search)?.id ?? "hero";
}

export const meta: Route.MetaFunction = () => [{ title: "Ayarlar | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { settings: await getSettingsForEdit() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const actor = actorOf(admin, context);
  return submitForm(
    request,
    await readForm(request),
    SettingsIntentSchema,
    async (input): Promise<CommandResult<SettingsTab>> => {
      const result =
        input.intent === "hero"
          ? await saveHeroSettings(actor, input)
          : input.intent === "content"
            ? await saveContentSettings(actor, input)
            : await saveComplianceSettings(actor, input);
      return result.ok ? { ok: true, value: input.intent } : result;
    },
    (saved) => redirectWithToast(request, `/admin/settings${tabSearch(saved)}`, { type: "success", message: SAVED_MESSAGES[saved] }),
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const [searchParams] = useSearchParams();
  const result = actionData?.result;
  const resultIntent = result?.initialValue?.intent;
  const tab = tabOf(resultIntent, searchParams.get(TAB_PARAM));
  return (
    <section className="max-w-3xl">
      <AdminPageHeader title="Ayarlar" />
      <div role="tablist" aria-label="Ayar bölümleri" className="mb-4 flex gap-1 border-b border-slate-200">
        {SETTINGS_TABS.map((t) => (
          <Link
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            to={tabSearch(t.id) || "?"}
            replace
            preventScrollReset
            className={`-mb-px rounded-t-lg border px-4 py-2 text-sm font-semibold ${tab === t.id ? "border-slate-200 border-b-white bg-white text-slate-900" : "border-transparent text-slate-500 hover:text-slate-800"}`}
          >
            {t.label}
          </Link>
        ))}
      </div>
      {/* Every tab's form stays mounted, the others hidden: switching tabs keeps what was typed
          (unmounting them threw it away: operator walk-through). Keyed by the saved time: after
          a save a form starts again from the stored values. */}
      {SETTINGS_TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`} hidden={tab !== t.id} className="rounded-xl bg-white p-6 shadow-sm">
          {t.id === "hero" ? (
            <HeroForm key={settings.hero.updatedAt ?? "default"} hero={settings.hero} lastResult={resultIntent === "hero" ? result : undefined} />
          ) : t.id === "content" ? (
            <ContentForm key={settings.contentUpdatedAt ?? "default"} html={settings.blogSectionText} lastResult={resultIntent === "content" ? result : undefined} />
          ) : (
            <ComplianceForm key={settings.contentUpdatedAt ?? "default"} compliance={settings.compliance} lastResult={resultIntent === "compliance" ? result : undefined} />
          )}
        </div>
      ))}
    </section>
  );
}

// Built once per form: its constraint, and its fields' props read against it (lib/conform-props.ts).
const heroFields = buildFieldProps(HeroFormSchema);
const contentFields = buildFieldProps(ContentFormSchema);
const complianceFields = buildFieldProps(ComplianceFormSchema);

function HeroForm({ hero, lastResult }: { hero: SettingsEditorValue["hero"]; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending();
  const { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl } = hero;
  const [form, fields] = useForm({
    id: "hero-form",
    lastResult,
    constraint: heroFields.constraint,
    defaultValue: { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl },
    // admin.md §4: the save button is disabled until the form is changed (the intent is no change).
    shouldDirtyConsider: (name) => name !== "intent",
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HeroFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-lg font-bold">Hero Bölümü</h2>
      <input type="hidden" name="intent" value="hero" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Üst Başlık" errors={fields.upperTitle.errors} inputProps={{ ...heroFields.input(fields.upperTitle, { type: "text" }), maxLength: HERO_LIMITS.upperTitle }} />
      <Field label="Ana Başlık" errors={fields.mainTitle.errors} inputProps={{ ...heroFields.input(fields.mainTitle, { type: "text" }), maxLength: HERO_LIMITS.mainTitle }} />
      <Field
        label="Vurgulanacak Metin"
        hint="Ana başlığın içinde vurgulanır; başlıkta geçmiyorsa başlığın önüne eklenir."
        errors={fields.highlightedText.errors}
        inputProps={{ ...heroFields.input(fields.highlightedText, { type: "text" }), maxLength: HERO_LIMITS.highlightedText }}
      />
      <TextareaField label="Açıklama" errors={fields.description.errors} textareaProps={{ ...heroFields.textarea(fields.description), rows: 3, maxLength: HERO_LIMITS.description }} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Buton Metni" errors={fields.buttonText.errors} inputProps={{ ...heroFields.input(fields.buttonText, { type: "text" }), maxLength: HERO_LIMITS.buttonText }} />
        <Field
          label="Buton URL"
          hint="https://..., /bonuslar veya #promotions-section"
          errors={fields.buttonUrl.errors}
          inputProps={{ ...heroFields.input(fields.buttonUrl, { type: "text" }), maxLength: HERO_LIMITS.buttonUrl }}
        />
      </div>
      <SubmitButton pending={pending} disabled={!form.dirty}>
        Kaydet
      </SubmitButton>
    </Form>
  );
}

function ContentForm({ html, lastResult }: { html: string; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "content-form",
    lastResult,
    constraint: contentFields.constraint,
    defaultValue: { blogSectionText: html },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContentFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-lg font-bold">İçerik Alanları</h2>
      <input type="hidden" name="intent" value="content" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <RichTextEditor id={fields.blogSectionText.id} name={fields.blogSectionText.name} label="Blog Bölümü Metni" defaultValue={html} errors={fields.blogSectionText.errors} />
      <p className="text-xs text-slate-500">Ana sayfada blog yazılarının altında gösterilir; boş bırakılırsa bölüm gösterilmez.</p>
      <SubmitButton pending={pending}>Kaydet</SubmitButton>
    </Form>
  );
}

function ComplianceForm({ compliance, lastResult }: { compliance: SettingsEditorValue["compliance"]; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "compliance-form",
    lastResult,
    constraint: complianceFields.constraint,
    defaultValue: { ...compliance, splashFrequencyHours: String(compliance.splashFrequencyHours) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ComplianceFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-lg font-bold">Sorumlu Oyun</h2>
      <p className="text-sm text-slate-600">Her sayfanın altındaki 18+ ve sorumlu oyun satırında gösterilir.</p>
      <input type="hidden" name="intent" value="compliance" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Yardım hattı adı"
          hint={`Boş bırakılırsa: ${DEFAULT_COMPLIANCE.helplineLabel}`}
          errors={fields.helplineLabel.errors}
          inputProps={{ ...complianceFields.input(fields.helplineLabel, { type: "text" }), maxLength: COMPLIANCE_LIMITS.helplineLabel }}
        />
        <Field
          label="Yardım hattı bağlantısı"
          hint={`https://... veya tel:115; boş bırakılırsa: ${DEFAULT_COMPLIANCE.helplineUrl}`}
          errors={fields.helplineUrl.errors}
          inputProps={{ ...complianceFields.input(fields.helplineUrl, { type: "text" }), maxLength: COMPLIANCE_LIMITS.helplineUrl }}
        />
      </div>
      <Field
        label="Splash reklam sıklığı (saat)"
        hint="Bir ziyaretçiye splash reklam en fazla bu kadar saatte bir gösterilir (24 = günde bir)."
        errors={fields.splashFrequencyHours.errors}
        inputProps={{ ...complianceFields.input(fields.splashFrequencyHours, { type: "number" }), min: SPLASH_FREQUENCY_HOURS.min, max: SPLASH_FREQUENCY_HOURS.max, step: 1 }}
        className="max-w-xs"
      />
      <SubmitButton pending={pending}>Kaydet</SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
