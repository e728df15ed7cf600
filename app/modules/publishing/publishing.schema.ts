import { z } from "zod";

// admin.md §2 "Scheduled publishing dashboard", §3 scheduled_publishing_settings/logs,
// §4 "Scheduled publishing", §5, §8 "Publishing", §9. Browser-safe: no server import.

// admin.md §9: default daily count 1, minimum 1; §5 caps the per-day input at 5.
export const DAILY_PUBLISH_MIN = 1;
export const DAILY_PUBLISH_MAX = 5;
export const DEFAULT_DAILY_PUBLISH_COUNT = 1;
// admin.md §9: the next publish time defaults to 24 hours ahead; a run moves it 24 hours on.
export const PUBLISH_INTERVAL_MS = 24 * 60 * 60 * 1000;
// admin.md §9: the log list shows the last 20 entries.
export const PUBLISHING_LOG_LIMIT = 20;
// Issue 9 §5: the in-process scheduler checks once a minute.
export const SCHEDULER_INTERVAL_MS = 60 * 1000;

export const PUBLISHING_MESSAGES = {
  // admin.md §5 and §8, word for word.
  dailyCountMin: "Günlük yayın sayısı en az 1 olmalıdır",
  noDrafts: "Yayınlanacak taslak blog bulunamadı",
  failed: "Yayınlama işlemi başarısız oldu",
  edgeFunctionFailed: (reason: string) => `Edge Function çağrısı başarısız: ${reason}`,
  errorDuring: (reason: string) => `Yayınlama işlemi sırasında bir hata oluştu: ${reason}`,
  // Ours: admin.md sets no text for these.
  dailyCountMax: `Günlük yayın sayısı en fazla ${DAILY_PUBLISH_MAX} olabilir`,
  dailyCountSaved: "Günlük yayın sayısı kaydedildi",
  activated: "Zamanlanmış yayın açıldı",
  deactivated: "Zamanlanmış yayın kapatıldı",
  published: (count: number) => `${count} blog yazısı yayınlandı`,
  inactive: "Zamanlanmış yayın kapalı",
  notDue: "Sonraki yayın zamanı henüz gelmedi",
  unauthorized: "Yetkilendirme hatası oluştu",
  badBody: "İstek gövdesi geçersiz: {\"manual\": true} biçiminde JSON gönderin.",
  deletedPost: "(silinmiş yazı)",
} as const;

const dailyPublishCount = z
  .number({ error: PUBLISHING_MESSAGES.dailyCountMin })
  .int(PUBLISHING_MESSAGES.dailyCountMin)
  .min(DAILY_PUBLISH_MIN, PUBLISHING_MESSAGES.dailyCountMin)
  .max(DAILY_PUBLISH_MAX, PUBLISHING_MESSAGES.dailyCountMax);

/** The on/off switch: the wanted state is posted, not "flip", so a stale page cannot undo a change. */
export const ToggleFormSchema = z.object({
  intent: z.literal("toggle"),
  isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const DailyCountFormSchema = z.object({ intent: z.literal("daily-count"), dailyPublishCount });

export const PublishNowFormSchema = z.object({ intent: z.literal("publish-now") });

/** The dashboard's three forms, told apart by `intent`. */
export const PublishingIntentSchema = z.discriminatedUnion("intent", [ToggleFormSchema, DailyCountFormSchema, PublishNowFormSchema]);
export type PublishingIntent = z.infer<typeof PublishingIntentSchema>;

/**
 * The body of POST /api/functions/{scheduled-blog-publisher,publish-scheduled-blogs,
 * publish-blogs-public} (admin.md §7). `manual: true` publishes now, up to the daily
 * count, whatever the next publish time; without it only due work is done.
 */
export const PublishFunctionBodySchema = z.object({ manual: z.boolean().optional() });

/** What the functions answer (admin.md §7: success, publishedCount, message). */
export type PublishFunctionAnswer = { success: boolean; publishedCount: number; message: string };

export const PUBLISH_FUNCTION_NAMES = ["scheduled-blog-publisher", "publish-scheduled-blogs", "publish-blogs-public"] as const;

export type PublishingSettingsView = {
  dailyPublishCount: number;
  isActive: boolean;
  nextPublishAt: string | null;
  lastPublishedAt: string | null;
};

export type PublishingLogItem = {
  id: string;
  blogId: string | null;
  /** null when the post was deleted after it was published. */
  title: string | null;
  slug: string | null;
  publishedAt: string;
  status: string;
  message: string | null;
};

export type PublishingDashboard = {
  settings: PublishingSettingsView;
  draftCount: number;
  logs: PublishingLogItem[];
};

/** What 'Şimdi Yayınla' publishes: the oldest drafts, as many as a day's count, never more than there are. */
export function publishNowText(dailyPublishCount: number, draftCount: number): string {
  if (draftCount <= 0) return "Yayınlanacak taslak yok.";
  if (dailyPublishCount >= draftCount) return draftCount === 1 ? "Kalan tek taslak şimdi yayınlanır." : `Kalan ${draftCount} taslağın hepsi şimdi yayınlanır.`;
  return `En eski ${dailyPublishCount} taslak şimdi yayınlanır.`;
}
