import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, DeleteRowForm, EditLink, EmptyRow, SearchBox, SortHeader, TABLE_CLASS, TwoLines, TABLE_WRAPPER_CLASS, FilterSelect } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { actorOf } from "~/lib/command.server";
import { formatDateTr } from "~/lib/dates";
import { readForm, splitErrors, refuseSubmission } from "~/lib/form-action.server";
import { lastPageHref, pickAllowed, parseListQuery } from "~/lib/list-query";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { BLOG_POST_MESSAGES, BLOG_POST_SORTS, BLOG_STATUS_FILTERS, BLOG_STATUS_LABELS, postPublicPath, type BlogStatusFilter } from "~/modules/blog/blog.schema";
import { listPostsForAdmin, removePost, setPostPublished } from "~/modules/blog/blog.server";

export const meta: Route.MetaFunction = () => [{ title: "Blog Yazıları | Admin Panel" }];

const STATUS_OF_FILTER: Record<BlogStatusFilter, "published" | "draft"> = { yayinda: "published", taslak: "draft" };
const FILTER_LABELS: Record<BlogStatusFilter, string> = { yayinda: BLOG_STATUS_LABELS.published, taslak: BLOG_STATUS_LABELS.draft };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url, BLOG_POST_SORTS, { sort: "createdAt", dir: "desc" });
  const filter = pickAllowed(BLOG_STATUS_FILTERS, url.searchParams.get("durum"));
  const list = await listPostsForAdmin({ ...query, status: filter ? STATUS_OF_FILTER[filter] : null });
  const last = lastPageHref(url, list);
  if (last) throw redirect(last);
  return { query, filter, list };
}

// The wanted state is named (publish / unpublish), not "flip": a second click on a stale page changes nothing.
const ListIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), id: z.uuid(BLOG_POST_MESSAGES.notFound) }),
  z.object({ intent: z.literal("unpublish"), id: z.uuid(BLOG_POST_MESSAGES.notFound) }),
  z.object({ intent: z.literal("delete"), id: z.uuid(BLOG_POST_MESSAGES.notFound) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: ListIntent });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const actor = actorOf(admin, context);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const { intent, id } = submission.value;
  const result = intent === "delete" ? await removePost(actor, id) : await setPostPublished(actor, id, intent === "publish");
  if (!result.ok) {
    // Only a post that is not there is a 404; any other refusal is the request's (400).
    const status = result.fieldErrors[""]?.includes(BLOG_POST_MESSAGES.notFound) ? 404 : 400;
    return refuseSubmission(request, submission, status, splitErrors(result.fieldErrors));
  }
  const message = intent === "delete" ? BLOG_POST_MESSAGES.deleted : intent === "publish" ? BLOG_POST_MESSAGES.published : BLOG_POST_MESSAGES.unpublished;
  return redirectWithToast(request, back, { type: "success", message });
}

const STATUS_BADGE = { published: "bg-green-100 text-green-800", draft: "bg-slate-100 text-slate-700" } as const;
const ROW_BUTTON = "rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100";

export default function BlogPostList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, filter, list } = loaderData;
  const searching = Boolean(query.q || filter);
  return (
    <section>
      <AdminPageHeader title="Blog Yazıları" action={{ to: "/admin/blog/new", label: "Yeni Blog Yazısı Ekle" }} />
      <SearchBox q={query.q} label="Blog yazısı ara">
        <FilterSelect name="durum" label="Durum" value={filter} allLabel="Tüm durumlar" options={BLOG_STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))} />
      </SearchBox>
      <ErrorList errors={actionData?.result?.error?.[""] ?? actionData?.result?.error?.id} />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <SortHeader label="Başlık" sort="title" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-left">
                Durum
              </th>
              <SortHeader label="Görüntülenme" sort="viewCount" current={query.sort} dir={query.dir} />
              <SortHeader label="Oluşturulma Tarihi" sort="createdAt" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && (
              <EmptyRow colSpan={5}>
                {searching ? (
                  "Aramanıza uyan blog yazısı bulunamadı"
                ) : (
                  // admin.md §2: the empty state offers to add the first post.
                  <span className="flex flex-col items-center gap-3">
                    <span>Henüz blog yazısı yok</span>
                    <Link to="/admin/blog/new" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                      İlk blog yazısını ekleyin
                    </Link>
                  </span>
                )}
              </EmptyRow>
            )}
            {list.items.map((post) => {
              const status = post.isPublished ? "published" : "draft";
              return (
                <tr key={post.id} data-status={status}>
                  <td className="px-4 py-3 font-medium">
                    <TwoLines text={post.title} />
                  </td>
                  <td className="px-4 py-3">
                    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}>{BLOG_STATUS_LABELS[status]}</span>
                  </td>
                  <td className="px-4 py-3 tabular-nums text-slate-600">{post.viewCount.toLocaleString("tr-TR")}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTr(post.createdAt)}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    <Form method="post" className="inline">
                      <input type="hidden" name="id" value={post.id} />
                      <button type="submit" name="intent" value={post.isPublished ? "unpublish" : "publish"} aria-label={`${post.title} ${post.isPublished ? "taslağa al" : "yayınla"}`} className={ROW_BUTTON}>
                        {post.isPublished ? "Taslağa Al" : "Yayınla"}
                      </button>
                    </Form>
                    <EditLink to={`/admin/blog/edit/${post.id}`} />
                    {post.isPublished && (
                      <a href={postPublicPath(post)} target="_blank" rel="noopener noreferrer" aria-label={`${post.title} sitede görüntüle`} className={ROW_BUTTON}>
                        Görüntüle
                      </a>
                    )}
                    <DeleteRowForm id={post.id} label={post.title} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AdminPagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
