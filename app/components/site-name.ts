import { useRouteLoaderData } from "react-router";

/** The neutral site label from configuration (the root loader's small public subset). */
export function useSiteName(): string {
  return useRouteLoaderData<{ siteName?: string }>("root")?.siteName ?? "Bonus Rehberi";
}
