import { useEffect } from "react";
import toast, { Toaster as HotToaster } from "react-hot-toast";
import type { FlashToast } from "~/modules/toast/toast";

/** Shows a toast of the given type (public-site.md §8: blank, error, success, loading). */
export function showToast({ type, message }: FlashToast): string {
  switch (type) {
    case "success":
      return toast.success(message);
    case "error":
      return toast.error(message);
    case "loading":
      return toast.loading(message);
    default:
      return toast(message);
  }
}

// react-hot-toast's defaults are the spec's: 4000 ms (blank, error, custom), 2000 ms
// (success), loading never expires, at most 20 kept, removal 1 s after dismissal.
export function Toaster() {
  return <HotToaster position="top-center" />;
}

/** Shows a toast that an action left for this page (read once by the root loader). */
function Flash({ toast: flash }: { toast: FlashToast | null }) {
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  return null;
}

Toaster.Flash = Flash;
