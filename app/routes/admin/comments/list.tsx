import { getCollectionProps, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useEffect, useRef } from "react";
import { Form, redirect, useLocation, useNavigate } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, EmptyRow, ListTotal, SearchBox, TABLE_CLASS, TABLE_WRAPPER_CLASS } from "~/components/admin-list";
import { ConfirmButton } from "~/components/confirm-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SubmitButton, TextareaField, useIsPending } from "~/components/forms";
import { Stars } from "~/components/stars";
import { actorOf } from "~/lib/command.server";
import { readForm, splitErrors, refuseSubmission } from "~/lib/form-action.server";
import { listHref, parseListQuery } from "~/lib/list-query";
import { requireAdmin } from "~/modules/auth/auth.server";
import {
  COMMENT_ADMIN_MESSAGES,
  COMMENT_SORTS,
  CommentEditSchema,
  CommentIntentSchema,
  formatCommentDate,
  parseRatingFilter,
  RATING_FILTERS,
  RATING_PARAM,
  type CommentEditorValue,
} from "~/modules/comments/comments-admin.schema";
import { getCommentForEdit, listCommentsForAdmin, removeComment, updateComment } from "~/modules/comments/comments-admin.server";
import { COMMENT_NAME_MAX_LENGTH, COMMENT_TEXT_MAX_LENGTH } from "~/modules/comments/comments.rules";
import { redirectWithToast } from "~/lib/toast.server";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(CommentEditSchema);

// admin.md §2 "Comment moderation": search, rating filter, table, edit dialog, delete.
// The dialog is part of the URL (?duzenle={id}), so it works without scripts and a
// failed save keeps it open with the messages beside its fields.
const EDIT_PARAM = "duzenle";
const RATING_OPTIONS = ["1", "2", "3", "4", "5"];

export const meta: Route.MetaFunction = () => [{ title: "Yorumlar | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const { page, q } = parseListQuery(url, COMMENT_SORTS, { sort: "createdAt", dir: "desc" });
  const rating = parseRatingFilter(url.searchParams.get(RATING_PARAM));
  const list = await listCommentsForAdmin({ page, q, rating });
  // A page emptied by deletes (or a made-up number) shows the last page that has rows.
  if (page > list.pageCount) throw redirect(listHref(url, { sayfa: list.pageCount }));
  const editId = url.searchParams.get(EDIT_PARAM);
  const editing = editId ? await getCommentForEdit(editId) : null;
  return { query: { q, rating }, list, editing };
}

/** The list URL the action returns to: the same search, filter and page, the dialog closed. */
function returnUrl(request: Request): string {
  return listHref(new URL(request.url), { [EDIT_PARAM]: null });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: CommentIntentSchema });
  if (submission.status !== "success") return refuseSubmission(request, submission, 400);
  const actor = actorOf(admin, context);
  const command = submission.value.intent === "update" ? updateComment(actor, submission.value) : removeComment(actor, submission.value.id);
  const result = await command;
  if (!result.ok) return refuseSubmission(request, submission, 404, splitErrors(result.fieldErrors));
  const message = submission.value.intent === "update" ? COMMENT_ADMIN_MESSAGES.updated : COMMENT_ADMIN_MESSAGES.deleted;
  return redirectWithToast(request, returnUrl(request), { type: "success", message });
}

export default function CommentList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, editing } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  const result = actionData?.result;
  const resultIntent = result?.initialValue?.intent;
  const filtered = Boolean(query.q || query.rating);
  return (
    <section>
      <AdminPageHeader title="Yorumlar" />
      <SearchBox q={query.q} label="Kullanıcı, yorum veya promosyon ara">
        <label className="text-sm">
          <span className="sr-only">Puan</span>
          <select
            name={RATING_PARAM}
            defaultValue={query.rating ?? ""}
            aria-label="Puana göre filtrele"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">Tümü</option>
            {RATING_FILTERS.map((n) => (
              <option key={n} value={n}>
                {n} Yıldız
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      {resultIntent !== "update" && <ErrorList errors={result?.error?.[""] ?? result?.error?.id ?? result?.error?.intent} />}
      <ListTotal list={list} noun="yorum" />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 text-left">
                Promosyon
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Kullanıcı
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Puan
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Yorum
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Tarih
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={6}>{filtered ? COMMENT_ADMIN_MESSAGES.noMatch : COMMENT_ADMIN_MESSAGES.empty}</EmptyRow>}
            {list.items.map((item) => (
              <tr key={item.id}>
                <td className="max-w-[14rem] px-4 py-3">
                  <span className="block truncate font-medium">{item.promotionTitle}</span>
                  {item.casinoName && <span className="block truncate text-xs text-slate-500">{item.casinoName}</span>}
                </td>
                <td className="max-w-[10rem] truncate px-4 py-3">{item.userName}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <Stars rating={item.rating} />
                </td>
                <td className="max-w-[24rem] px-4 py-3 text-slate-700">
                  <p className="line-clamp-3 whitespace-pre-line break-words">{item.comment}</p>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={item.createdAt}>{formatCommentDate(item.createdAt)}</time>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  <Link
                    to={listHref(here, { [EDIT_PARAM]: item.id })}
                    preventScrollReset
                    aria-label={`${item.userName} yorumunu düzenle`}
                    className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    Düzenle
                  </Link>
                  <Form method="post" className="inline" preventScrollReset>
                    <input type="hidden" name="id" value={item.id} />
                    <ConfirmButton name="intent" value="delete" aria-label={`${item.userName} yorumunu sil`}>
                      Sil
                    </ConfirmButton>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination page={list.page} pageCount={list.pageCount} />
      {editing && (
        <CommentEditDialog
          key={editing.id}
          comment={editing}
          closeHref={listHref(here, { [EDIT_PARAM]: null })}
          lastResult={resultIntent === "update" && result?.initialValue?.id === editing.id ? result : undefined}
        />
      )}
    </section>
  );
}

/** admin.md §2: the edit dialog (user name, star rating 1-5, comment text). */
function CommentEditDialog({ comment, closeHref, lastResult }: { comment: CommentEditorValue; closeHref: string; lastResult?: SubmissionResult<string[]> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: `comment-edit-${comment.id}`,
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: { intent: "update", id: comment.id, userName: comment.userName, comment: comment.comment, rating: String(comment.rating) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommentEditSchema }),
  });

  // Server-rendered open (usable without scripts); once hydrated it becomes modal, so
  // focus stays inside and Escape closes it.
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    element.close();
    element.showModal();
  }, []);
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={`${form.id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="fixed inset-0 z-50 m-auto w-full max-w-lg rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${form.id}-title`} className="mb-4 text-lg font-bold">
        Yorumu Düzenle
      </h2>
      {/* The save replaces the dialog's history entry: Back after it does not reopen the dialog. */}
      <Form method="post" {...getFormProps(form)} replace preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={comment.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Kullanıcı Adı" errors={fields.userName.errors} inputProps={{ ...fieldProps.input(fields.userName, { type: "text" }), maxLength: COMMENT_NAME_MAX_LENGTH }} />
        <fieldset>
          <legend className="block text-sm font-medium text-slate-700">Puan</legend>
          <div className="mt-1 flex gap-1">
            {getCollectionProps(fields.rating, { type: "radio", options: RATING_OPTIONS }).map(({ key, ...radio }) => (
              <label key={key} className="cursor-pointer">
                <input {...radio} className="peer sr-only" />
                <span
                  aria-hidden="true"
                  className={`text-2xl peer-focus-visible:outline peer-focus-visible:outline-2 ${Number(fields.rating.value ?? comment.rating) >= Number(radio.value) ? "text-amber-500" : "text-slate-300"}`}
                >
                  ★
                </span>
                <span className="sr-only">{radio.value} yıldız</span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <TextareaField
          label="Yorum"
          errors={fields.comment.errors}
          textareaProps={{ ...fieldProps.textarea(fields.comment), rows: 5, maxLength: COMMENT_TEXT_MAX_LENGTH }}
        />
        <div className="flex justify-end gap-3">
          <Link to={closeHref} preventScrollReset replace className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
            İptal
          </Link>
          <SubmitButton pending={pending}>Kaydet</SubmitButton>
        </div>
      </Form>
    </dialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
