import { Link } from "./link";
import { formatDateTr } from "~/lib/dates";
import type { PostCard as Post } from "~/modules/blog/blog.schema";
import { imageSources } from "~/modules/media/media.schema";
import { PLACEHOLDER_IMAGE } from "./promotion-card";

export function PostCard({ post }: { post: Post }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img {...imageSources(post.imageUrl || PLACEHOLDER_IMAGE)} alt={post.title} width={800} height={450} loading="lazy" className="aspect-video w-full bg-slate-100 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-brand-700">{post.category}</span> · {formatDateTr(post.createdAt)}
        </p>
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={`/blog/${post.slug || post.id}`} className="hover:text-brand-700">
            {post.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{post.excerpt}</p>
      </div>
    </article>
  );
}

export function PostGrid({ posts }: { posts: Post[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </div>
  );
}
