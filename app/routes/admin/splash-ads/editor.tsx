import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { CheckboxField, ErrorList, Field, SelectField, SubmitButton, useIsPending } from "~/components/forms";
import { ImageField } from "~/components/image-field";
import { SPLASH_AD_MESSAGES, SplashAdFormSchema, type SplashAdCasinoOption, type SplashAdEditorValue } from "~/modules/splash-ads/splash-ads.schema";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(SplashAdFormSchema);

/** admin.md §2 "Splash ads": one editor for new and edit. */
export function SplashAdEditor({
  splashAd,
  casinos,
  lastResult,
}: {
  splashAd: SplashAdEditorValue | null;
  casinos: readonly SplashAdCasinoOption[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "splash-ad-editor",
    lastResult,
    constraint: fieldProps.constraint,
    // A new ad is active unless unticked (splash_ads.is_active defaults to true).
    defaultValue: splashAd ? { ...splashAd, casinoId: splashAd.casinoId ?? "" } : { isActive: true },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SplashAdFormSchema }),
  });

  return (
    <section className="max-w-3xl">
      <Link to="/admin/splash-ads" className="text-sm text-slate-600 hover:underline">
        ← Splash Reklamlar
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold">{splashAd ? "Splash Reklamı Düzenle" : "Yeni Splash Reklam Ekle"}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-xl bg-white p-6 shadow-sm">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Başlık" errors={fields.title.errors} inputProps={fieldProps.input(fields.title, { type: "text" })} />
        <Field label="Hedef URL" errors={fields.href.errors} inputProps={{ ...fieldProps.input(fields.href, { type: "url" }), placeholder: "https://" }} />
        <SelectField label="Casino" errors={fields.casinoId.errors} hint={SPLASH_AD_MESSAGES.casinoHint} selectProps={fieldProps.select(fields.casinoId)}>
          <option value="">{SPLASH_AD_MESSAGES.noCasino}</option>
          {casinos.map((casino) => (
            <option key={casino.id} value={casino.id}>
              {casino.name}
            </option>
          ))}
        </SelectField>
        <ImageField
          id={fields.imageUrl.id}
          name={fields.imageUrl.name}
          label="Görsel"
          bucket="splash-ads"
          hint={SPLASH_AD_MESSAGES.imageHint}
          defaultValue={splashAd?.imageUrl ?? ""}
          errors={fields.imageUrl.errors}
        />
        <CheckboxField label="Aktif (sitede gösterilir)" errors={fields.isActive.errors} inputProps={fieldProps.input(fields.isActive, { type: "checkbox" })} />
        <div className="flex gap-3">
          <SubmitButton pending={pending}>{splashAd ? "Güncelle" : "Kaydet"}</SubmitButton>
          <Link to="/admin/splash-ads" className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
            İptal
          </Link>
        </div>
      </Form>
    </section>
  );
}
