import { useEffect, useRef, useState } from "react";
import { notify } from "~/components/toaster";
import { AI_MESSAGES, overSeoLimit, pageSeoErrorMessage, type AiPageSeoAnswer, type AiSuccess, type PageSeoSuggestion } from "~/modules/ai/ai.schema";
import { SEO_GUIDANCE } from "~/modules/seo/seo.schema";
import { aiRequest } from "./ai-fetch";

// admin.md §2 "SEO settings": an AI suggestion dialog lists three suggestions to pick from;
// a title past 60 or a description past 160 characters is shown in red. Picking one fills the
// page's form (the operator still saves it); nothing is stored here. The page's text is
// collected by the server from the public page, so only its name and path are sent.

type Props = { pageName: string; pagePath: string; aiConfigured: boolean; onPick: (suggestion: PageSeoSuggestion) => void };

export function PageSeoSuggestButton({ pageName, pagePath, aiConfigured, onPick }: Props) {
  const [loading, setLoading] = useState(false);
  const [suggestions, setSuggestions] = useState<PageSeoSuggestion[] | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (suggestions && element && !element.open) element.showModal();
  }, [suggestions]);

  async function ask() {
    setLoading(true);
    try {
      const answer = await aiRequest<AiSuccess<AiPageSeoAnswer>>("/admin/ai/page-seo", { form: { pageName, pagePath } });
      if (answer.ok) setSuggestions(answer.suggestions);
      // The server words both §8 messages; a failure before it answered gets the second's frame.
      else void notify.error(answer.error.startsWith("SEO önerileri") ? answer.error : pageSeoErrorMessage(answer.error));
    } finally {
      setLoading(false);
    }
  }

  const titleId = `seo-ai-${pagePath.replace(/[^a-z0-9]+/gi, "-")}-title`;
  return (
    <>
      <button
        type="button"
        onClick={ask}
        disabled={!aiConfigured || loading}
        aria-busy={loading || undefined}
        title={aiConfigured ? undefined : AI_MESSAGES.notConfigured}
        className="rounded-lg border border-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        {loading ? "Öneriler oluşturuluyor..." : "AI öneri"}
      </button>
      {!aiConfigured && <span className="text-xs text-slate-500">{AI_MESSAGES.notConfigured}</span>}
      {suggestions && (
        <dialog ref={dialog} aria-labelledby={titleId} onClose={() => setSuggestions(null)} className="m-auto w-full max-w-2xl rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50">
          <div className="space-y-4 p-6">
            <h2 id={titleId} className="text-lg font-bold">
              AI SEO önerileri: {pageName}
            </h2>
            <p className="text-sm text-slate-600">
              Başlık en fazla {SEO_GUIDANCE.title}, açıklama en fazla {SEO_GUIDANCE.description} karakter olmalı; sınırı aşanlar kırmızıyla gösterilir. Seçtiğiniz öneri forma yazılır, kaydetmek için Kaydet&apos;e basın.
            </p>
            <ol className="space-y-3">
              {suggestions.map((suggestion, index) => (
                <SuggestionCard
                  key={index}
                  index={index}
                  suggestion={suggestion}
                  onPick={() => {
                    onPick(suggestion);
                    dialog.current?.close();
                  }}
                />
              ))}
            </ol>
            <div className="flex justify-end">
              <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
                Kapat
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  );
}

function SuggestionCard({ index, suggestion, onPick }: { index: number; suggestion: PageSeoSuggestion; onPick: () => void }) {
  const over = overSeoLimit(suggestion);
  return (
    <li data-testid="seo-suggestion" className="rounded-lg border border-slate-200 p-4">
      <p className="text-xs font-semibold uppercase text-slate-500">Öneri {index + 1}</p>
      <p className={`mt-1 font-semibold ${over.title ? "text-red-600" : ""}`} data-over-limit={over.title || undefined}>
        {suggestion.title}{" "}
        <span className="whitespace-nowrap text-xs font-normal tabular-nums">
          ({suggestion.title.length}/{SEO_GUIDANCE.title}
          {over.title ? `, ${SEO_GUIDANCE.title} karakteri aşıyor` : ""})
        </span>
      </p>
      <p className={`mt-1 text-sm ${over.description ? "text-red-600" : "text-slate-700"}`} data-over-limit={over.description || undefined}>
        {suggestion.description}{" "}
        <span className="whitespace-nowrap text-xs tabular-nums">
          ({suggestion.description.length}/{SEO_GUIDANCE.description}
          {over.description ? `, ${SEO_GUIDANCE.description} karakteri aşıyor` : ""})
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-500">Anahtar kelimeler: {suggestion.keywords || "—"}</p>
      <button type="button" onClick={onPick} className="mt-3 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Bu öneriyi kullan
      </button>
    </li>
  );
}
