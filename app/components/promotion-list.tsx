import { useState } from "react";
import type { PublicPromotion } from "~/modules/promotions/promotions.schema";
import { PromotionCard } from "./offer-card";

/** A grid of promotion cards of which at most one is expanded. */
export function PromotionList({ promotions }: { promotions: PublicPromotion[] }) {
  const [expandedId, setExpandedId] = useState<string | null>(null);
  return (
    <div className="grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {promotions.map((promotion, i) => (
        <PromotionCard
          key={promotion.id}
          promotion={promotion}
          priority={i < 3}
          expanded={expandedId === promotion.id}
          onToggle={() => setExpandedId((current) => (current === promotion.id ? null : promotion.id))}
        />
      ))}
    </div>
  );
}
