import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useState } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorList, Field, SubmitButton, useIsPending } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text-editor";
import { PLACEHOLDER_IMAGE } from "~/components/promotion-card";
import { CASINO_MESSAGES, CasinoFormSchema, type CasinoEditorValue } from "~/modules/casinos/casinos.schema";
import { EditedVersion, withoutStaleEdit } from "~/components/stale-edit";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(CasinoFormSchema);

/** admin.md §2 "Casino form": one editor for new and edit. */
export function CasinoEditor({ casino, lastResult }: { casino: CasinoEditorValue | null; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "casino-editor",
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: casino ? { name: casino.name, url: casino.url, logoUrl: casino.logoUrl, description: casino.description, currentAddress: casino.currentAddress ?? "" } : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CasinoFormSchema }),
  });
  const [logo, setLogo] = useState(casino?.logoUrl ?? "");

  return (
    <section className="max-w-3xl">
      <Link to="/admin/casinos" className="text-sm text-slate-600 hover:underline">
        ← Casino Siteleri
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold">{casino ? "Casino Sitesini Düzenle" : "Yeni Casino Sitesi Ekle"}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-xl bg-white p-6 shadow-sm">
        <ErrorList id={form.errorId} errors={withoutStaleEdit(form.errors)} />
        <EditedVersion version={casino?.version} lastResult={lastResult} />
        <Field label="Site Adı" errors={fields.name.errors} inputProps={fieldProps.input(fields.name, { type: "text" })} />
        <Field label="Site URL" errors={fields.url.errors} inputProps={{ ...fieldProps.input(fields.url, { type: "url" }), placeholder: "https://" }} />
        {/* Issue 11 §3: changing it moves every outbound link of the casino at once. */}
        <Field
          label="Güncel adres"
          errors={fields.currentAddress.errors}
          hint={CASINO_MESSAGES.currentAddressHint}
          inputProps={{ ...fieldProps.input(fields.currentAddress, { type: "url" }), placeholder: "https://" }}
        />
        {casino && casino.formerHosts.length > 0 && (
          <p className="-mt-3 text-xs text-slate-500">Eski adresler (bu adreslere yazılmış promosyon bağlantıları da taşınır): {casino.formerHosts.join(", ")}</p>
        )}
        <div className="flex items-start gap-4">
          <Field
            className="flex-1"
            label="Logo URL"
            errors={fields.logoUrl.errors}
            inputProps={{ ...fieldProps.input(fields.logoUrl, { type: "text" }), onChange: (event) => setLogo(event.currentTarget.value) }}
          />
          {logo && (
            <img
              src={logo}
              alt="Logo önizleme"
              width={64}
              height={64}
              className="mt-6 h-16 w-16 rounded-lg border border-slate-200 object-contain"
              onError={(event) => {
                // admin.md §2: a logo that does not load shows the placeholder.
                if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
            />
          )}
        </div>
        <RichTextEditor id={fields.description.id} name={fields.description.name} label="Site Açıklaması" defaultValue={casino?.description ?? ""} minHeight={200} errors={fields.description.errors} />
        <div className="flex gap-3">
          <SubmitButton pending={pending}>{casino ? "Güncelle" : "Kaydet"}</SubmitButton>
          <Link to="/admin/casinos" className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
            İptal
          </Link>
        </div>
      </Form>
    </section>
  );
}
