import type { Route } from "./+types/new";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BlogPostEditor } from "./editor";
import { loadBlogEditor } from "./editor.server";

export { action } from "./editor.server";

// admin.md §2 "Blog post editor": the page title, as the spec gives it.
export const meta: Route.MetaFunction = () => [{ title: "Add New Blog Post | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadBlogEditor(args);

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogPostEditor post={loaderData.post} categories={loaderData.categories} ai={loaderData.ai} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
