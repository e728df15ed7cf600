import { z } from "zod";
import { cutAtWord } from "~/lib/text";
import { isSitePath, optionalText, richText, text } from "~/lib/validation";
import {
  BLOG_CATEGORY_MAX_LENGTH,
  BLOG_CONTENT_MAX_LENGTH,
  BLOG_EXCERPT_MAX_LENGTH,
  BLOG_EXCERPT_MIN_LENGTH,
  BLOG_SEO_DESCRIPTION_MAX_LENGTH,
  BLOG_SEO_KEYWORDS_MAX_LENGTH,
  BLOG_SEO_TITLE_MAX_LENGTH,
  BLOG_TITLE_MAX_LENGTH,
  BLOG_TITLE_MIN_LENGTH,
} from "~/modules/blog/blog.schema";
import { SEO_GUIDANCE } from "~/modules/seo/seo.schema";

// AI writing (admin.md §2 "Blog post editor", §4 "Bulk save", §5, §7 "Language model
// provider", §8 "Blog"/"Model errors"/"Batch save"/"SEO", §9 "AI"). Browser-safe: the
// forms of the AI dialog, the answers' zod schemas, the limits and the Turkish messages.

// admin.md §9: model gpt-4o-mini (AI_MODEL may name another).
export const DEFAULT_AI_MODEL = "gpt-4o-mini";

// admin.md §9 "Words": at least 300 wanted (the editor's 'expand content' link shows below
// it), warn below 250, an expansion adds at least 200.
export const AI_WORDS = { wanted: 300, warnBelow: 250, expandExtra: 200 } as const;

// admin.md §9: batch count 1 to 10 (default 3); daily publish 0 to 5 (default 1).
export const BULK_COUNT = { min: 1, max: 10, default: 3 } as const;
export const BULK_PER_DAY = { min: 0, max: 5, default: 1 } as const;
// admin.md §9: up to 5 keywords are shown per generated post.
export const BULK_KEYWORDS_SHOWN = 5;
// admin.md §7 and §9: three page suggestions; titles under 60, descriptions under 160
// (SEO_GUIDANCE, the same guidance the SEO fields show).
export const PAGE_SEO_SUGGESTIONS = 3;
// admin.md §7: the fallback keywords when the model's JSON cannot be parsed.
export const FALLBACK_KEYWORDS = "casino, bahis, oyun";
// admin.md §2: the author of bulk-saved posts.
export const BULK_AUTHOR = "AI Yazar";

/**
 * Input bounds: the topic and page name go into a prompt; nothing longer is useful. The
 * content is the editor's, so it may be as long as a post may be. A bulk run's topic is
 * its posts' category (admin.md §4 "Bulk save"), so it fits the blog editor's category.
 */
export const AI_INPUT_LIMITS = { topic: 200, bulkTopic: BLOG_CATEGORY_MAX_LENGTH, title: 300, content: BLOG_CONTENT_MAX_LENGTH, pageName: 100, pagePath: 300 } as const;

export const AI_MESSAGES = {
  // admin.md §5
  topicRequired: "Lütfen bir konu girin",
  countMin: "En az 1 içerik oluşturmalısınız",
  countMax: `En fazla ${BULK_COUNT.max} içerik oluşturabilirsiniz`,
  perDayRange: `Günlük yayın sayısı ${BULK_PER_DAY.min} ile ${BULK_PER_DAY.max} arasında olmalıdır`,
  contentRequired: "İçerik alanı boş olamaz",
  // Not in the spec: a title that is not one piece of text (a field sent twice).
  titleInvalid: "Geçersiz başlık",
  // admin.md §8 "Blog"
  empty: "AI yanıt vermedi",
  invalidJson: "İçerik oluşturulamadı. API yanıtı geçerli bir JSON formatında değil.",
  seoUnparseable: "SEO meta verileri oluşturulamadı.",
  generateFailed: "İçerik oluşturulurken bir hata oluştu",
  seoFailed: "SEO meta verileri oluşturulurken bir hata oluştu",
  expandFailed: "İçerik genişletilirken bir hata oluştu",
  nothingToSave: "Kaydedilecek içerik bulunamadı",
  // admin.md §8 "SEO"
  pageSeoUnparseable: "SEO önerileri oluşturulamadı",
  // admin.md §8 "Model errors" (the spec names the cases; the words are ours)
  connection: "AI servisine bağlanılamadı. İnternet bağlantınızı kontrol edin.",
  rateLimit: "API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin.",
  unauthorized: "API anahtarı geçersiz veya süresi dolmuş.",
  modelUnavailable: "Seçilen AI modeli kullanılamıyor.",
  timeout: "AI zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.",
  aborted: "AI isteği durduruldu.",
  notConfigured: "AI servisi yapılandırılmamış: sunucuda OPENAI_API_KEY tanımlı değil.",
  // Not in the spec: the idea list of a bulk run.
  ideasUnparseable: "Blog fikirleri oluşturulamadı. API yanıtı geçerli bir JSON formatında değil.",
  ideasFailed: "Blog fikirleri oluşturulurken bir hata oluştu",
  // Bulk jobs
  jobNotFound: "Toplu oluşturma işi bulunamadı",
  jobBusy: "Devam eden bir toplu oluşturma işiniz var. Önce onu kaydedin veya iptal edin.",
  jobNotReady: "Toplu oluşturma henüz tamamlanmadı",
  jobClosed: "Bu toplu oluşturma işi zaten kapatıldı",
  jobNoneSucceeded: "Hiçbir içerik oluşturulamadı",
  jobInterrupted: "Sunucu yeniden başladığı için bu yazı yarıda kaldı",
  /** A post the job's record could not take (the database refused the write). */
  postNotStored: "Bu yazı saklanamadı, atlandı.",
  /** The job's record could not be written at all. */
  jobNotStored: "Toplu oluşturma işinin durumu kaydedilemedi",
  /** A generated post the blog editor would refuse (its first message follows). */
  postUnfit: "Oluşturulan yazı blog kurallarına uymuyor",
  publishCountRange: "Yayınlanacak yazı sayısı geçersiz",
  unknownIntent: "Geçersiz işlem",
} as const;

/** admin.md §5: a generated post under 250 words warns that it is short. */
export function shortContentWarning(words: number): string {
  return `Oluşturulan içerik kısa (${words} kelime). En az ${AI_WORDS.wanted} kelime önerilir.`;
}

/** admin.md §8 "SEO": 'SEO önerileri oluşturulurken bir hata oluştu: {message or Bilinmeyen hata}'. */
export function pageSeoErrorMessage(message: string | null | undefined): string {
  return `SEO önerileri oluşturulurken bir hata oluştu: ${message || "Bilinmeyen hata"}`;
}

/** admin.md §8 "Blog": 'Blog yazıları kaydedilirken bir hata oluştu: {message}'. */
export function bulkSaveErrorMessage(message: string): string {
  return `Blog yazıları kaydedilirken bir hata oluştu: ${message}`;
}

/** admin.md §8 "Batch save": a warning shows how many saved and how many failed. */
export function bulkSavePartialMessage(saved: number, failed: number): string {
  return `${saved} blog yazısı kaydedildi, ${failed} yazı kaydedilemedi.`;
}

export function bulkSavedMessage(published: number, drafts: number): string {
  return `${published + drafts} blog yazısı kaydedildi (${published} yayında, ${drafts} taslak).`;
}

/** 'a, b, c' from a comma-separated string or a list; empties and repeats dropped. */
export function joinKeywords(value: string | readonly string[]): string {
  const parts = typeof value === "string" ? value.split(",") : value.flatMap((item) => item.split(","));
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of parts) {
    const keyword = raw.replace(/\s+/g, " ").trim();
    const key = keyword.toLocaleLowerCase("tr-TR");
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept.join(", ");
}

/** admin.md §9: the keywords shown for a generated post (up to 5). */
export function shownKeywords(keywords: string): string[] {
  return joinKeywords(keywords)
    .split(", ")
    .filter(Boolean)
    .slice(0, BULK_KEYWORDS_SHOWN);
}

// ---- What the model answers (admin.md §3 "AI blog result", "AI SEO result", ...) -------

// Control characters other than tab, line feed and carriage return (C0, DEL and C1), and
// UTF-16 halves without their pair: PostgreSQL cannot store a NUL (jsonb refuses `\u0000`
// with 22P05, text refuses the byte) and the forms refuse them all ('Geçersiz karakter içeriyor').
// eslint-disable-next-line no-control-regex
const MODEL_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The model's text without what no form takes: a NUL or another control character is
 * dropped (a model's stray byte, not something a reader would miss), a lone surrogate
 * becomes U+FFFD. Tabs and line breaks stay.
 */
export function cleanModelText(value: string): string {
  return value.replace(MODEL_CONTROL_CHARACTERS, "").replace(LONE_SURROGATES, "\ufffd");
}

const answerText = z.string().transform((value) => cleanModelText(value).trim());
const requiredAnswerText = answerText.pipe(z.string().min(1));
const keywordsAnswer = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => joinKeywords(typeof value === "string" ? cleanModelText(value) : value.map(cleanModelText)));

/** AI blog result: title, excerpt, content, suggested_keywords (comma separated). */
export const BlogAnswerSchema = z.object({
  title: answerText.optional(),
  excerpt: answerText.optional(),
  content: requiredAnswerText,
  suggested_keywords: keywordsAnswer.optional(),
  keywords: keywordsAnswer.optional(),
});

/** AI SEO result: title, description, keywords. */
export const SeoAnswerSchema = z.object({
  title: requiredAnswerText,
  description: requiredAnswerText,
  keywords: keywordsAnswer,
});

export const ExpandAnswerSchema = z.object({ content: requiredAnswerText });

/** Blog idea: title, brief. The list may come bare or under `ideas`. */
const IdeaSchema = z.object({ title: requiredAnswerText, brief: answerText.optional().default("") });
export const IdeasAnswerSchema = z.union([z.array(IdeaSchema), z.object({ ideas: z.array(IdeaSchema) }).transform((value) => value.ideas)]);

/** Page SEO suggestions: a list 'suggestions' of items with title, description, keywords. */
export const PageSeoAnswerSchema = z.object({ suggestions: z.array(SeoAnswerSchema).min(1) });

// ---- Fitting the blog editor ------------------------------------------------------------

/**
 * What a generated value may be: the blog editor's own limits (modules/blog/blog.schema.ts),
 * so a generated post is saved, and saved again unchanged, without a 400 from the editor.
 */
export const BLOG_FIELD_LIMITS = {
  title: { min: BLOG_TITLE_MIN_LENGTH, max: BLOG_TITLE_MAX_LENGTH },
  excerpt: { min: BLOG_EXCERPT_MIN_LENGTH, max: BLOG_EXCERPT_MAX_LENGTH },
  category: { max: BLOG_CATEGORY_MAX_LENGTH },
  seo: { title: BLOG_SEO_TITLE_MAX_LENGTH, description: BLOG_SEO_DESCRIPTION_MAX_LENGTH, keywords: BLOG_SEO_KEYWORDS_MAX_LENGTH },
} as const;

/** Text cut to `max` characters between words (an ellipsis marks the cut). */
export function fitText(value: string, max: number): string {
  return cutAtWord(cleanModelText(value), max);
}

/** Keywords that fit in `max` characters: whole keywords while they fit, the first cut if none does. */
export function fitKeywords(value: string, max: number): string {
  const keywords = joinKeywords(cleanModelText(value)).split(", ").filter(Boolean);
  let kept = "";
  for (const keyword of keywords) {
    const next = kept ? `${kept}, ${keyword}` : keyword;
    if (next.length > max) break;
    kept = next;
  }
  return kept || (keywords[0] ? cutAtWord(keywords[0], max) : "");
}

/** SEO values cut to what the fields that receive them hold. */
export function fitSeo(seo: { title: string; description: string; keywords: string }, limits: { title: number; description: number; keywords: number }): { title: string; description: string; keywords: string } {
  return { title: fitText(seo.title, limits.title), description: fitText(seo.description, limits.description), keywords: fitKeywords(seo.keywords, limits.keywords) };
}

/** The first candidate that, cut to the editor's title limit, is long enough for it (else the last). */
export function fitTitle(candidates: readonly string[]): string {
  const cut = candidates.map((candidate) => fitText(candidate, BLOG_FIELD_LIMITS.title.max)).filter(Boolean);
  return cut.find((title) => title.length >= BLOG_FIELD_LIMITS.title.min) ?? cut.at(-1) ?? "";
}

/** The excerpt cut to the editor's limit; one too short for it gives way to `fallback`. */
export function fitExcerpt(excerpt: string, fallback: string): string {
  const cut = fitText(excerpt, BLOG_FIELD_LIMITS.excerpt.max);
  return cut.length >= BLOG_FIELD_LIMITS.excerpt.min ? cut : fitText(fallback, BLOG_FIELD_LIMITS.excerpt.max);
}

// ---- What the AI routes answer -------------------------------------------------------

export type GeneratedPost = { title: string; excerpt: string; content: string; keywords: string };
/** A generated post with its word count, and the short-content warning under 250 words (admin.md §5). */
export type GeneratedBlogPost = GeneratedPost & { wordCount: number; warning?: string };
export type SeoMeta = { title: string; description: string; keywords: string };
export type BlogIdea = { title: string; brief: string };
export type PageSeoSuggestion = SeoMeta;

export type AiFailure = { ok: false; error: string };
export type AiBlogAnswer = { ok: true; post: GeneratedPost; wordCount: number; warning?: string } | AiFailure;
export type AiSeoAnswer = { ok: true; seo: SeoMeta } | AiFailure;
export type AiExpandAnswer = { ok: true; content: string; wordCount: number } | AiFailure;
export type AiPageSeoAnswer = { ok: true; suggestions: PageSeoSuggestion[] } | AiFailure;
/** POST /admin/ai/bulk: the queued job. */
export type AiBulkStartAnswer = { ok: true; jobId: string } | AiFailure;
/** GET /admin/ai/bulk/{id}: the job as it stands. */
export type AiBulkJobAnswer = { ok: true; job: BulkJobView } | AiFailure;
/** POST /admin/ai/bulk/{id} intent=save: what was saved. */
export type AiBulkSaveAnswer = ({ ok: true } & BulkSaveOutcome) | AiFailure;
/** POST /admin/ai/bulk/{id} intent=discard. */
export type AiBulkDiscardAnswer = { ok: true; jobId: string } | AiFailure;
/** The success half of an answer: what the browser's aiRequest asks for. */
export type AiSuccess<Answer> = Extract<Answer, { ok: true }>;

/** Whether a suggestion's text is past admin.md §7's limits (shown in red). */
export function overSeoLimit(suggestion: Pick<SeoMeta, "title" | "description">): { title: boolean; description: boolean } {
  return { title: suggestion.title.length > SEO_GUIDANCE.title, description: suggestion.description.length > SEO_GUIDANCE.description };
}

// ---- The forms the AI routes take (one schema, both sides) ----------------------------

// The fields use lib/validation.ts's helpers as every admin form does: trimmed, control
// characters refused with 'Geçersiz karakter içeriyor', and a field sent twice (a list, as
// conform reads it) refused with the field's own message instead of one of its values.
const topicField = (max: number) => text({ max, message: AI_MESSAGES.topicRequired, maxMessage: `Konu en fazla ${max} karakter olabilir` });

const PLAIN_DIGITS = /^[0-9]+$/;

/**
 * A whole number from a form field, written in plain digits only ('1e1', '0x3', '3.0' and
 * '+3' are not numbers an operator types); empty takes the default. A number past the
 * range, however long, gets the range's message. Read from the text itself, so no number
 * coercion on the way (conform's, Number()'s) reads '1e1' as 10 first.
 */
function formInt(options: { min: number; max: number; fallback?: number; minMessage: string; maxMessage: string; typeMessage: string }) {
  return z
    .string({ error: options.typeMessage })
    .optional()
    .transform((value, ctx) => {
      const written = value?.trim() ?? "";
      if (written === "" && options.fallback !== undefined) return options.fallback;
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (!PLAIN_DIGITS.test(written)) return refuse(options.typeMessage);
      const digits = written.replace(/^0+(?=\d)/, "");
      // Past 15 digits a number is past every range here (and past what a double holds exactly).
      const number = digits.length > 15 ? Number.POSITIVE_INFINITY : Number(digits);
      if (number < options.min) return refuse(options.minMessage);
      if (number > options.max) return refuse(options.maxMessage);
      return number;
    });
}

export const AiBlogFormSchema = z.object({ topic: topicField(AI_INPUT_LIMITS.topic) });

export const AiBulkFormSchema = z.object({
  topic: topicField(AI_INPUT_LIMITS.bulkTopic),
  count: formInt({ ...BULK_COUNT, fallback: BULK_COUNT.default, minMessage: AI_MESSAGES.countMin, maxMessage: AI_MESSAGES.countMax, typeMessage: AI_MESSAGES.countMin }),
  perDay: formInt({ ...BULK_PER_DAY, fallback: BULK_PER_DAY.default, minMessage: AI_MESSAGES.perDayRange, maxMessage: AI_MESSAGES.perDayRange, typeMessage: AI_MESSAGES.perDayRange }),
});
export type AiBulkInput = z.infer<typeof AiBulkFormSchema>;

/**
 * A job's input as stored (JSON numbers, already checked by the form): read back leniently
 * enough that a job queued under older limits still runs (its category is cut to fit at save).
 */
export const StoredBulkInputSchema = z.object({
  topic: z.string().min(1),
  count: z.number().int().min(BULK_COUNT.min).max(BULK_COUNT.max),
  perDay: z.number().int().min(BULK_PER_DAY.min).max(BULK_PER_DAY.max),
}) satisfies z.ZodType<AiBulkInput>;

/**
 * A field sent once: a list (the field sent twice) or another non-text value is refused
 * with `message`, before `schema` reads it. For helpers whose own type message is zod's English.
 */
function single<S extends z.ZodType<unknown, string | undefined>>(schema: S, message: string) {
  return z.string({ error: message }).optional().pipe(schema);
}

/** SEO generation and expansion: admin.md §5, content must not be empty. */
export const AiContentFormSchema = z.object({
  title: single(optionalText(AI_INPUT_LIMITS.title), AI_MESSAGES.titleInvalid).transform((value) => value ?? ""),
  content: single(richText({ min: 1, max: AI_INPUT_LIMITS.content, message: AI_MESSAGES.contentRequired }), AI_MESSAGES.contentRequired),
});

const PAGE_PATH_MESSAGE = "Geçerli bir sayfa yolu giriniz";

export const AiPageSeoFormSchema = z.object({
  pageName: text({ max: AI_INPUT_LIMITS.pageName, message: "Sayfa adı gerekli" }),
  pagePath: z
    .string({ error: PAGE_PATH_MESSAGE })
    .trim()
    .max(AI_INPUT_LIMITS.pagePath, PAGE_PATH_MESSAGE)
    .refine(isSitePath, PAGE_PATH_MESSAGE),
});

export const BulkSaveFormSchema = z.object({
  intent: z.literal("save"),
  publishCount: formInt({ min: 0, max: BULK_COUNT.max, minMessage: AI_MESSAGES.publishCountRange, maxMessage: AI_MESSAGES.publishCountRange, typeMessage: AI_MESSAGES.publishCountRange }),
});
export const BulkJobIntentSchema = z.discriminatedUnion("intent", [BulkSaveFormSchema, z.object({ intent: z.literal("discard") })], { error: AI_MESSAGES.unknownIntent });

// ---- Bulk jobs as the browser sees them ------------------------------------------------

export const BULK_JOB_KIND = "bulk-blog";
export type BulkJobStatus = "queued" | "running" | "done" | "failed" | "saved" | "discarded";
/** A job still being written: one at a time per operator. */
export const RUNNING_BULK_JOB_STATUSES = ["queued", "running"] as const satisfies readonly BulkJobStatus[];
/** A job the dialog still has something to show for (progress, results or its failure). */
export const OPEN_BULK_JOB_STATUSES = [...RUNNING_BULK_JOB_STATUSES, "done", "failed"] as const satisfies readonly BulkJobStatus[];

export function isRunningBulkJob(status: BulkJobStatus): boolean {
  return (RUNNING_BULK_JOB_STATUSES as readonly BulkJobStatus[]).includes(status);
}
/** One post's place in a run: waiting, writing its content, its SEO, done or failed. */
export type BulkPostStep = "waiting" | "content" | "seo" | "done" | "failed";
export type BulkPostProgress = { index: number; idea: string; brief: string; step: BulkPostStep; seoFallback?: boolean; error?: string };
/** admin.md §3 "Bulk generated post" as stored in the job (content kept for the save). */
export type BulkGeneratedPost = {
  sequenceNumber: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  wordCount: number;
};
/** What the results dialog shows of a post (no content: it stays on the server until saved). */
export type BulkResultView = Omit<BulkGeneratedPost, "content">;
export type BulkJobView = {
  id: string;
  status: BulkJobStatus;
  input: AiBulkInput;
  progress: BulkPostProgress[];
  results: BulkResultView[];
  error: string | null;
  createdAt: string;
  updatedAt: string;
};
export type BulkSaveOutcome = { saved: number; failed: number; published: number; drafts: number; message: string };

export const BULK_STEP_LABELS: Record<BulkPostStep, string> = {
  waiting: "Sırada",
  content: "İçerik yazılıyor...",
  seo: "SEO bilgileri hazırlanıyor...",
  done: "Tamamlandı",
  failed: "Başarısız",
};

/**
 * What 'Tümünü Kaydet' will do with `total` generated posts when the first `publishCount`
 * are published (admin.md §2 bulk results): said in words at the ends ("İlk 0 yazı
 * yayınlanacak" read as a mistake to an operator).
 */
export function bulkSavePlan(total: number, publishCount: number): string {
  if (publishCount <= 0) return "Hepsi taslak olarak kaydedilecek.";
  if (publishCount >= total) return total === 1 ? "Yazı yayınlanacak." : `${total} yazının hepsi yayınlanacak.`;
  return `İlk ${publishCount} yazı yayınlanacak, diğerleri taslak olarak kaydedilecek.`;
}
