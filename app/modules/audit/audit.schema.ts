import { isUuid } from "~/lib/ids";
import { formatDateTimeTr } from "~/lib/dates";

// Issue 8 §4 "Audit log": how an audit row reads to an operator. Actions are written as
// `entity.verb` by the command helper (lib/command.server.ts); the label is the entity's
// Turkish name and the verb's past tense ('casino.create' → 'Casino eklendi'). An action
// this table does not know is shown as it was stored, never hidden.

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  casino: "Casino",
  promotion: "Promosyon",
  category: "Kategori",
  "splash-ad": "Splash reklam",
  comment: "Yorum",
  "blog-post": "Blog yazısı",
  blog: "Blog yazısı",
  post: "Blog yazısı",
  hero: "Hero bölümü",
  settings: "Ayarlar",
  content: "İçerik alanları",
  compliance: "Sorumlu oyun ayarları",
  seo: "SEO ayarı",
  media: "Görsel",
  publishing: "Zamanlanmış yayın",
  "scheduled-publishing": "Zamanlanmış yayın",
  "ai-job": "AI yazı işi",
  indexing: "Arama motoru bildirimi",
};

export const AUDIT_VERB_LABELS: Record<string, string> = {
  create: "eklendi",
  update: "güncellendi",
  delete: "silindi",
  toggle: "durumu değiştirildi",
  activate: "yayına alındı",
  deactivate: "yayından kaldırıldı",
  publish: "yayınlandı",
  unpublish: "taslağa alındı",
  upload: "yüklendi",
  save: "kaydedildi",
  discard: "iptal edildi",
  schedule: "zamanlandı",
  send: "gönderildi",
  retry: "yeniden denendi",
};

/** Actions that are not an entity and a verb. */
const AUDIT_SPECIAL_LABELS: Record<string, string> = {
  "auth.sign-in": "Giriş denemesi",
  "auth.sign-out": "Çıkış yapıldı",
};

export const AUDIT_OUTCOME_LABELS: Record<string, string> = { success: "Başarılı", failure: "Başarısız" };

export function auditActionLabel(action: string): string {
  const special = Object.hasOwn(AUDIT_SPECIAL_LABELS, action) ? AUDIT_SPECIAL_LABELS[action] : undefined;
  if (special) return special;
  const dot = action.indexOf(".");
  const entity = Object.hasOwn(AUDIT_ENTITY_LABELS, action.slice(0, dot)) ? AUDIT_ENTITY_LABELS[action.slice(0, dot)] : undefined;
  const verb = Object.hasOwn(AUDIT_VERB_LABELS, action.slice(dot + 1)) ? AUDIT_VERB_LABELS[action.slice(dot + 1)] : undefined;
  return dot > 0 && entity && verb ? `${entity} ${verb}` : action;
}

export function auditOutcomeLabel(outcome: string): string {
  return Object.hasOwn(AUDIT_OUTCOME_LABELS, outcome) ? AUDIT_OUTCOME_LABELS[outcome]! : outcome;
}

/** The entity types whose entries link to an edit page (audit.server reads their tables). */
export type AuditLinkedType = "casino" | "promotion" | "splash-ad" | "blog-post" | "blog" | "post";

/** The admin edit screens a record can be opened in (categories and comments have none). */
const EDIT_PATHS: Record<AuditLinkedType, string> = {
  casino: "/admin/casinos/edit/",
  promotion: "/admin/promotions/edit/",
  "splash-ad": "/admin/splash-ads/edit/",
  "blog-post": "/admin/blog/edit/",
  blog: "/admin/blog/edit/",
  post: "/admin/blog/edit/",
};

/**
 * The edit page of the record an entry touched, when there is one, the entry did not delete
 * it and it has not been deleted since (`recordGone`, read with the list).
 */
export function auditRecordHref(entry: { action: string; entityType: string; entityId: string | null; recordGone?: boolean }): string | null {
  if (!isUuid(entry.entityId) || entry.action.endsWith(".delete") || entry.recordGone) return null;
  const path = Object.hasOwn(EDIT_PATHS, entry.entityType) ? EDIT_PATHS[entry.entityType as AuditLinkedType] : undefined;
  return path ? `${path}${entry.entityId}` : null;
}

/** When an entry was written, tr-TR in Istanbul time (DESIGN.md), to the second. */
export function formatAuditTime(value: string | Date): string {
  return formatDateTimeTr(value, { seconds: true });
}

/** A row of the audit log screen. */
export type AuditListItem = {
  id: number;
  createdAt: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  address: string;
  outcome: string;
  /** The record the entry links to has been deleted since: no link, and the row says so. */
  recordGone: boolean;
};

/** Filters of the audit log (?tur=casino&islem=create&q=email). Unknown values are no filter. */
export type AuditFilter = { page: number; actor: string; entity: string | null; verb: string | null };

/** The record types offered as a filter: the entity names the commands write. */
export const AUDIT_ENTITY_FILTERS = [
  { value: "casino", label: "Casino" },
  { value: "promotion", label: "Promosyon" },
  { value: "category", label: "Kategori" },
  { value: "splash-ad", label: "Splash reklam" },
  { value: "comment", label: "Yorum" },
  { value: "blog-post", label: "Blog yazısı" },
  { value: "hero", label: "Hero bölümü" },
  { value: "settings", label: "Ayarlar" },
  { value: "seo", label: "SEO ayarı" },
  { value: "media", label: "Görsel" },
  { value: "publishing", label: "Zamanlanmış yayın" },
  { value: "auth", label: "Oturum" },
] as const;

/** The kinds of change offered as a filter. */
export const AUDIT_VERB_FILTERS = [
  { value: "create", label: "Ekleme" },
  { value: "update", label: "Güncelleme" },
  { value: "delete", label: "Silme" },
  { value: "activate", label: "Yayına alma" },
  { value: "deactivate", label: "Yayından kaldırma" },
  { value: "toggle", label: "Durum değişikliği" },
  { value: "publish", label: "Yayınlama" },
  { value: "unpublish", label: "Taslağa alma" },
  { value: "upload", label: "Yükleme" },
  { value: "sign-in", label: "Giriş denemesi" },
] as const;

/** Reads the audit filters from the URL; a value not offered above is ignored. */
export function parseAuditFilter(url: URL): Omit<AuditFilter, "page" | "actor"> {
  const entity = url.searchParams.get("tur");
  const verb = url.searchParams.get("islem");
  return {
    entity: AUDIT_ENTITY_FILTERS.some((option) => option.value === entity) ? entity : null,
    verb: AUDIT_VERB_FILTERS.some((option) => option.value === verb) ? verb : null,
  };
}
