import { Link } from "./link";
import { chipsOf, headlineOf, ratingText, type TermChip } from "~/modules/promotions/bonus-terms";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";

// Issue 11 §2: what a visitor scans on an offer, as text (not painted in the banner): the
// headline value, the chips, the rating and the terms notice. Shared by the cards and the
// detail page.

/** The id of the detail page's terms section: the notice under every offer links there. */
export const TERMS_ANCHOR = "sartlar";

type Offer = Pick<PublicPromotion, "bonus" | "expiryDate" | "ratingCount" | "ratingTotal">;

export function OfferHeadline({ promotion, className }: { promotion: Pick<PublicPromotion, "bonus">; className: string }) {
  const headline = headlineOf(promotion.bonus);
  if (!headline) return null;
  return (
    <p className={className}>
      <span className="sr-only">Bonus: </span>
      {headline}
    </p>
  );
}

const CHIP_CLASS: Record<TermChip["kind"], string> = {
  wagering: "bg-sky-50 text-sky-900",
  minDeposit: "bg-slate-100 text-slate-800",
  expiry: "bg-amber-50 text-amber-900",
};

/** 'Çevrim 35x', 'Min. yatırım 100 TL', 'Son tarih 31.12.2026'. */
export function TermChips({ promotion, className = "" }: { promotion: Offer; className?: string }) {
  const chips = chipsOf(promotion.bonus, promotion.expiryDate);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Öne çıkan şartlar" className={`flex flex-wrap gap-1.5 ${className}`}>
      {chips.map((chip) => (
        <li key={chip.kind} className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${CHIP_CLASS[chip.kind]}`}>
          {chip.text}
        </li>
      ))}
    </ul>
  );
}

/** '★ 4,3 / 5 · 12 yorum' from the columns the comment trigger keeps; nothing without comments. */
export function RatingLine({ promotion, className = "" }: { promotion: Pick<PublicPromotion, "ratingCount" | "ratingTotal">; className?: string }) {
  const text = ratingText(promotion.ratingTotal, promotion.ratingCount);
  if (!text) return null;
  return (
    <p className={`whitespace-nowrap text-sm text-slate-700 ${className}`}>
      <span aria-hidden="true" className="text-amber-700">
        ★{" "}
      </span>
      <span className="sr-only">Ziyaretçi puanı: </span>
      {text}
    </p>
  );
}

/** 'Şartlar ve koşullar geçerlidir', linking to the offer's terms (issue 11 §5). */
export function TermsNotice({ href, title, className = "" }: { href: string; title: string; className?: string }) {
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      <Link to={href} className="underline hover:text-slate-900">
        Şartlar ve koşullar geçerlidir
        <span className="sr-only">: {title}</span>
      </Link>
    </p>
  );
}
