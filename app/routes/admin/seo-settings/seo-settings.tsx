import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/seo-settings";
import { AdminPageHeader } from "~/components/admin-list";
import { PageSeoSuggestButton } from "~/components/ai/page-seo-suggestions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SubmitButton, TextareaField } from "~/components/forms";
import { actorOf } from "~/lib/command.server";
import { readForm, submitForm } from "~/lib/form-action.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { SEO_GUIDANCE, SEO_LIMITS, SEO_MESSAGES, SeoFormSchema, seoCounter, type SeoSettingView } from "~/modules/seo/seo.schema";
import { listSeoSettingsForAdmin, saveSeoSetting } from "~/modules/seo/seo.server";
import { isAiConfigured } from "~/modules/ai/ai.server";
import { redirectWithToast } from "~/lib/toast.server";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(SeoFormSchema);

// admin.md §2 "SEO settings": an accordion per page (details/summary), one form each, told
// apart by the row id they post. A save returns to the page's own panel (#seo-{id}).

export const meta: Route.MetaFunction = () => [{ title: "SEO Ayarları | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { pages: await listSeoSettingsForAdmin(), aiConfigured: isAiConfigured() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return submitForm(
    request,
    await readForm(request),
    SeoFormSchema,
    (input) => saveSeoSetting(actorOf(admin, context), input),
    (saved) => redirectWithToast(request, `/admin/seo-settings#seo-${saved.id}`, { type: "success", message: SEO_MESSAGES.saved }),
  );
}

export default function SeoSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, aiConfigured } = loaderData;
  const { hash } = useLocation();
  const result = actionData?.result;
  const resultId = result?.initialValue?.id;
  return (
    <section className="max-w-3xl">
      <AdminPageHeader title="SEO Ayarları" />
      <p className="mb-4 text-sm text-slate-600">
        Başlık en fazla {SEO_GUIDANCE.title}, açıklama en fazla {SEO_GUIDANCE.description} karakter önerilir. Boş bırakılan alanlarda ana sayfanın ayarı kullanılır.
      </p>
      {resultId === undefined && <ErrorList errors={result?.error?.id ?? result?.error?.[""]} />}
      <div className="space-y-3">
        {pages.map((page) => (
          <SeoPageForm
            key={`${page.id}:${page.updatedAt}`}
            page={page}
            open={hash === `#seo-${page.id}` || resultId === page.id}
            lastResult={resultId === page.id ? result : undefined}
            aiConfigured={aiConfigured}
          />
        ))}
      </div>
    </section>
  );
}

/** The live 'N/60' counter; past the guidance it turns red and says why (saving is still allowed). */
function GuidanceHint({ value, guidance, warning }: { value: string; guidance: number; warning: string }) {
  const { text, over } = seoCounter(value, guidance);
  return (
    <span className={`flex justify-between gap-3 ${over ? "text-red-600" : ""}`}>
      <span>{over ? warning : ""}</span>
      <span data-testid="seo-counter" className={`tabular-nums ${over ? "font-semibold" : ""}`}>
        {text}
      </span>
    </span>
  );
}

function SeoPageForm({ page, open, lastResult, aiConfigured }: { page: SeoSettingView; open: boolean; lastResult?: SubmissionResult<string[]>; aiConfigured: boolean }) {
  const formId = `seo-form-${page.id}`;
  const navigation = useNavigation();
  // Several forms post to the same URL: only the one being saved says 'Kaydediliyor...'.
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === page.id;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: { id: page.id, title: page.title, description: page.description, keywords: page.keywords },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SeoFormSchema }),
  });
  const title = fields.title.value ?? "";
  const description = fields.description.value ?? "";
  return (
    <details id={`seo-${page.id}`} open={open || undefined} className="group rounded-xl bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4">
        <span>
          <span className="font-semibold">{page.pageName}</span> <span className="text-sm text-slate-500">{page.pagePath}</span>
        </span>
        <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form method="post" {...getFormProps(form)} className="space-y-4 border-t border-slate-100 px-5 pb-5 pt-4">
        <input type="hidden" name="id" value={page.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Başlık"
          hint={<GuidanceHint value={title} guidance={SEO_GUIDANCE.title} warning={SEO_MESSAGES.titleOverGuidance} />}
          errors={fields.title.errors}
          inputProps={{ ...fieldProps.input(fields.title, { type: "text" }), maxLength: SEO_LIMITS.title }}
        />
        <TextareaField
          label="Açıklama"
          hint={<GuidanceHint value={description} guidance={SEO_GUIDANCE.description} warning={SEO_MESSAGES.descriptionOverGuidance} />}
          errors={fields.description.errors}
          textareaProps={{ ...fieldProps.textarea(fields.description), rows: 3, maxLength: SEO_LIMITS.description }}
        />
        <Field
          label="Anahtar Kelimeler"
          hint="Virgülle ayırın: casino bonusu, deneme bonusu"
          errors={fields.keywords.errors}
          inputProps={{ ...fieldProps.input(fields.keywords, { type: "text" }), maxLength: SEO_LIMITS.keywords }}
        />
        <div className="flex items-center gap-3">
          <SubmitButton pending={pending}>Kaydet</SubmitButton>
          {/* admin.md §2 "SEO settings": a picked suggestion fills the form; saving stays the operator's. */}
          <PageSeoSuggestButton
            pageName={page.pageName}
            pagePath={page.pagePath}
            aiConfigured={aiConfigured}
            onPick={(suggestion) => {
              form.update({ name: fields.title.name, value: suggestion.title });
              form.update({ name: fields.description.name, value: suggestion.description });
              form.update({ name: fields.keywords.name, value: suggestion.keywords });
            }}
          />
        </div>
      </Form>
    </details>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
