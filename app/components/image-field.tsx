import { useEffect, useRef, useState, type ClipboardEvent } from "react";
import { isImageAddress } from "~/lib/validation";
import { BUCKETS, MEDIA_MESSAGES, type MediaBucket } from "~/modules/media/media.schema";
import { ErrorList, type ListOfErrors } from "./forms";
import { notify } from "./toaster";

export type { MediaBucket } from "~/modules/media/media.schema";

type Tab = "upload" | "url";
type UploadAnswer = { ok: true; url: string } | { ok: false; message: string };

const SIGNED_OUT = "Oturumunuz sona ermiş; lütfen yeniden giriş yapın.";

/** Sends the file to the media endpoint; the address it was stored at, or the reason it was not. */
async function uploadFile(bucket: MediaBucket, file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch(`/admin/media/upload?bucket=${encodeURIComponent(bucket)}`, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.unknownReason };
  }
  // requireAdmin answers a lapsed session with a redirect to the sign-in page.
  if (response.redirected && new URL(response.url).pathname === "/admin/login") return { ok: false, message: SIGNED_OUT };
  const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
  if (answer && typeof answer === "object" && "ok" in answer) return answer;
  return { ok: false, message: MEDIA_MESSAGES.unknownReason };
}

// admin.md §2 and §4: an image chosen by upload or by URL, with a preview and a remove
// button. Whatever the tabs do, the form posts one URL string under `name`.
export function ImageField({
  id,
  name,
  label,
  bucket,
  defaultValue = "",
  errors,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  bucket: MediaBucket;
  defaultValue?: string | null;
  errors?: ListOfErrors;
  hint?: string;
}) {
  const initial = defaultValue ?? "";
  // admin.md §4: an http address is shown on the URL tab; our uploads on the upload tab.
  const [tab, setTab] = useState<Tab>(/^https?:\/\//i.test(initial) ? "url" : "upload");
  const [value, setValue] = useState(initial);
  // What the preview shows: the value once it is complete (uploaded, or the URL left).
  const [preview, setPreview] = useState(initial);
  const [busy, setBusy] = useState(false);
  const hidden = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const rules = BUCKETS[bucket];

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // conform listens on the document: the hidden field changed.
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value]);

  const set = (next: string) => {
    setValue(next);
    setPreview(next);
  };
  const clear = () => {
    set("");
    if (fileInput.current) fileInput.current.value = "";
  };
  const failedToDisplay = () => {
    clear();
    void notify.error(tab === "url" ? MEDIA_MESSAGES.urlFailed : MEDIA_MESSAGES.displayFailed);
  };
  // admin.md §4: saving waits for the upload; otherwise the form would post the old address.
  useEffect(() => {
    const form = hidden.current?.form;
    if (!busy || !form) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      void notify.error(MEDIA_MESSAGES.stillUploading);
    };
    form.addEventListener("submit", hold, true);
    return () => form.removeEventListener("submit", hold, true);
  }, [busy]);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) failedToDisplay();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  const upload = async (file: File) => {
    if (file.size > rules.maxBytes) {
      void notify.error(rules.tooLarge);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setBusy(true);
    const answer = await uploadFile(bucket, file);
    setBusy(false);
    if (fileInput.current) fileInput.current.value = "";
    if (!answer.ok) {
      void notify.error(MEDIA_MESSAGES.uploadFailed(bucket, answer.message || MEDIA_MESSAGES.unknownReason));
      return;
    }
    set(answer.url);
    void notify.success(MEDIA_MESSAGES.uploaded);
  };

  // An address pasted where a file is expected: it is a URL, so the URL tab takes it.
  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData("text").trim();
    if (!/^https?:\/\//i.test(text)) return;
    event.preventDefault();
    setTab("url");
    set(text);
  };

  const tabClass = (active: boolean) => `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;

  return (
    <div>
      <label htmlFor={tab === "url" ? id : `${id}-file`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input ref={hidden} type="hidden" name={name} value={value} />
      <div role="tablist" aria-label={`${label}: kaynak`} className="mt-1 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        <button type="button" role="tab" id={`${id}-tab-upload`} aria-selected={tab === "upload"} aria-controls={`${id}-panel`} onClick={() => setTab("upload")} className={tabClass(tab === "upload")}>
          Dosya Yükle
        </button>
        <button type="button" role="tab" id={`${id}-tab-url`} aria-selected={tab === "url"} aria-controls={`${id}-panel`} onClick={() => setTab("url")} className={tabClass(tab === "url")}>
          URL
        </button>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="mt-2">
        {tab === "upload" ? (
          // Focusable by a click, so an address can be pasted into it.
          <div onPaste={onPaste} tabIndex={-1} className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 p-3 focus:border-brand-600 focus:outline-none">
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={busy}
              aria-describedby={errorId}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
              className="peer sr-only"
            />
            {/* The browser's own file button speaks the browser's language; this one Turkish. */}
            <label
              htmlFor={`${id}-file`}
              className={`cursor-pointer rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 peer-focus-visible:ring-offset-2 hover:bg-brand-700 ${busy ? "pointer-events-none opacity-50" : ""}`}
            >
              Dosya Seç
            </label>
            <span className="text-sm text-slate-500">veya bir görsel adresi yapıştırın</span>
            {busy && (
              <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
                <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
                Yükleniyor...
              </span>
            )}
          </div>
        ) : (
          <input
            id={id}
            type="text"
            inputMode="url"
            placeholder="https://"
            value={value}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setPreview(value.trim())}
            onKeyDown={(event) => {
              // Enter shows the preview; it must not submit the surrounding form.
              if (event.key === "Enter") {
                event.preventDefault();
                setPreview(value.trim());
              }
            }}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500"
          />
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">{hint ?? rules.hint}</p>
      {preview && isImageAddress(preview) && (
        <div className="mt-2 flex items-start gap-3">
          <img ref={image} src={preview} alt={`${label} önizleme`} onError={failedToDisplay} className="max-h-40 max-w-xs rounded-lg border border-slate-200 object-contain" />
          <button type="button" onClick={clear} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
            Görseli kaldır
          </button>
        </div>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
