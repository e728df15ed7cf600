import type { Route } from "./+types/edit";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionEditor } from "./editor";
import { loadPromotionEditor } from "./editor.server";

export { action } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Promosyonu Düzenle | Admin Panel" }];

export const loader = (args: Route.LoaderArgs) => loadPromotionEditor(args);

export default function EditPromotion({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionEditor key={loaderData.promotion?.id} promotion={loaderData.promotion} options={loaderData.options} lastResult={actionData?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
