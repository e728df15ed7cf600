import OpenAI from "openai";
import type { z } from "zod";
import { getEnv } from "~/env.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { countWords, cutText, htmlToText } from "~/lib/text";
import { SEO_GUIDANCE, SEO_LIMITS } from "~/modules/seo/seo.schema";
import {
  AI_MESSAGES,
  AI_WORDS,
  BLOG_FIELD_LIMITS,
  BlogAnswerSchema,
  cleanModelText,
  DEFAULT_AI_MODEL,
  ExpandAnswerSchema,
  FALLBACK_KEYWORDS,
  fitExcerpt,
  fitKeywords,
  fitSeo,
  fitTitle,
  IdeasAnswerSchema,
  PAGE_SEO_SUGGESTIONS,
  PageSeoAnswerSchema,
  SeoAnswerSchema,
  shortContentWarning,
  type BlogIdea,
  type GeneratedBlogPost,
  type GeneratedPost,
  type PageSeoSuggestion,
  type SeoMeta,
} from "./ai.schema";

/**
 * The language model (admin.md §7 "Language model provider"), called from the server only:
 * the key never leaves this module. Every call has a timeout and no SDK retries (a retry
 * would multiply the operator's wait), its answer is parsed with zod (JSON, also inside a
 * ```json fence), and every failure becomes `{ ok: false, message }` with a Turkish message
 * (admin.md §8 "Model errors"); nothing here throws.
 */

// A generous ceiling for one call: the longest (10,000 tokens of blog text) takes well under it.
export const AI_TIMEOUT_MS = 60_000;

export type AiOptions = { apiKey: string | null; baseURL?: string; model: string; timeoutMs: number };

/**
 * Why a call failed: `not-configured` (no key), `invalid` (the input), `upstream` (the model
 * or the network), `unparseable` and `empty` (the answer), `aborted` (stopped by the caller).
 */
export type AiFailureReason = "not-configured" | "invalid" | "upstream" | "unparseable" | "empty" | "aborted";
export type AiResult<T> = { ok: true; value: T } | { ok: false; message: string; reason: AiFailureReason };

export function aiOptionsFromEnv(env: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; AI_MODEL?: string }): AiOptions {
  return { apiKey: env.OPENAI_API_KEY ?? null, baseURL: env.OPENAI_BASE_URL, model: env.AI_MODEL || DEFAULT_AI_MODEL, timeoutMs: AI_TIMEOUT_MS };
}

let configured: AiOptions | undefined;

/** Replaces the environment's configuration (tests point it at a fake server); `undefined` restores it. */
export function configureAi(options: AiOptions | undefined): void {
  configured = options;
}

function currentOptions(): AiOptions {
  return configured ?? aiOptionsFromEnv(getEnv());
}

/** Whether a key is set; without one every AI control says so and nothing else changes. */
export function isAiConfigured(): boolean {
  return Boolean(currentOptions().apiKey);
}

/** Options of one call: admin.md §7's parameters, and a signal to stop it early. */
type CallOptions = { maxTokens: number; temperature?: number; signal?: AbortSignal };

const SYSTEM_PROMPT =
  "Sen Türkçe yazan, deneyimli bir casino ve bahis içerik editörüsün. Sorumlu oyun ilkelerine uygun, abartısız ve özgün yazarsın. " +
  "Yanıtını yalnızca istenen biçimde, geçerli JSON olarak ver; JSON dışında hiçbir şey yazma.";

type Completion = { ok: true; text: string } | { ok: false; message: string; reason: AiFailureReason };

async function complete(prompt: string, call: CallOptions, failure: string): Promise<Completion> {
  const options = currentOptions();
  if (!options.apiKey) return { ok: false, message: AI_MESSAGES.notConfigured, reason: "not-configured" };
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    // Read fetch at call time, so a test's guard against unexpected requests sees it.
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  // The SDK adds an 'abort' listener to the signal it is given and never removes it: a bulk
  // run's one signal over 21 calls kept 21 (Node warned at the 11th). Each call gets its own
  // signal, tied to the caller's only while the call runs.
  const stop = new AbortController();
  const abort = () => stop.abort(call.signal?.reason);
  if (call.signal?.aborted) abort();
  else call.signal?.addEventListener("abort", abort, { once: true });
  try {
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: prompt },
        ],
        max_tokens: call.maxTokens,
        ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
        response_format: { type: "json_object" },
      },
      { signal: stop.signal },
    );
    // No control character of the model's goes further (a NUL cannot be stored, and no form takes one).
    const text = cleanModelText(completion.choices?.[0]?.message?.content ?? "").trim();
    if (!text) {
      console.warn("AI answered with no text");
      return { ok: false, message: AI_MESSAGES.empty, reason: "empty" };
    }
    return { ok: true, text };
  } catch (error) {
    const mapped = mapAiError(error, failure);
    console.warn(`AI request failed: ${describe(error)}`);
    return mapped;
  } finally {
    call.signal?.removeEventListener("abort", abort);
  }
}

/** admin.md §8 "Model errors": connection failure, 429, 401, a model that is not available. */
export function mapAiError(error: unknown, failure: string): { ok: false; message: string; reason: AiFailureReason } {
  if (error instanceof OpenAI.APIUserAbortError) return { ok: false, message: AI_MESSAGES.aborted, reason: "aborted" };
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { ok: false, message: AI_MESSAGES.timeout, reason: "upstream" };
  if (error instanceof OpenAI.APIConnectionError) return { ok: false, message: AI_MESSAGES.connection, reason: "upstream" };
  if (error instanceof OpenAI.APIError) {
    if (error.status === 429) return { ok: false, message: AI_MESSAGES.rateLimit, reason: "upstream" };
    if (error.status === 401) return { ok: false, message: AI_MESSAGES.unauthorized, reason: "upstream" };
    const modelProblem = error.code === "model_not_found" || (error.status === 404 && /model/i.test(error.message)) || (error.status === 400 && /\bmodel\b/i.test(error.message));
    if (modelProblem) return { ok: false, message: AI_MESSAGES.modelUnavailable, reason: "upstream" };
  }
  return { ok: false, message: failure, reason: "upstream" };
}

/** One log line, never the key or a stack. */
function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status) return `HTTP ${error.status}${error.code ? ` (${error.code})` : ""}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  return String(error).slice(0, 300);
}

/** The JSON of an answer: bare, inside a ```json fence, or the outermost {...} of a chatty one. */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)\n?```/.exec(text);
  const candidates = [fenced?.[1], text];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      return { ok: true, value: JSON.parse(candidate.trim()) };
    } catch {
      // try the next reading
    }
  }
  return { ok: false };
}

function parseWith<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  const json = parseJsonAnswer(text);
  if (!json.ok) return null;
  const parsed = schema.safeParse(json.value);
  return parsed.success ? parsed.data : null;
}

/** Whether an answer meant to be JSON: then a broken one is not prose to keep. */
function looksLikeJson(text: string): boolean {
  return /^\s*(```|\{|\[)/.test(text);
}

/** The model's HTML made to fit the editor: headings below h2 become h2, then sanitised. */
function editorHtml(html: string): string {
  const lifted = html.replace(/<(\/?)h[3-6](\s[^>]*)?>/gi, "<$1h2>");
  // Prose without tags: its paragraphs become <p>.
  const withParagraphs = /<[a-z][^>]*>/i.test(lifted)
    ? lifted
    : lifted
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => `<p>${paragraph.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)}</p>`)
        .join("");
  return sanitizeRichText(withParagraphs);
}

function excerptOf(html: string): string {
  return cutText(htmlToText(html), SEO_GUIDANCE.description);
}

/** admin.md §7: the fallback title of a post whose answer had none. */
function fallbackTitle(topic: string): string {
  const trimmed = topic.trim();
  return trimmed.charAt(0).toLocaleUpperCase("tr-TR") + trimmed.slice(1);
}

// ---- The calls (admin.md §7) ------------------------------------------------------------

/**
 * Blog generation: max 10,000 tokens, temperature 0.7, at least 300 words wanted. An answer
 * that is prose instead of JSON is kept as the content with the fallback title, excerpt
 * and keywords (admin.md §7); a broken JSON answer is refused (admin.md §8).
 */
export async function generateBlogPost(topic: string, options: { idea?: BlogIdea; signal?: AbortSignal } = {}): Promise<AiResult<GeneratedBlogPost>> {
  const focus = options.idea ? `\nYazının odağı: "${options.idea.title}"${options.idea.brief ? ` (${options.idea.brief})` : ""}. Başlığı bu odağa göre seç.` : "";
  const prompt = `"${topic}" konusu hakkında Türkçe, özgün ve SEO uyumlu bir blog yazısı yaz.${focus}
Kurallar:
- İçerik en az ${AI_WORDS.wanted} kelime olsun.
- İçeriği HTML olarak yaz: yalnızca <h2>, <p>, <ul>, <ol>, <li>, <strong>, <em> ve <blockquote> kullan; <h1>, <script> veya <style> kullanma.
- Özet 1-2 cümle olsun ve ${SEO_GUIDANCE.description} karakteri geçmesin.
Yanıtı şu JSON biçiminde ver:
{"title": "Yazının başlığı", "excerpt": "Kısa özet", "content": "<h2>...</h2><p>...</p>", "suggested_keywords": "anahtar kelime 1, anahtar kelime 2, anahtar kelime 3"}`;
  const answer = await complete(prompt, { maxTokens: 10_000, temperature: 0.7, signal: options.signal }, AI_MESSAGES.generateFailed);
  if (!answer.ok) return answer;

  const parsed = parseWith(BlogAnswerSchema, answer.text);
  const fallbackTitles = [options.idea?.title ?? "", fallbackTitle(topic)];
  let post: GeneratedPost;
  // What the editor gets, or a bulk run saves, fits the blog editor's limits (BLOG_FIELD_LIMITS):
  // a title or excerpt past them is cut between words, one too short gives way to its fallback,
  // and the keywords (the editor's SEO keywords) keep what fits.
  if (parsed) {
    const content = editorHtml(parsed.content);
    post = {
      title: fitTitle([parsed.title ?? "", ...fallbackTitles]),
      excerpt: fitExcerpt(parsed.excerpt ?? "", excerptOf(content)),
      content,
      keywords: fitKeywords(parsed.suggested_keywords || parsed.keywords || FALLBACK_KEYWORDS, BLOG_FIELD_LIMITS.seo.keywords),
    };
  } else if (!looksLikeJson(answer.text)) {
    const content = editorHtml(answer.text);
    post = { title: fitTitle(fallbackTitles), excerpt: fitExcerpt("", excerptOf(content)), content, keywords: FALLBACK_KEYWORDS };
  } else {
    console.warn("AI blog answer was not valid JSON");
    return { ok: false, message: AI_MESSAGES.invalidJson, reason: "unparseable" };
  }
  if (!htmlToText(post.content)) return { ok: false, message: AI_MESSAGES.invalidJson, reason: "unparseable" };
  const wordCount = countWords(post.content);
  return { ok: true, value: { ...post, wordCount, ...(wordCount < AI_WORDS.warnBelow ? { warning: shortContentWarning(wordCount) } : {}) } };
}

/** SEO generation: max 300 tokens, the first 500 characters of the content. */
export async function generateSeo(title: string, content: string, options: { signal?: AbortSignal } = {}): Promise<AiResult<SeoMeta>> {
  const text = htmlToText(content);
  if (!text) return { ok: false, message: AI_MESSAGES.contentRequired, reason: "invalid" };
  const prompt = `Aşağıdaki blog yazısı için Türkçe SEO meta verileri oluştur.
Başlık: ${title || "(başlık yok)"}
İçerik (ilk 500 karakter): ${text.slice(0, 500)}
Kurallar: SEO başlığı ${SEO_GUIDANCE.title} karakterden, açıklama ${SEO_GUIDANCE.description} karakterden kısa olsun; anahtar kelimeler virgülle ayrılsın.
Yanıtı şu JSON biçiminde ver:
{"title": "SEO başlığı", "description": "Meta açıklama", "keywords": "anahtar kelime 1, anahtar kelime 2"}`;
  const answer = await complete(prompt, { maxTokens: 300, signal: options.signal }, AI_MESSAGES.seoFailed);
  if (!answer.ok) return answer;
  const parsed = parseWith(SeoAnswerSchema, answer.text);
  if (!parsed) {
    console.warn("AI SEO answer was not valid JSON");
    return { ok: false, message: AI_MESSAGES.seoUnparseable, reason: "unparseable" };
  }
  // Cut to what the blog editor's SEO fields hold (the guidance of 60/160 is shown, not enforced).
  return { ok: true, value: fitSeo(parsed, BLOG_FIELD_LIMITS.seo) };
}

/** Content expansion: max 10,000 tokens, at least 200 extra words. */
export async function expandContent(title: string, content: string, options: { signal?: AbortSignal } = {}): Promise<AiResult<{ content: string; wordCount: number }>> {
  if (!htmlToText(content)) return { ok: false, message: AI_MESSAGES.contentRequired, reason: "invalid" };
  const prompt = `Aşağıdaki Türkçe blog yazısını genişlet. Mevcut içeriği koru ve en az ${AI_WORDS.expandExtra} kelime yeni, konuyla ilgili içerik ekle.
İçeriği HTML olarak yaz: yalnızca <h2>, <p>, <ul>, <ol>, <li>, <strong>, <em> ve <blockquote> kullan.
Başlık: ${title || "(başlık yok)"}
Mevcut içerik:
${content}
Yanıtı şu JSON biçiminde ver: {"content": "<p>Genişletilmiş içeriğin tamamı</p>"}`;
  const answer = await complete(prompt, { maxTokens: 10_000, signal: options.signal }, AI_MESSAGES.expandFailed);
  if (!answer.ok) return answer;
  const parsed = parseWith(ExpandAnswerSchema, answer.text);
  const html = parsed ? parsed.content : looksLikeJson(answer.text) ? null : answer.text;
  const expanded = html === null ? "" : editorHtml(html);
  if (!htmlToText(expanded)) {
    console.warn("AI expansion answer was not valid JSON");
    return { ok: false, message: AI_MESSAGES.expandFailed, reason: "unparseable" };
  }
  return { ok: true, value: { content: expanded, wordCount: countWords(expanded) } };
}

/** Blog idea list: max 2,000 tokens, temperature 0.8, given a count and a topic. */
export async function generateIdeas(topic: string, count: number, options: { signal?: AbortSignal } = {}): Promise<AiResult<BlogIdea[]>> {
  const prompt = `"${topic}" konusu için birbirinden farklı ${count} blog yazısı fikri üret. Her fikrin bir başlığı ve bir-iki cümlelik kısa açıklaması olsun.
Yanıtı şu JSON biçiminde ver: {"ideas": [{"title": "Başlık", "brief": "Kısa açıklama"}]}`;
  const answer = await complete(prompt, { maxTokens: 2_000, temperature: 0.8, signal: options.signal }, AI_MESSAGES.ideasFailed);
  if (!answer.ok) return answer;
  const parsed = parseWith(IdeasAnswerSchema, answer.text);
  if (!parsed || parsed.length === 0) {
    console.warn("AI idea answer was not valid JSON");
    return { ok: false, message: AI_MESSAGES.ideasUnparseable, reason: "unparseable" };
  }
  return { ok: true, value: parsed.slice(0, count).map((idea) => ({ title: cutText(idea.title, 300), brief: cutText(idea.brief, 1000) })) };
}

/**
 * Page SEO suggestions: max 1,000 tokens, the page name and the first 1,000 characters of
 * its text, 3 suggestions with titles under 60 and descriptions under 160 characters. A
 * suggestion past those limits is kept (the dialog shows it in red).
 */
export async function suggestPageSeo(pageName: string, pageText: string, options: { signal?: AbortSignal } = {}): Promise<AiResult<PageSeoSuggestion[]>> {
  const prompt = `"${pageName}" sayfası için ${PAGE_SEO_SUGGESTIONS} farklı Türkçe SEO önerisi oluştur.
Sayfanın metni (ilk 1000 karakter): ${pageText.slice(0, 1000) || "(metin yok)"}
Kurallar: her başlık ${SEO_GUIDANCE.title} karakterden, her açıklama ${SEO_GUIDANCE.description} karakterden kısa olsun; anahtar kelimeler virgülle ayrılsın.
Yanıtı şu JSON biçiminde ver: {"suggestions": [{"title": "Başlık", "description": "Açıklama", "keywords": "anahtar kelime 1, anahtar kelime 2"}]}`;
  const answer = await complete(prompt, { maxTokens: 1_000, signal: options.signal }, AI_MESSAGES.pageSeoUnparseable);
  if (!answer.ok) return answer;
  const parsed = parseWith(PageSeoAnswerSchema, answer.text);
  if (!parsed) {
    console.warn("AI page SEO answer was not valid JSON");
    return { ok: false, message: AI_MESSAGES.pageSeoUnparseable, reason: "unparseable" };
  }
  // Cut to what the SEO settings form holds (the guidance of 60/160 is shown in red, not enforced).
  return { ok: true, value: parsed.suggestions.slice(0, PAGE_SEO_SUGGESTIONS).map((suggestion) => fitSeo(suggestion, SEO_LIMITS)) };
}
