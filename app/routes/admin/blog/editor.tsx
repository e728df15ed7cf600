import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { FormTabList, useErrorTabs } from "~/components/form-tabs";
import { ErrorList, Field, SubmitButton, TextareaField, useIsPending } from "~/components/forms";
import { ImageField } from "~/components/image-field";
import { RichTextEditor } from "~/components/rich-text-editor";
import { notify } from "~/components/toaster";
import { countWords, htmlToText } from "~/lib/text";
import { AiCreateDialog } from "~/components/ai/ai-create-dialog";
import { aiRequest } from "~/components/ai/ai-fetch";
import { AI_MESSAGES, AI_WORDS, type AiExpandAnswer, type AiSeoAnswer, type AiSuccess, type BulkJobView, type GeneratedBlogPost, type SeoMeta } from "~/modules/ai/ai.schema";
import {
  BLOG_POST_TABS,
  BLOG_STATUS_LABELS,
  BlogPostFormSchema,
  effectiveSlug,
  postPublicPath,
  type BlogPostEditorValue,
  type BlogPostTabId,
} from "~/modules/blog/blog.schema";
import { SEO_GUIDANCE } from "~/modules/seo/seo.schema";
import { EditedVersion, withoutStaleEdit } from "~/components/stale-edit";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(BlogPostFormSchema);

type Props = {
  post: BlogPostEditorValue | null;
  categories: string[];
  ai: { configured: boolean; pendingJob?: BulkJobView | null };
  lastResult?: SubmissionResult<string[]>;
};

// The AI module's HTTP contract (issue 9 §3): admin-only POSTs answering JSON, reached
// with components/ai/ai-fetch.ts: a lost session is a message, never a navigation that
// would throw the unsaved post away.
const AI_ACTIONS = { seo: "/admin/ai/seo", expand: "/admin/ai/expand" } as const;
type AiControlId = keyof typeof AI_ACTIONS;

/**
 * admin.md §2 "Blog post editor": one editor for new and edit, in two tabs. Both tabs stay
 * in the form (the hidden one only hidden), so a save always posts every field; a tab whose
 * fields have errors is marked, and a failed save opens the first such tab.
 */
export function BlogPostEditor({ post, categories, ai, lastResult }: Props) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "blog-post-editor",
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: post ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogPostFormSchema }),
  });
  const [tab, setTab] = useState<BlogPostTabId>("content");
  // conform follows every input event, so these are what the fields hold now (word count,
  // SEO counters, slug preview), AI-filled values included.
  const value = (name: "title" | "excerpt" | "content" | "seoTitle" | "seoDescription" | "seoKeywords" | "slug") => {
    const current = fields[name].value;
    return typeof current === "string" ? current : "";
  };

  const { tabsWithErrors, noteSubmit } = useErrorTabs(BLOG_POST_TABS, (name) => Boolean(fields[name as keyof typeof fields].errors?.length), lastResult, setTab);

  // ---- AI: SEO fields and content expansion (issue 9 §3), through the AI module's endpoints.
  const [aiBusy, setAiBusy] = useState<AiControlId | null>(null);
  const [aiError, setAiError] = useState<{ at: AiControlId; message: string } | null>(null);
  // The rich-text editor takes its text when it mounts: a new text (expanded, or a generated
  // post) remounts it under the next revision, whichever of the two came last.
  const [editorContent, setEditorContent] = useState<{ revision: number; html: string | null }>({ revision: 0, html: null });
  const replaceContent = (html: string) => {
    form.update({ name: fields.content.name, value: html });
    setEditorContent((current) => ({ revision: current.revision + 1, html }));
  };
  const failAi = (at: AiControlId, message: string) => {
    setAiError({ at, message });
    void notify.error(message);
  };

  const fillSeo = (seo: SeoMeta) => {
    form.update({ name: fields.seoTitle.name, value: seo.title });
    form.update({ name: fields.seoDescription.name, value: seo.description });
    form.update({ name: fields.seoKeywords.name, value: seo.keywords });
  };

  const askAi = async (at: AiControlId) => {
    const content = value("content");
    // admin.md §5: content must not be empty for SEO generation and expansion (checked here, before asking).
    if (!htmlToText(content)) return failAi(at, AI_MESSAGES.contentRequired);
    setAiError(null);
    setAiBusy(at);
    // Left for another page while the model wrote: there is no form to fill any more.
    const editorOpen = () => document.forms.namedItem(form.id) !== null;
    try {
      const body = { title: value("title"), content };
      if (at === "seo") {
        const answer = await aiRequest<AiSuccess<AiSeoAnswer>>(AI_ACTIONS.seo, { form: body });
        if (!answer.ok) return failAi(at, answer.error);
        if (!editorOpen()) return;
        fillSeo(answer.seo);
        void notify.success("SEO alanları dolduruldu");
      } else {
        const answer = await aiRequest<AiSuccess<AiExpandAnswer>>(AI_ACTIONS.expand, { form: body });
        if (!answer.ok) return failAi(at, answer.error);
        if (!editorOpen()) return;
        replaceContent(answer.content);
        void notify.success("İçerik genişletildi");
      }
    } finally {
      setAiBusy(null);
    }
  };
  /** A generated post (the 'Create content with AI' dialog, single mode) fills the form. */
  const fillFromDraft = (draft: GeneratedBlogPost) => {
    form.update({ name: fields.title.name, value: draft.title });
    form.update({ name: fields.excerpt.name, value: draft.excerpt });
    form.update({ name: fields.seoKeywords.name, value: draft.keywords });
    replaceContent(draft.content);
    // The dialog announces it (and warns when it is under 250 words, admin.md §9).
    setTab("content");
  };
  const aiErrorAt = (at: AiControlId) => (aiError?.at === at ? aiError.message : null);

  const words = countWords(value("content"));
  const formProps = getFormProps(form);
  // The address the save will give the post (nothing to show before a title or slug is typed).
  const slugPreview = value("slug").trim() || value("title").trim() ? effectiveSlug(value("slug"), value("title")) : "";

  return (
    <section className="max-w-3xl">
      <Link to="/admin/blog" className="text-sm text-slate-600 hover:underline">
        ← Blog Yazıları
      </Link>
      {/* admin.md §2: 'Create content with AI'. One post fills this form; a bulk run saves its posts and returns to the list. */}
      <div className="mt-3">
        <AiCreateDialog
          aiConfigured={ai.configured}
          pendingJob={ai.pendingJob ?? null}
          onGenerated={fillFromDraft}
          replaces={Boolean(value("title").trim() || value("excerpt").trim() || value("seoKeywords").trim() || words > 0)}
        />
      </div>
      <div className="mb-6 mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{post ? "Edit Blog Post" : "Add New Blog Post"}</h1>
        {post && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${post.isPublished ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}>
            {post.isPublished ? BLOG_STATUS_LABELS.published : BLOG_STATUS_LABELS.draft}
          </span>
        )}
        {post?.isPublished && (
          <a href={postPublicPath(post)} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 hover:underline">
            Sitede görüntüle
          </a>
        )}
      </div>
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          noteSubmit(event);
          formProps.onSubmit(event);
        }}
        className="rounded-xl bg-white shadow-sm"
      >
        <FormTabList label="Blog yazısı formu" idPrefix="blog" tabs={BLOG_POST_TABS} current={tab} onSelect={setTab} tabsWithErrors={tabsWithErrors} />

        <div className="space-y-5 p-6">
          <ErrorList id={form.errorId} errors={withoutStaleEdit(form.errors)} />
          <EditedVersion version={post?.version} lastResult={lastResult} />

          <div role="tabpanel" id="blog-panel-content" aria-labelledby="blog-tab-content" hidden={tab !== "content"} className="space-y-5">
            <Field label="Başlık" errors={fields.title.errors} inputProps={fieldProps.input(fields.title, { type: "text" })} />
            <Field label="Kategori" errors={fields.category.errors} inputProps={{ ...fieldProps.input(fields.category, { type: "text" }), list: "blog-categories", autoComplete: "off" }} />
            <datalist id="blog-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <TextareaField label="Özet" errors={fields.excerpt.errors} textareaProps={{ ...fieldProps.textarea(fields.excerpt), rows: 3 }} />
            <div>
              <RichTextEditor
                key={editorContent.revision}
                id={fields.content.id}
                name={fields.content.name}
                label="İçerik"
                defaultValue={editorContent.html ?? post?.content ?? ""}
                errors={fields.content.errors}
              />
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span aria-live="polite" className="text-slate-600" data-testid="word-count">
                  {words} kelime
                </span>
                {words < AI_WORDS.wanted && (
                  <AiControl configured={ai.configured} busy={aiBusy === "expand"} busyLabel="İçerik genişletiliyor..." onClick={() => void askAi("expand")} variant="link">
                    İçeriği genişlet
                  </AiControl>
                )}
              </div>
              {words < AI_WORDS.wanted && <p className="mt-1 text-xs text-slate-500">En az {AI_WORDS.wanted} kelimelik bir içerik önerilir.</p>}
              <AiMessage text={aiErrorAt("expand")} />
            </div>
            <ImageField id={fields.imageUrl.id} name={fields.imageUrl.name} label="Görsel" bucket="blog-images" defaultValue={post?.imageUrl ?? ""} errors={fields.imageUrl.errors} />
          </div>

          <div role="tabpanel" id="blog-panel-seo" aria-labelledby="blog-tab-seo" hidden={tab !== "seo"} className="space-y-5">
            <div>
              <AiControl configured={ai.configured} busy={aiBusy === "seo"} busyLabel="SEO alanları oluşturuluyor..." onClick={() => void askAi("seo")} variant="button">
                AI ile SEO Optimizasyonu
              </AiControl>
              <AiMessage text={aiErrorAt("seo")} />
            </div>
            <Field
              label="SEO Başlığı"
              hint={<LengthHint length={value("seoTitle").length} limit={SEO_GUIDANCE.title} note="Boş bırakılırsa yazının başlığı kullanılır." />}
              errors={fields.seoTitle.errors}
              inputProps={fieldProps.input(fields.seoTitle, { type: "text" })}
            />
            <TextareaField
              label="SEO Açıklaması"
              hint={<LengthHint length={value("seoDescription").length} limit={SEO_GUIDANCE.description} note="Boş bırakılırsa özet kullanılır." />}
              errors={fields.seoDescription.errors}
              textareaProps={{ ...fieldProps.textarea(fields.seoDescription), rows: 3 }}
            />
            <Field label="SEO Anahtar Kelimeleri" hint="Virgülle ayırın: bonus, casino, rehber" errors={fields.seoKeywords.errors} inputProps={fieldProps.input(fields.seoKeywords, { type: "text" })} />
            <Field
              label="Slug"
              hint={
                <span suppressHydrationWarning>
                  Boş bırakılırsa başlıktan oluşturulur.{slugPreview && ` Adres: ${postPublicPath({ slug: slugPreview })}`}
                </span>
              }
              errors={fields.slug.errors}
              inputProps={fieldProps.input(fields.slug, { type: "text" })}
            />
          </div>

          <div className="flex gap-3 border-t border-slate-100 pt-5">
            <SubmitButton pending={pending}>{post ? "Güncelle" : "Kaydet"}</SubmitButton>
            <Link to="/admin/blog" className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
              İptal
            </Link>
          </div>
        </div>
      </Form>
    </section>
  );
}

/** Counts characters against the SEO guidance (admin.md §5); over the limit it turns red. */
function LengthHint({ length, limit, note }: { length: number; limit: number; note: string }) {
  return (
    <span>
      <span className={length > limit ? "font-semibold text-red-600" : undefined}>
        {length}/{limit}
      </span>{" "}
      {note}
    </span>
  );
}

/** An AI control: disabled with the reason when no model is configured. */
function AiControl({ configured, busy, busyLabel, onClick, variant, children }: { configured: boolean; busy: boolean; busyLabel: string; onClick: () => void; variant: "button" | "link"; children: ReactNode }) {
  const className =
    variant === "button"
      ? "rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent"
      : "font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline";
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        // Like the editor's toolbar: the field being edited keeps the focus, so no blur
        // validation moves this button between the press and the release of a click.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        disabled={!configured || busy}
        aria-busy={busy || undefined}
        className={className}
      >
        {busy ? busyLabel : children}
      </button>
      {!configured && <span className="text-xs text-slate-500">{AI_MESSAGES.notConfigured}</span>}
    </span>
  );
}

function AiMessage({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-600">
      {text}
    </p>
  );
}
