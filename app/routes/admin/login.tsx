import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildFieldProps } from "~/lib/conform-props";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { commitSessionCookie, getAdmin, safeRedirectTarget, signIn } from "~/modules/auth/auth.server";
import { LOGIN_MESSAGES, LoginSchema } from "~/modules/auth/auth.schema";
import { refusedPartsOf } from "~/lib/form-action.server";
import { logRefusal, readBoundedForm } from "~/lib/request-body.server";
import { withToast } from "~/lib/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field } from "~/components/forms";
import { notify } from "~/components/toaster";

// Built once: the form's constraint, and its fields' props read against it (lib/conform-props.ts).
const fieldProps = buildFieldProps(LoginSchema);

export const meta: Route.MetaFunction = () => [{ title: "Admin Girişi" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // admin.md §2: an authenticated admin is sent on to the dashboard.
  if (await getAdmin(request, context)) throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBoundedForm(request);
  if (!body.ok) return data({ result: undefined, message: body.message }, body.status);
  // The password is never sent back to the page, whatever the outcome.
  const submission = parseWithZod(body.form, { schema: LoginSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["password"] });
    logRefusal(request, 400, `sign-in form refused: ${refusedPartsOf(result)}`);
    return data({ result, message: undefined }, 400);
  }
  try {
    const result = await signIn(submission.value, context.clientAddress);
    if (!result.ok) {
      // Which account is not logged: the audit log has it, for operators only.
      logRefusal(request, result.status, "sign-in refused");
      return data({ result: submission.reply({ hideFields: ["password"] }), message: result.message }, result.status);
    }
    const headers = new Headers({ "Set-Cookie": await commitSessionCookie(request, result.token) });
    await withToast(request, { type: "success", message: LOGIN_MESSAGES.success }, headers);
    return redirect(safeRedirectTarget(body.form.get("redirectTo")), { headers });
  } catch (error) {
    console.error("Sign-in failed:", error);
    return data({ result: submission.reply({ hideFields: ["password"] }), message: LOGIN_MESSAGES.failed }, 500);
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: fieldProps.constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
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
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field label="Email" errors={fields.email.errors} inputProps={{ ...fieldProps.input(fields.email, { type: "email" }), id: "email", autoComplete: "username" }} />
          <Field
            label="Şifre"
            errors={fields.password.errors}
            inputProps={{ ...fieldProps.input(fields.password, { type: "password" }), id: "password", autoComplete: "current-password" }}
          />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
