import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useEffect, useRef, useState } from "react";
import { data, Form, useLocation, useNavigate, redirect } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/list";
import { AdminPageHeader, AdminPagination, EmptyRow, SearchBox, SortHeader, TABLE_CLASS, TABLE_WRAPPER_CLASS } from "~/components/admin-list";
import { ConfirmButton } from "~/components/confirm-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, ErrorList, Field, SubmitButton, TextareaField, useIsPending } from "~/components/forms";
import { actorOf } from "~/lib/command.server";
import { readForm, submitForm } from "~/lib/form-action.server";
import { logRefusal } from "~/lib/request-body.server";
import { listHref, parseListQuery, lastPageHref } from "~/lib/list-query";
import { requireAdmin } from "~/modules/auth/auth.server";
import { CATEGORY_MESSAGES, CATEGORY_SORTS, CategoryFormSchema, categorySlugFor, type CategoryListItem } from "~/modules/categories/categories.schema";
import { getCategoryForEdit, listCategoriesForAdmin, removeCategory, saveCategory } from "~/modules/categories/categories.server";
import { redirectWithToast } from "~/lib/toast.server";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(CategoryFormSchema);

export const meta: Route.MetaFunction = () => [{ title: "Kategoriler | Admin Panel" }];

// admin.md §2 "Categories": the list with an add/edit dialog. The dialog is part of the
// URL (?yeni=1, ?duzenle={id}), so a failed save reopens it with its messages and a
// successful one closes it by redirecting to the list.
const DIALOG_PARAMS = { yeni: null, duzenle: null } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url, CATEGORY_SORTS, { sort: "name", dir: "asc" });
  const editId = url.searchParams.get("duzenle");
  const [list, editing] = await Promise.all([listCategoriesForAdmin(query), editId ? getCategoryForEdit(editId) : null]);
  const last = lastPageHref(url, list);
  if (last) throw redirect(last);
  return { query, list, editing, creating: url.searchParams.has("yeni") };
}

const DeleteIntent = z.object({ intent: z.literal("delete"), id: z.uuid(CATEGORY_MESSAGES.notFound) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request);
  const actor = actorOf(admin, context);
  const list = listHref(request.url, DIALOG_PARAMS);
  if (formData.get("intent") === "delete") {
    const parsed = DeleteIntent.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      logRefusal(request, 400, "delete refused: id");
      return data({ deleteErrors: [CATEGORY_MESSAGES.notFound] }, 400);
    }
    const result = await removeCategory(actor, parsed.data.id);
    if (!result.ok) {
      const messages = result.fieldErrors[""] ?? [];
      // In use is a conflict with the promotions that use it, not a missing record.
      const status = messages.includes(CATEGORY_MESSAGES.inUse) ? 409 : 404;
      logRefusal(request, status, `delete refused: ${messages.join(" ")}`);
      return data({ deleteErrors: messages }, status);
    }
    return redirectWithToast(request, list, { type: "success", message: CATEGORY_MESSAGES.deleted });
  }
  return submitForm(
    request,
    formData,
    CategoryFormSchema,
    (input) => saveCategory(actor, input),
    () => redirectWithToast(request, list, { type: "success", message: formData.get("intent") === "update" ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.created }),
  );
}

export default function CategoryList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, editing, creating } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  const deleteErrors = actionData && "deleteErrors" in actionData ? actionData.deleteErrors : undefined;
  const dialogResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <section>
      <AdminPageHeader title="Kategoriler" action={{ to: listHref(here, { ...DIALOG_PARAMS, yeni: 1 }), label: "Yeni Kategori Ekle" }} />
      <SearchBox q={query.q} label="Kategori ara" />
      <ErrorList errors={deleteErrors} />
      <div className={TABLE_WRAPPER_CLASS}>
        <table className={TABLE_CLASS}>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <SortHeader label="Ad" sort="name" current={query.sort} dir={query.dir} />
              <th scope="col" className="px-4 py-3 text-left">
                Slug
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Açıklama
              </th>
              <th scope="col" className="px-4 py-3 text-left">
                Durum
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                İşlemler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.items.length === 0 && <EmptyRow colSpan={5}>{query.q ? "Aramanıza uyan kategori bulunamadı" : "Henüz kategori yok"}</EmptyRow>}
            {list.items.map((category) => (
              <tr key={category.id}>
                <td className="px-4 py-3 font-medium">{category.name}</td>
                <td className="px-4 py-3 font-mono text-xs text-slate-600">{category.slug}</td>
                <td className="max-w-[20rem] truncate px-4 py-3 text-slate-600">{category.description ?? CATEGORY_MESSAGES.noDescription}</td>
                <td className="px-4 py-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${category.isActive ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}>
                    {category.isActive ? "Aktif" : "Pasif"}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  <Link
                    to={listHref(here, { ...DIALOG_PARAMS, duzenle: category.id })}
                    preventScrollReset
                    className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    Düzenle
                  </Link>
                  <Form method="post" className="inline">
                    <input type="hidden" name="id" value={category.id} />
                    <ConfirmButton name="intent" value="delete" aria-label={`${category.name} sil`}>
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
      {(creating || editing) && <CategoryDialog key={editing?.id ?? "new"} category={editing} lastResult={dialogResult} closeTo={listHref(here, DIALOG_PARAMS)} />}
    </section>
  );
}

function CategoryDialog({ category, lastResult, closeTo }: { category: CategoryListItem | null; lastResult?: SubmissionResult<string[]>; closeTo: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "category-dialog",
    lastResult,
    constraint: fieldProps.constraint,
    defaultValue: category ? { ...category, intent: "update" } : { intent: "create", isActive: true },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategoryFormSchema }),
  });
  // admin.md §4: a new category's slug follows the name until the operator edits it by hand.
  // A saved category's slug is its public address (/bonuslar/{slug}, in the sitemap): renaming
  // it keeps the slug; only a hand edit changes it.
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(category !== null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const title = category ? "Kategoriyi Düzenle" : "Yeni Kategori Ekle";
  const { defaultValue: _slugDefault, ...slugProps } = fieldProps.input(fields.slug, { type: "text" });
  const nameProps = fieldProps.input(fields.name, { type: "text" });
  return (
    <dialog
      ref={dialog}
      aria-labelledby="category-dialog-title"
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
      className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      {/* The save replaces the dialog's history entry: Back after it does not reopen the dialog. */}
      <Form method="post" {...getFormProps(form)} replace className="space-y-5 p-6">
        <h2 id="category-dialog-title" className="text-lg font-bold">
          {title}
        </h2>
        <input type="hidden" name="intent" value={category ? "update" : "create"} />
        {category && <input type="hidden" name="id" value={category.id} />}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Kategori Adı"
          errors={fields.name.errors}
          inputProps={{
            ...nameProps,
            onChange: (event) => {
              if (!slugEdited) setSlug(categorySlugFor(event.currentTarget.value));
            },
          }}
        />
        <Field
          label="Slug"
          hint="Adreste görünür: /bonuslar/slug"
          errors={fields.slug.errors}
          inputProps={{
            ...slugProps,
            value: slug,
            onChange: (event) => {
              setSlug(event.currentTarget.value);
              setSlugEdited(true);
            },
          }}
        />
        <TextareaField label="Açıklama" hint="İsteğe bağlı" errors={fields.description.errors} textareaProps={{ ...fieldProps.textarea(fields.description), rows: 3 }} />
        <CheckboxField label="Aktif" errors={fields.isActive.errors} inputProps={fieldProps.input(fields.isActive, { type: "checkbox" })} />
        <div className="flex gap-3">
          <SubmitButton pending={pending}>{category ? "Güncelle" : "Kaydet"}</SubmitButton>
          <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold">
            İptal
          </button>
        </div>
      </Form>
    </dialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
