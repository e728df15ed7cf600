// Numbers as Turkish readers write them: dots group thousands, a comma marks decimals.
const numberFormat = new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 2 });

/** 5000 -> '5.000', 35.5 -> '35,5'. */
export function formatNumberTr(value: number): string {
  return numberFormat.format(value);
}
