import type { Route } from "./+types/new";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SplashAdEditor } from "./editor";
import { loadSplashAdEditor } from "./editor.server";

export { action } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Yeni Splash Reklam Ekle | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadSplashAdEditor(args);

export default function NewSplashAd({ loaderData, actionData }: Route.ComponentProps) {
  return <SplashAdEditor splashAd={loaderData.splashAd} casinos={loaderData.casinos} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
