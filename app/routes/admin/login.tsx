import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { commitSessionCookie, getAdmin, safeRedirectTarget, signIn } from "~/modules/auth/auth.server";
import { LOGIN_MESSAGES, LoginSchema } from "~/modules/auth/auth.schema";
import { fieldErrorsOf, type FieldErrors } from "~/lib/form";
import { withToast } from "~/modules/toast/toast.server";
import { notify } from "~/components/toaster";

export const meta: Route.MetaFunction = () => [{ title: "Admin Girişi" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  // admin.md §2: an authenticated admin is sent on to the dashboard.
  if (await getAdmin(request)) throw redirect("/admin/dashboard");
  return null;
}

type ActionResult = { message?: string; fieldErrors?: FieldErrors<"email" | "password"> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = LoginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data<ActionResult>({ fieldErrors: fieldErrorsOf(parsed.error) }, 400);
  }
  try {
    const result = await signIn(parsed.data, context.clientAddress);
    if (!result.ok) return data<ActionResult>({ message: result.message }, result.status);
    const headers = new Headers({ "Set-Cookie": await commitSessionCookie(request, result.token) });
    await withToast(request, { type: "success", message: LOGIN_MESSAGES.success }, headers);
    return redirect(safeRedirectTarget(form.get("redirectTo")), { headers });
  } catch (error) {
    console.error("Sign-in failed:", error);
    return data<ActionResult>({ message: LOGIN_MESSAGES.failed }, 500);
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<ActionResult["fieldErrors"]>();
  const fieldErrors = clientErrors ?? actionData?.fieldErrors;
  const loadingToast = useRef<Promise<string> | undefined>(undefined);

  // admin.md §4: a loading toast while signing in, then the outcome.
  useEffect(() => {
    if (submitting) loadingToast.current = notify.loading("Giriş yapılıyor...");
    else if (loadingToast.current) {
      void notify.dismiss(loadingToast.current);
      loadingToast.current = undefined;
    }
  }, [submitting]);
  useEffect(() => {
    if (actionData?.message) void notify.error(actionData.message);
  }, [actionData]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold">Admin Paneli</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Devam etmek için giriş yapın</p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-4"
          onSubmit={(event) => {
            // The same schema as the action; the server checks again.
            const values = Object.fromEntries(new FormData(event.currentTarget));
            const parsed = LoginSchema.safeParse(values);
            setClientErrors(parsed.success ? undefined : fieldErrorsOf(parsed.error));
            if (!parsed.success) event.preventDefault();
          }}
        >
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              aria-invalid={Boolean(fieldErrors?.email)}
              aria-describedby={fieldErrors?.email ? "email-error" : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {fieldErrors?.email && (
              <p id="email-error" className="mt-1 text-sm text-red-600">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              Şifre
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={Boolean(fieldErrors?.password)}
              aria-describedby={fieldErrors?.password ? "password-error" : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {fieldErrors?.password && (
              <p id="password-error" className="mt-1 text-sm text-red-600">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Giriş Yap
          </button>
        </Form>
      </div>
    </main>
  );
}
