import { htmlToText } from "~/lib/text";
import { findPublishedPost, listPublishedPosts } from "~/modules/blog/blog.server";
import { listCasinoCards } from "~/modules/casinos/casinos.server";
import { getBlogSectionText, getHero } from "~/modules/content/content.server";
import { listActivePromotions } from "~/modules/promotions/promotions.server";

// admin.md §7 "seo_settings": the AI suggestion is given the page's name and its collected
// text. The text is what a visitor reads on that public page, read from the same public
// queries the page uses (drafts and inactive offers never reach the prompt); the model sees
// its first 1,000 characters.

const ENOUGH = 2_000;

function lines(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => (part ? htmlToText(part) : ""))
    .filter(Boolean)
    .join("\n");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The visible text of a public page, by its path; "" for a page this site cannot read. */
export async function collectPageText(pagePath: string): Promise<string> {
  const path = pagePath.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  let text = "";
  if (path === "/") {
    const [hero, blogSection, promotions, posts] = await Promise.all([getHero(), getBlogSectionText(), listActivePromotions(10), listPublishedPosts(4)]);
    text = lines(
      hero.upperTitle,
      hero.mainTitle,
      hero.description,
      ...promotions.map((p) => `${p.title}${p.casino ? ` (${p.casino.name})` : ""}: ${p.shortDescription}`),
      blogSection,
      ...posts.map((p) => p.title),
    );
  } else if (path === "/bonuslar") {
    const promotions = await listActivePromotions(20);
    text = lines(...promotions.map((p) => `${p.title}${p.casino ? ` (${p.casino.name})` : ""}: ${p.shortDescription}`));
  } else if (path === "/guvenilir-siteler") {
    const casinos = await listCasinoCards();
    text = lines(...casinos.map((c) => `${c.name}: ${c.activePromotionCount} aktif promosyon`));
  } else if (path === "/blog") {
    const posts = await listPublishedPosts(12);
    text = lines(...posts.map((p) => `${p.title}: ${p.excerpt}`));
  } else if (path.startsWith("/blog/")) {
    const post = await findPublishedPost(safeDecode(path.slice("/blog/".length)));
    text = post ? lines(post.title, post.excerpt, post.content) : "";
  }
  return text.slice(0, ENOUGH);
}
