import { useEffect, useState, type ComponentType } from "react";
import type { FlashToast } from "~/lib/toast";

// react-hot-toast's defaults are the spec's: 4000 ms (blank, error, custom), 2000 ms
// (success), loading never expires, at most 20 kept, removal 1 s after dismissal.
// It is loaded with the first toast, so pages that never show one do not download it.
const loadToast = () => import("react-hot-toast");

let requested = false;
const listeners = new Set<() => void>();
function requestToaster() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

/** Shows toasts (public-site.md §8: blank, error, success, loading). */
export const notify = {
  async show({ type, message }: FlashToast): Promise<string> {
    requestToaster();
    const { default: toast } = await loadToast();
    if (type === "success") return toast.success(message);
    if (type === "error") return toast.error(message);
    if (type === "loading") return toast.loading(message);
    return toast(message);
  },
  success: (message: string) => notify.show({ type: "success", message }),
  error: (message: string) => notify.show({ type: "error", message }),
  loading: (message: string) => notify.show({ type: "loading", message }),
  async dismiss(id: string | Promise<string> | undefined) {
    if (!id) return;
    const { default: toast } = await loadToast();
    toast.dismiss(await id);
  },
};

type HotToasterProps = { position: "top-center" };

/** Mounts react-hot-toast's container once the first toast asks for it. */
export function Toaster() {
  const [HotToaster, setHotToaster] = useState<ComponentType<HotToasterProps> | null>(null);
  useEffect(() => {
    const mount = () => void loadToast().then((module) => setHotToaster(() => module.Toaster));
    if (requested) mount();
    listeners.add(mount);
    return () => void listeners.delete(mount);
  }, []);
  return HotToaster ? <HotToaster position="top-center" /> : null;
}

/** The toast the last page was left with: a later page's own takes its place. */
let shownFlash: Promise<string> | undefined;

/**
 * Shows a toast that an action left for this page (read once by the root loader). It
 * replaces the one left for the page before: 'Bu sayfaya erişmek için giriş yapmalısınız'
 * no longer stays beside 'Giriş başarılı! Yönlendiriliyorsunuz...' once the operator has
 * signed in (operator walk-through). Toasts the page itself shows are left alone.
 */
function Flash({ toast: flash }: { toast: FlashToast | null }) {
  useEffect(() => {
    if (!flash) return;
    const previous = shownFlash;
    shownFlash = notify.show(flash);
    if (previous) void Promise.all([previous, loadToast()]).then(([id, { default: toast }]) => toast.remove(id));
  }, [flash]);
  return null;
}

Toaster.Flash = Flash;
