import { useEffect, useRef, useState } from "react";

/** Selects the code's text, so a visitor whose browser refused the clipboard can copy it by hand. */
function selectText(element: HTMLElement | null): void {
  if (!element) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * Issue 11 §2: a promotion code with a copy button ('Kopyala', then 'Kopyalandı'). The code
 * is selectable text in the server's HTML (one click selects all of it), so it works
 * without JavaScript too.
 */
export function CopyCode({ code, size = "sm" }: { code: string; size?: "sm" | "lg" }) {
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, an old browser): the older way.
      selectText(codeRef.current);
      try {
        if (document.execCommand("copy")) setCopied(true);
      } catch {
        // The code stays selected for the visitor to copy.
      }
    }
  };

  const large = size === "lg";
  return (
    <span className="inline-flex max-w-full items-center gap-2">
      <code
        ref={codeRef}
        className={`min-w-0 truncate select-all rounded-md border border-dashed border-slate-400 bg-slate-50 font-mono font-semibold text-slate-900 ${large ? "px-3 py-1.5 text-base" : "px-2 py-1 text-sm"}`}
      >
        {code}
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        className={`shrink-0 rounded-md border font-semibold ${copied ? "border-emerald-700 bg-emerald-50 text-emerald-800" : "border-slate-300 bg-white text-slate-800 hover:border-brand-500"} ${large ? "px-3 py-1.5 text-sm" : "px-2.5 py-1 text-xs"}`}
      >
        {copied ? "Kopyalandı" : "Kopyala"}
        <span className="sr-only"> ({code})</span>
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? `${code} kodu kopyalandı` : ""}
      </span>
    </span>
  );
}
