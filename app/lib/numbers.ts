// Numbers as Turkish readers write them: dots group thousands, a comma marks decimals.
// Written out rather than with Intl.NumberFormat: a browser's first Intl formatter costs 60
// to 150 ms of a throttled phone's main thread while a public page hydrates (dates.ts).
// Intl rounds the number's shortest decimal form (0.015, not the binary 0.01499…) half
// away from zero; so does this. Numbers JavaScript writes in exponent form, NaN and the
// infinities go to Intl. intl-free.test.ts compares both across many values.

/** `value` with at least `minFraction` and at most `maxFraction` decimals, tr-TR. */
export function formatDecimalTr(value: number, minFraction: number, maxFraction: number): string {
  const shortest = String(Math.abs(value));
  if (!Number.isFinite(value) || shortest.includes("e")) return formatWithIntl(value, minFraction, maxFraction);
  const [whole, decimals] = roundHalfUp(shortest, maxFraction);
  let shown = decimals.padEnd(minFraction, "0");
  while (shown.length > minFraction && shown.endsWith("0")) shown = shown.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ".");
  // Intl keeps the sign of a negative value that rounds to zero ('-0'), and of -0 itself.
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped}${shown ? `,${shown}` : ""}`;
}

const intlFormats = new Map<string, Intl.NumberFormat>();

function formatWithIntl(value: number, minFraction: number, maxFraction: number): string {
  const key = `${minFraction}-${maxFraction}`;
  let format = intlFormats.get(key);
  if (!format) intlFormats.set(key, (format = new Intl.NumberFormat("tr-TR", { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction })));
  return format.format(value);
}

/** A plain decimal string ('12.345') rounded half up to `places` decimals: [whole, decimals]. */
function roundHalfUp(decimal: string, places: number): [string, string] {
  const [whole, fraction = ""] = decimal.split(".") as [string, string?];
  if (fraction.length <= places) return [whole, fraction];
  let digits = BigInt(whole + fraction.slice(0, places));
  if (fraction.charCodeAt(places) >= "5".charCodeAt(0)) digits += 1n;
  const text = digits.toString().padStart(places + 1, "0");
  return places === 0 ? [text, ""] : [text.slice(0, -places), text.slice(-places)];
}

/** 5000 -> '5.000', 35.5 -> '35,5'. */
export function formatNumberTr(value: number): string {
  return formatDecimalTr(value, 0, 2);
}
