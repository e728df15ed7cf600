// public-site.md §2.3 and §3: the hero's built-in Turkish defaults, used until or
// unless a hero row exists.
export type Hero = {
  upperTitle: string;
  mainTitle: string;
  highlightedText: string;
  description: string;
  buttonText: string;
  buttonUrl: string;
};

export const DEFAULT_HERO: Hero = {
  upperTitle: "En güncel casino kampanyaları",
  mainTitle: "Güvenilir sitelerin en iyi casino bonusları",
  highlightedText: "en iyi casino bonusları",
  description: "Hoş geldin, deneme ve kayıp bonuslarını karşılaştırın; şartlarını okuyun ve size en uygun promosyonu seçin.",
  buttonText: "Bonusları Keşfet",
  buttonUrl: "#promotions-section",
};

export type TitleParts = { before: string; highlight: string; after: string };

/**
 * public-site.md §2.3: the highlighted text is emphasised inside the main title; when
 * it does not occur there it is put in front of it.
 */
export function splitHighlightedTitle(mainTitle: string, highlighted: string): TitleParts {
  const highlight = highlighted.trim();
  if (!highlight) return { before: mainTitle, highlight: "", after: "" };
  let at = mainTitle.indexOf(highlight);
  if (at < 0) at = mainTitle.toLocaleLowerCase("tr-TR").indexOf(highlight.toLocaleLowerCase("tr-TR"));
  if (at < 0) return { before: "", highlight, after: ` ${mainTitle}` };
  return { before: mainTitle.slice(0, at), highlight: mainTitle.slice(at, at + highlight.length), after: mainTitle.slice(at + highlight.length) };
}
