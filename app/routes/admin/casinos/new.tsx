import type { Route } from "./+types/new";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CasinoEditor } from "./editor";
import { loadCasinoEditor } from "./editor.server";

export { action } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Yeni Casino Sitesi Ekle | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadCasinoEditor(args);

export default function NewCasino({ loaderData, actionData }: Route.ComponentProps) {
  return <CasinoEditor casino={loaderData.casino} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
