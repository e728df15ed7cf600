import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PostCard } from "~/components/post-card";
import { PromotionCard } from "~/components/offer-card";
import { imageSources } from "./media.schema";
import { NO_BONUS_TERMS } from "~/modules/promotions/bonus-terms";

const UPLOAD = "/media/promotions/promotion_1700000000000_abcdefghijkl.png";

describe("imageSources", () => {
  it("gives one of our uploads its WebP widths, so a phone can take the 480-pixel copy", () => {
    expect(imageSources(UPLOAD, "100vw")).toEqual({
      src: UPLOAD,
      srcSet:
        "/media/promotions/promotion_1700000000000_abcdefghijkl-480.webp 480w, /media/promotions/promotion_1700000000000_abcdefghijkl-960.webp 960w, /media/promotions/promotion_1700000000000_abcdefghijkl-1600.webp 1600w",
      sizes: "100vw",
    });
    expect(imageSources("/media/blog-images/blog_1700000000000_abcdefghijkl.jpg").srcSet).toContain("/media/blog-images/blog_1700000000000_abcdefghijkl-480.webp 480w");
  });

  it.each([
    ["another site's image", "https://cdn.example.com/a.png"],
    ["a file of ours that is not an upload", "/images/placeholder.svg"],
    ["a WebP copy itself", "/media/promotions/promotion_1700000000000_abcdefghijkl-480.webp"],
    ["a name of another bucket's kind", "/media/promotions/blog_1700000000000_abcdefghijkl.png"],
    ["an unknown bucket", "/media/other/promotion_1700000000000_abcdefghijkl.png"],
    ["a name not made by the server", "/media/promotions/../promotion_1700000000000_abcdefghijkl.png"],
    ["a query string", `${UPLOAD}?v=2`],
    ["another site's address with a path like ours", "https://cdn.example.com/media/promotions/promotion_1700000000000_abcdefghijkl.png"],
  ])("leaves %s as it is", (_case, url) => {
    expect(imageSources(url)).toEqual({ src: url });
  });

  it("is what the public promotion and post cards render", () => {
    const html = renderToString(
      <MemoryRouter>
        <PromotionCard
          promotion={{
            id: "p1",
            title: "Bonus",
            slug: "bonus",
            description: "<p>Açıklama</p>",
            shortDescription: "Açıklama",
            terms: [],
            claimLink: "https://example.com",
            expiryDate: null,
            imageUrl: UPLOAD,
            promotionCode: null,
            category: null,
            categoryId: null,
            createdAt: "2026-06-01T09:00:00.000Z",
            casino: null,
            bonus: NO_BONUS_TERMS,
            ratingCount: 0,
            ratingTotal: 0,
          }}
          expanded={false}
          onToggle={() => {}}
        />
        <PostCard post={{ id: "b1", title: "Yazı", slug: "yazi", excerpt: "Özet", imageUrl: "/media/blog-images/blog_1700000000000_abcdefghijkl.png", publishedAt: null, createdAt: "2026-06-01T09:00:00.000Z", category: null } as never} />
      </MemoryRouter>,
    );
    expect(html).toContain('srcSet="/media/promotions/promotion_1700000000000_abcdefghijkl-480.webp 480w');
    expect(html).toContain('srcSet="/media/blog-images/blog_1700000000000_abcdefghijkl-480.webp 480w');
  });
});
