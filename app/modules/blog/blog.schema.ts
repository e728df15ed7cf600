// What public blog pages render (safe in the browser).
export type PostLink = { id: string; title: string; slug: string };
export type PostCard = PostLink & { excerpt: string; imageUrl: string | null; category: string; author: string; createdAt: string };
export type PostDetail = PostCard & { content: string; viewCount: number; updatedAt: string; seoTitle: string | null; seoDescription: string | null; seoKeywords: string | null };

// What the blog's write commands answer (the blog admin screens of a later issue show them).
export const BLOG_POST_MESSAGES = {
  notFound: "Blog yazısı bulunamadı",
  // admin.md §8 has no blog wording for a slug clash; the categories' message says the same thing.
  slugTaken: "Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin.",
} as const;
