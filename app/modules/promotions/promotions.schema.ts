import { slugify } from "~/lib/slug";
import { cutText, htmlToText, SHORT_DESCRIPTION_LENGTH } from "~/lib/text";
import { foldTurkish } from "~/lib/turkish";

/** public-site.md §3: shortDescription is the first 150 characters of the description. */
export function shortDescriptionOf(descriptionHtml: string): string {
  return cutText(htmlToText(descriptionHtml), SHORT_DESCRIPTION_LENGTH);
}

/** Columns derived from the title and description; every promotion write sets them. */
export function derivePromotionFields(title: string, descriptionHtml: string): { slug: string; searchText: string } {
  return {
    slug: slugify(title),
    searchText: foldTurkish(`${title}\n${shortDescriptionOf(descriptionHtml)}`),
  };
}
