import type { Route } from "./+types/new";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionEditor } from "./editor";
import { loadPromotionEditor } from "./editor.server";

export { action } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Yeni Promosyon Ekle | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadPromotionEditor(args);

export default function NewPromotion({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionEditor promotion={loaderData.promotion} options={loaderData.options} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
