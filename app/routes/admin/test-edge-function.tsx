import { useState } from "react";
import { refusePageForm } from "~/lib/form-action.server";
import type { Route } from "./+types/test-edge-function";
import { AdminPageHeader } from "~/components/admin-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/modules/auth/auth.server";
import { PUBLISH_FUNCTION_NAMES, PUBLISHING_MESSAGES } from "~/modules/publishing/publishing.schema";

// admin.md §2 "Edge function test page": buttons that call the publishing server functions
// with {manual: true}; the page shows the error or the raw JSON result. The calls go from
// the browser with the admin's session cookie (same origin); no secret is involved.

export const meta: Route.MetaFunction = () => [{ title: "Edge Function Testi | Admin Panel" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

// The page takes no form; guarded anyway so a POST without a session is sent to sign-in.
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  refusePageForm(request);
}

type Outcome = { name: string; json: string | null; error: string | null };

async function invoke(name: string): Promise<Outcome> {
  try {
    const response = await fetch(`/api/functions/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ manual: true }),
      credentials: "same-origin",
    });
    const text = await response.text();
    let json: string;
    try {
      json = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return { name, json: null, error: PUBLISHING_MESSAGES.edgeFunctionFailed(`HTTP ${response.status}`) };
    }
    if (!response.ok) return { name, json, error: PUBLISHING_MESSAGES.edgeFunctionFailed(`HTTP ${response.status}`) };
    return { name, json, error: null };
  } catch (error) {
    return { name, json: null, error: PUBLISHING_MESSAGES.edgeFunctionFailed(error instanceof Error ? error.message : String(error)) };
  }
}

export default function TestEdgeFunction() {
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <section className="max-w-3xl">
      <AdminPageHeader title="Edge Function Testi" />
      <p className="-mt-4 mb-6 text-sm text-slate-500">
        Yayın fonksiyonlarını {"{"}&quot;manual&quot;: true{"}"} ile çağırır: her çağrı en eski taslakları günlük yayın sayısı kadar hemen yayınlar.
      </p>
      <div className="flex flex-wrap gap-3">
        {PUBLISH_FUNCTION_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            disabled={running !== null}
            aria-busy={running === name || undefined}
            onClick={async () => {
              setRunning(name);
              setOutcome(null);
              setOutcome(await invoke(name));
              setRunning(null);
            }}
            className="rounded-lg bg-brand-600 px-4 py-2 font-mono text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {running === name ? "Çağrılıyor..." : name}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="mt-6 space-y-3">
        {outcome && (
          <>
            <h2 className="text-lg font-bold">
              Sonuç: <span className="font-mono">{outcome.name}</span>
            </h2>
            {outcome.error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {outcome.error}
              </p>
            )}
            {outcome.json && (
              <pre data-testid="function-result" className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
                {outcome.json}
              </pre>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
