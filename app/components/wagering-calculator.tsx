import { useId, useState } from "react";
import { calculateWagering, defaultDeposit, dependsOnDeposit, parseDeposit } from "~/modules/promotions/bonus-details";
import { formatMultiplier, formatTl, WAGERING_BASIS_LABELS, type BonusTerms } from "~/modules/promotions/bonus-terms";

/**
 * Issue 11 §2: a visitor enters a deposit and sees the bonus, the turnover required and the
 * maximum cash-out, computed from the promotion's terms (bonus-terms.ts). The server renders
 * the figures for a default deposit, so they make sense before (or without) JavaScript.
 */
export function WageringCalculator({ terms }: { terms: BonusTerms }) {
  const askDeposit = dependsOnDeposit(terms);
  const [typed, setTyped] = useState(() => String(defaultDeposit(terms)));
  const inputId = useId();
  const deposit = askDeposit ? parseDeposit(typed) : 0;
  const result = deposit === null ? null : calculateWagering(terms, deposit);
  const basisLabel = WAGERING_BASIS_LABELS[terms.wageringBasis ?? "bonus"].toLocaleLowerCase("tr-TR");
  // A sum is multiplied as a whole: '35x × (yatırım + bonus)'.
  const basis = terms.wageringBasis === "deposit_bonus" ? `(${basisLabel})` : basisLabel;

  return (
    <section aria-labelledby="calculator-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="calculator-title" className="text-xl font-bold">
        Çevrim Hesaplayıcı
      </h2>
      {askDeposit && (
        <div className="mt-3">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Yatırım tutarı (TL)
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            aria-invalid={deposit === null ? true : undefined}
            aria-describedby={deposit === null ? `${inputId}-error` : undefined}
            className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 text-base"
          />
          {deposit === null && (
            <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
              Geçerli bir tutar girin (ör. 1000).
            </p>
          )}
        </div>
      )}
      {result && (
        <dl aria-live="polite" data-testid="calculator-result" className="mt-4 grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">Alacağınız bonus</dt>
            <dd className="text-lg font-bold text-slate-900">{formatTl(result.bonus)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">Gereken çevrim</dt>
            <dd className="text-lg font-bold text-slate-900">{result.turnover === null ? "Belirtilmemiş" : formatTl(result.turnover)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">Maksimum çekim</dt>
            <dd className="text-lg font-bold text-slate-900">{result.maxCashout === null ? "Sınır belirtilmemiş" : formatTl(result.maxCashout)}</dd>
          </div>
        </dl>
      )}
      {result?.note && <p className="mt-3 text-sm font-medium text-slate-800">{result.note}</p>}
      <p className="mt-3 text-xs text-slate-600">
        {terms.wageringMultiplier !== null && terms.wageringMultiplier > 0 && `Gereken çevrim = ${formatMultiplier(terms.wageringMultiplier)} × ${basis}. `}
        Hesap bilgilendirme amaçlıdır; kesin şartlar sitede geçerlidir.
      </p>
    </section>
  );
}
