/** A read-only 1-5 star rating. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} / 5 puan`} className="text-amber-500">
      {"★".repeat(rating)}
      <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
