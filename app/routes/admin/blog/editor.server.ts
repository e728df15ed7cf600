import { data } from "react-router";
import { actorOf } from "~/lib/command.server";
import { editedId, readForm, submitForm } from "~/lib/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { latestOpenBulkJob } from "~/modules/ai/bulk.server";
import { isAiConfigured } from "~/modules/ai/ai.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { BLOG_POST_MESSAGES, BlogPostFormSchema } from "~/modules/blog/blog.schema";
import { getPostForEdit, listPostCategories, savePost } from "~/modules/blog/blog.server";

type Args = { request: Request; params: { id?: string }; context: { clientAddress: string } };

/** The post to edit (none for a new one), the categories in use, and whether AI is set up; a 404 for an unknown id. */
export async function loadBlogEditor({ request, params, context }: Args) {
  const admin = await requireAdmin(request, context);
  const id = editedId(params, BLOG_POST_MESSAGES.notFound);
  const [post, categories, pendingJob] = await Promise.all([
    id ? getPostForEdit(id) : null,
    listPostCategories(),
    // A bulk run the operator started and left (closed tab): the dialog shows it again.
    latestOpenBulkJob(admin.userId),
  ]);
  if (id && !post) throw data({ message: BLOG_POST_MESSAGES.notFound }, 404);
  return { post, categories, ai: { configured: isAiConfigured(), pendingJob } };
}

/** The one action of the new and edit screens (STYLE.md: new and edit share one action). */
export async function action({ request, params, context }: Args) {
  const admin = await requireAdmin(request, context);
  const id = editedId(params, BLOG_POST_MESSAGES.notFound, request);
  const formData = await readForm(request);
  return submitForm(
    request,
    formData,
    BlogPostFormSchema,
    (input) => savePost(actorOf(admin, context), id, input),
    // admin.md §2: after saving the user goes back to /admin/blog.
    () => redirectWithToast(request, "/admin/blog", { type: "success", message: id ? BLOG_POST_MESSAGES.updated : BLOG_POST_MESSAGES.created }),
    BLOG_POST_MESSAGES.saveFailed,
  );
}
