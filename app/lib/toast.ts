// public-site.md §8-9 and admin.md §9: toast types and durations (react-hot-toast's defaults).
export type ToastType = "success" | "error" | "blank" | "loading";
export type FlashToast = { type: ToastType; message: string };

const TOAST_TYPES: ReadonlySet<string> = new Set<ToastType>(["success", "error", "blank", "loading"]);

export function isFlashToast(value: unknown): value is FlashToast {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === "string" && typeof candidate.type === "string" && TOAST_TYPES.has(candidate.type);
}
