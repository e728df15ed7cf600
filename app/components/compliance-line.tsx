import type { Compliance } from "~/modules/content/content";

// Issue 11 §5: the ad disclosure in the words a visitor expects from an affiliate guide.
export const AD_DISCLOSURE = "Bu sitedeki bazı bağlantılar reklam/ortaklık bağlantılarıdır; bir site üzerinden üye olursanız komisyon alabiliriz.";

/**
 * Issue 11 §5: the slim line at the foot of every public page: 18+, responsible gambling
 * with the configured helpline, and the ad disclosure. Plain markup, no script: it is part
 * of the cached HTML every visitor gets. Light text on near-black (over 12:1) and an
 * underlined link, so the line keeps Lighthouse's accessibility at 100.
 */
export function ComplianceLine({ compliance }: { compliance: Pick<Compliance, "helplineLabel" | "helplineUrl"> }) {
  return (
    <footer aria-label="Sorumlu oyun ve reklam bilgisi" className="border-t border-slate-800 bg-slate-950 text-xs leading-relaxed text-slate-300">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 font-bold text-white">18+</span>
        <div>
          <p>
            Bu site yalnızca 18 yaş ve üzeri kişiler içindir. Kumar bağımlılık yapabilir; lütfen sorumlu oynayın.{" "}
            <a href={compliance.helplineUrl} className="font-semibold text-white underline underline-offset-2">
              {compliance.helplineLabel}
            </a>
          </p>
          <p>
            <strong className="font-semibold text-white">Reklam:</strong> {AD_DISCLOSURE}
          </p>
        </div>
      </div>
    </footer>
  );
}
