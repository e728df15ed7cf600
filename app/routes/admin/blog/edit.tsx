import type { Route } from "./+types/edit";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BlogPostEditor } from "./editor";
import { loadBlogEditor } from "./editor.server";

export { action } from "./editor.server";

// admin.md §2 "Blog post editor": the page title, as the spec gives it. Serves both
// /admin/blog/edit/{id} and /admin/blog/{id}.
export const meta: Route.MetaFunction = () => [{ title: "Edit Blog Post | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadBlogEditor(args);

export default function EditBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogPostEditor key={loaderData.post?.id} post={loaderData.post} categories={loaderData.categories} ai={loaderData.ai} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
