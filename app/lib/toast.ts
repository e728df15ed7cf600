// public-site.md §8-9 and admin.md §9: toast types and durations (react-hot-toast's defaults).
const TOAST_TYPES = ["success", "error", "blank", "loading"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export type FlashToast = { type: ToastType; message: string };

export function isFlashToast(value: unknown): value is FlashToast {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === "string" && (TOAST_TYPES as readonly unknown[]).includes(candidate.type);
}
