// Issue 9 §7: how the IndexNow queue and its submissions read to an operator (browser-safe).

export const QUEUE_STATUSES = ["pending", "sending", "submitted", "failed"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  pending: "Bekliyor",
  sending: "Gönderiliyor",
  submitted: "Gönderildi",
  failed: "Başarısız",
};

/** The ?durum= values of the queue list, in the URL's Turkish. */
export const QUEUE_STATUS_FILTERS = { bekliyor: "pending", gonderiliyor: "sending", gonderildi: "submitted", basarisiz: "failed" } as const satisfies Record<string, QueueStatus>;
export type QueueStatusFilter = keyof typeof QUEUE_STATUS_FILTERS;

export const SUBMISSION_OUTCOMES = ["submitted", "rate-limited", "rejected", "error"] as const;
export type SubmissionOutcome = (typeof SUBMISSION_OUTCOMES)[number];

export const SUBMISSION_OUTCOME_LABELS: Record<SubmissionOutcome, string> = {
  submitted: "Kabul edildi",
  "rate-limited": "Hız sınırı, sonra denenecek",
  rejected: "Reddedildi",
  error: "Hata, yeniden denenecek",
};

/**
 * Why a path is queued: the command's `entity.verb`, as the audit log names it. Every
 * enqueueIndexing call names one of these (indexing-queue.server.ts types it so).
 */
export const INDEXING_REASONS = [
  "promotion.activate",
  "promotion.update",
  "promotion.slug-change",
  "promotion.delete",
  "blog-post.publish",
  "blog-post.update",
  "blog-post.unpublish",
  "blog-post.slug-change",
  "blog-post.delete",
] as const;
export type IndexingReason = (typeof INDEXING_REASONS)[number];

/** How each reason reads in the queue list; a stored reason not in this table is shown as stored. */
export const QUEUE_REASON_LABELS: Record<IndexingReason, string> = {
  "promotion.activate": "Promosyon yayına alındı",
  "promotion.update": "Yayındaki promosyon güncellendi",
  "promotion.slug-change": "Promosyonun adresi değişti",
  "promotion.delete": "Promosyon silindi",
  "blog-post.publish": "Blog yazısı yayınlandı",
  "blog-post.update": "Yayındaki blog yazısı güncellendi",
  "blog-post.unpublish": "Blog yazısı taslağa alındı",
  "blog-post.slug-change": "Blog yazısının adresi değişti",
  "blog-post.delete": "Blog yazısı silindi",
};

export function queueStatusLabel(status: string): string {
  return Object.hasOwn(QUEUE_STATUS_LABELS, status) ? QUEUE_STATUS_LABELS[status as QueueStatus] : status;
}

export function submissionOutcomeLabel(outcome: string): string {
  return Object.hasOwn(SUBMISSION_OUTCOME_LABELS, outcome) ? SUBMISSION_OUTCOME_LABELS[outcome as SubmissionOutcome] : outcome;
}

export function queueReasonLabel(reason: string): string {
  return Object.hasOwn(QUEUE_REASON_LABELS, reason) ? QUEUE_REASON_LABELS[reason as IndexingReason] : reason;
}

export const INDEXING_MESSAGES = {
  off: "IndexNow kapalı: INDEXNOW_KEY ayarlanmadığı için hiçbir adres kuyruğa alınmıyor ve gönderilmiyor.",
  noSiteUrl: "PUBLIC_SITE_URL ayarlanmadı: sitenin genel adresi bilinmediği için kuyruk gönderilmiyor, adresler bekliyor.",
  sentNothing: "Gönderilecek bekleyen adres yok",
  sent: (urls: number, requests: number) => `${urls} adres ${requests} istekte gönderildi`,
  sendFailed: (urls: number) => `${urls} adres gönderilemedi; ayrıntılar son gönderimlerde`,
  retried: (count: number) => (count === 0 ? "Yeniden denenecek başarısız adres yok" : `${count} başarısız adres yeniden kuyruğa alındı`),
  offAction: "IndexNow kapalı: gönderim yapılamaz",
} as const;

export type IndexingQueueItem = {
  id: number;
  path: string;
  reason: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
};

export type IndexingSubmissionItem = {
  id: number;
  urlCount: number;
  httpStatus: number | null;
  outcome: string;
  detail: string | null;
  durationMs: number | null;
  createdAt: string;
};

/** The state of IndexNow as the operators' screen shows it. */
export type IndexingOverview = {
  enabled: boolean;
  /** False when PUBLIC_SITE_URL is unset: the sender then leaves the queue waiting. */
  canSend: boolean;
  /** Where search engines read the key, when on. */
  keyLocation: string | null;
  counts: Record<QueueStatus, number>;
  /** The earliest next attempt among pending rows. */
  nextAttemptAt: string | null;
};
