// What public blog pages render (safe in the browser).
export type PostLink = { id: string; title: string; slug: string };
export type PostCard = PostLink & { excerpt: string; imageUrl: string | null; category: string; author: string; createdAt: string };
export type PostDetail = PostCard & { content: string; viewCount: number; updatedAt: string; seoTitle: string | null; seoDescription: string | null; seoKeywords: string | null };
