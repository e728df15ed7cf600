import { isWebUrl } from "~/lib/urls";

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

// Issue 11 §5: the compliance line on every public page and the splash ad's period. The
// issue leaves the defaults to us: Yeşilay's YEDAM line (115) is the free national helpline
// for gambling addiction, and the splash ad shows at most once a day.
export type Compliance = { helplineLabel: string; helplineUrl: string; splashFrequencyHours: number };

export const DEFAULT_COMPLIANCE: Compliance = { helplineLabel: "Yardım hattı: YEDAM 115", helplineUrl: "tel:115", splashFrequencyHours: 24 };

/** settings.splash_frequency_hours: the database's check allows 1 to 8760 hours (a year). */
export const SPLASH_FREQUENCY_HOURS = { min: 1, max: 8760 } as const;

const TEL_HREF = /^tel:\+?[0-9][0-9-]{0,19}$/;

/** Where the helpline link may lead: a web address or a phone number (tel:115, tel:+90-850-...). */
export function isHelplineHref(value: string): boolean {
  return TEL_HREF.test(value) || isWebUrl(value);
}

/** What the public pages show: stored values, each falling back to the default when empty or unusable. */
export function complianceOf(row: { helplineLabel: string | null; helplineUrl: string | null; splashFrequencyHours: number } | undefined): Compliance {
  if (!row) return DEFAULT_COMPLIANCE;
  const { min, max } = SPLASH_FREQUENCY_HOURS;
  const hours = row.splashFrequencyHours;
  return {
    helplineLabel: row.helplineLabel?.trim() || DEFAULT_COMPLIANCE.helplineLabel,
    helplineUrl: row.helplineUrl && isHelplineHref(row.helplineUrl) ? row.helplineUrl : DEFAULT_COMPLIANCE.helplineUrl,
    splashFrequencyHours: Number.isInteger(hours) && hours >= min && hours <= max ? hours : DEFAULT_COMPLIANCE.splashFrequencyHours,
  };
}
