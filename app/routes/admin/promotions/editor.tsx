import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useState } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { FormTabList, useErrorTabs } from "~/components/form-tabs";
import { CheckboxField, ErrorList, Field, SelectField, SubmitButton, TextareaField, useIsPending } from "~/components/forms";
import { ImageField } from "~/components/image-field";
import { RichTextEditor } from "~/components/rich-text-editor";
import {
  BONUS_TYPE_LABELS,
  BONUS_TYPES,
  chipsOf,
  headlineOf,
  isBonusType,
  WAGERING_BASES,
  WAGERING_BASIS_LABELS,
} from "~/modules/promotions/bonus-terms";
import { istanbulToday } from "~/lib/dates";
import { EditedVersion, withoutStaleEdit } from "~/components/stale-edit";
import {
  PROMOTION_MESSAGES,
  PROMOTION_TABS,
  PromotionFormSchema,
  splitTerms,
  type PromotionEditorOptions,
  type PromotionEditorValue,
  type PromotionTabId,
} from "~/modules/promotions/promotions.schema";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(PromotionFormSchema);

type Props = { promotion: PromotionEditorValue | null; options: PromotionEditorOptions; lastResult?: SubmissionResult<string[]> };

/** A typed number for the live preview only (the server validates what is saved). */
function previewNumber(value: unknown): number | null {
  // A field posted twice comes back as a list: no preview (the server refuses it with 400).
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return null;
  const number = Number(/^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, "") : text.replace(",", "."));
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/**
 * admin.md §2 "Promotion form": one editor for new and edit, in tabs (issue 11 §1 added
 * 'Bonus Şartları'). Every tab stays in the form (the hidden ones only hidden), so a save
 * always posts every field; a tab whose fields have errors is marked, and a failed save
 * opens the first such tab.
 */
export function PromotionEditor({ promotion, options, lastResult }: Props) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "promotion-editor",
    lastResult,
    constraint: fieldProps.constraint,
    // admin.md §3: a new promotion is active unless unchecked.
    defaultValue: promotion ?? { isActive: true },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PromotionFormSchema }),
  });
  const [tab, setTab] = useState<PromotionTabId>("details");
  const [terms, setTerms] = useState(promotion?.terms ?? "");

  // conform's `fields` is a proxy: ask for each field by name.
  const { tabsWithErrors, noteSubmit } = useErrorTabs(PROMOTION_TABS, (name) => Boolean(fields[name as keyof typeof fields].errors?.length), lastResult, setTab);

  const formProps = getFormProps(form);
  const categoryOptions = options.categories;
  const numeric = { inputMode: "numeric" as const, autoComplete: "off" };
  const bonusType = fields.bonusType.value;
  const preview = {
    headline: headlineOf({
      bonusType: isBonusType(bonusType) ? bonusType : null,
      bonusAmount: previewNumber(fields.bonusAmount.value),
      bonusPercent: previewNumber(fields.bonusPercent.value),
      bonusCap: previewNumber(fields.bonusCap.value),
      freeSpins: previewNumber(fields.freeSpins.value),
    }),
    chips: chipsOf({ wageringMultiplier: previewNumber(fields.wageringMultiplier.value), minDeposit: previewNumber(fields.minDeposit.value) }, null),
  };

  return (
    <section className="max-w-3xl">
      <Link to="/admin/promotions" className="text-sm text-slate-600 hover:underline">
        ← Promosyonlar
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold">{promotion ? "Promosyonu Düzenle" : "Yeni Promosyon Ekle"}</h1>
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          noteSubmit(event);
          formProps.onSubmit(event);
        }}
        className="rounded-xl bg-white shadow-sm"
      >
        <FormTabList label="Promosyon formu" idPrefix="promotion" tabs={PROMOTION_TABS} current={tab} onSelect={setTab} tabsWithErrors={tabsWithErrors} />

        <div className="space-y-5 p-6">
          <ErrorList id={form.errorId} errors={withoutStaleEdit(form.errors)} />
          <EditedVersion version={promotion?.version} lastResult={lastResult} />

          <div role="tabpanel" id="promotion-panel-details" aria-labelledby="promotion-tab-details" hidden={tab !== "details"} className="space-y-5">
            <Field
              label="Promosyon Başlığı"
              // ADR 023: the address follows the title, numbered when the casino already has it.
              hint={promotion ? `Sitedeki adresi: ${promotion.address}` : undefined}
              errors={fields.title.errors}
              inputProps={fieldProps.input(fields.title, { type: "text" })}
            />
            <SelectField label="Casino" errors={fields.casinoId.errors} selectProps={fieldProps.select(fields.casinoId)}>
              <option value="">{PROMOTION_MESSAGES.noCasino}</option>
              {options.casinos.map((casino) => (
                <option key={casino.id} value={casino.id}>
                  {casino.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Kategori"
              errors={fields.categoryId.errors}
              selectProps={fieldProps.select(fields.categoryId)}
              hint={
                <Link to="/admin/categories" className="font-medium text-brand-700 hover:underline">
                  Kategorileri Yönet
                </Link>
              }
            >
              {categoryOptions.length === 0 ? (
                <option value="">{PROMOTION_MESSAGES.noCategory}</option>
              ) : (
                <>
                  <option value="">Kategori seçin</option>
                  {categoryOptions.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.isActive ? category.name : `${category.name} (pasif)`}
                    </option>
                  ))}
                </>
              )}
            </SelectField>
            <ImageField
              id={fields.imageUrl.id}
              name={fields.imageUrl.name}
              label="Görsel"
              bucket="promotions"
              defaultValue={promotion?.imageUrl ?? ""}
              errors={fields.imageUrl.errors}
              hint={PROMOTION_MESSAGES.imageHint}
            />
            <TextareaField label="Kısa Açıklama" errors={fields.shortDescription.errors} textareaProps={{ ...fieldProps.textarea(fields.shortDescription), rows: 3 }} />
            <RichTextEditor
              id={fields.fullDescription.id}
              name={fields.fullDescription.name}
              label="Detaylı Açıklama"
              defaultValue={promotion?.fullDescription ?? ""}
              minHeight={200}
              errors={fields.fullDescription.errors}
            />
            <div>
              <TextareaField
                label="Şartlar ve Koşullar"
                hint="Her satıra bir şart yazın."
                errors={fields.terms.errors}
                textareaProps={{ ...fieldProps.textarea(fields.terms), rows: 5, onChange: (event) => setTerms(event.currentTarget.value) }}
              />
              {splitTerms(terms).length > 0 && (
                <ul aria-label="Şartlar önizleme" className="mt-2 list-disc space-y-1 rounded-lg bg-slate-50 py-3 pl-8 pr-3 text-sm text-slate-700">
                  {splitTerms(terms).map((term, index) => (
                    <li key={`${index}-${term}`}>{term}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>

          <div role="tabpanel" id="promotion-panel-settings" aria-labelledby="promotion-tab-settings" hidden={tab !== "settings"} className="space-y-5">
            <Field label="Promosyon URL" errors={fields.url.errors} inputProps={{ ...fieldProps.input(fields.url, { type: "url" }), placeholder: "https://" }} />
            <Field label="Promosyon Kodu" hint="İsteğe bağlı" errors={fields.promotionCode.errors} inputProps={fieldProps.input(fields.promotionCode, { type: "text" })} />
            <Field
              label="Bitiş Tarihi"
              hint="İsteğe bağlı; Türkiye saati. Boş bırakılırsa süresiz."
              errors={fields.expiryDate.errors}
              inputProps={fieldProps.input(fields.expiryDate, { type: "datetime-local" })}
            />
            <CheckboxField label="Aktif (sitede yayınlanır)" errors={fields.isActive.errors} inputProps={fieldProps.input(fields.isActive, { type: "checkbox" })} />
          </div>

          <div role="tabpanel" id="promotion-panel-terms" aria-labelledby="promotion-tab-terms" hidden={tab !== "terms"} className="space-y-5">
            <p className="text-sm text-slate-600">
              Hepsi isteğe bağlı; tutarlar kuruşsuz TL. Promosyon kodu ve bitiş tarihi &quot;Promosyon Ayarları&quot; sekmesinde. Kartlarda ve detay sayfasında gösterilir, çevrim hesaplayıcısı bunlarla hesaplar.
            </p>
            <SelectField label="Bonus Türü" errors={fields.bonusType.errors} selectProps={fieldProps.select(fields.bonusType)}>
              <option value="">Belirtilmedi</option>
              {BONUS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BONUS_TYPE_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Bonus Tutarı (TL)" hint="Sabit tutar, ör. 500" errors={fields.bonusAmount.errors} inputProps={{ ...fieldProps.input(fields.bonusAmount, { type: "text" }), ...numeric }} />
              <Field label="Bonus Yüzdesi (%)" hint="1-1000, ör. 100" errors={fields.bonusPercent.errors} inputProps={{ ...fieldProps.input(fields.bonusPercent, { type: "text" }), ...numeric }} />
              <Field label="Üst Limit (TL)" hint="Yalnızca yüzdeyle" errors={fields.bonusCap.errors} inputProps={{ ...fieldProps.input(fields.bonusCap, { type: "text" }), ...numeric }} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Freespin Sayısı" errors={fields.freeSpins.errors} inputProps={{ ...fieldProps.input(fields.freeSpins, { type: "text" }), ...numeric }} />
              <Field label="Minimum Yatırım (TL)" errors={fields.minDeposit.errors} inputProps={{ ...fieldProps.input(fields.minDeposit, { type: "text" }), ...numeric }} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Çevrim Katı (x)"
                hint="0-200, bir ondalık: 35 veya 12,5; 0 = çevrimsiz"
                errors={fields.wageringMultiplier.errors}
                inputProps={{ ...fieldProps.input(fields.wageringMultiplier, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
              />
              <SelectField label="Çevrim Tabanı" errors={fields.wageringBasis.errors} selectProps={fieldProps.select(fields.wageringBasis)}>
                {WAGERING_BASES.map((basis) => (
                  <option key={basis} value={basis}>
                    {WAGERING_BASIS_LABELS[basis]}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Maksimum Bahis (TL)" errors={fields.maxBet.errors} inputProps={{ ...fieldProps.input(fields.maxBet, { type: "text" }), ...numeric }} />
              <Field label="Maksimum Çekim (TL)" errors={fields.maxCashout.errors} inputProps={{ ...fieldProps.input(fields.maxCashout, { type: "text" }), ...numeric }} />
            </div>
            <Field label="Geçerli Oyunlar" hint="ör. Slot oyunları (canlı casino hariç)" errors={fields.eligibleGames.errors} inputProps={fieldProps.input(fields.eligibleGames, { type: "text" })} />
            <div className="flex flex-wrap items-end gap-3">
              <Field
                className="flex-1"
                label="Son Doğrulama Tarihi"
                hint="Şartları sitede en son kontrol ettiğiniz gün"
                errors={fields.lastVerifiedAt.errors}
                inputProps={{ ...fieldProps.input(fields.lastVerifiedAt, { type: "date" }), max: istanbulToday() }}
              />
              <button
                type="button"
                onClick={() => form.update({ name: fields.lastVerifiedAt.name, value: istanbulToday() })}
                className="mb-6 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-500"
              >
                Bugün doğrulandı
              </button>
            </div>
            <div aria-live="polite" className="rounded-lg bg-slate-50 p-4 text-sm">
              <p className="font-semibold text-slate-700">Kart önizlemesi</p>
              <p className="mt-1 text-lg font-extrabold text-slate-900">{preview.headline ?? "Bonus değeri girilmedi"}</p>
              {preview.chips.length > 0 && <p className="mt-1 text-slate-700">{preview.chips.map((chip) => chip.text).join(" · ")}</p>}
            </div>
          </div>

          <div className="flex gap-3 border-t border-slate-100 pt-5">
            <SubmitButton pending={pending}>{promotion ? "Güncelle" : "Kaydet"}</SubmitButton>
            <Link to="/admin/promotions" className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
              İptal
            </Link>
          </div>
        </div>
      </Form>
    </section>
  );
}
