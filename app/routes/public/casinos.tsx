import { useLoaderData } from "react-router";
import type { Route } from "./+types/casinos";
import { CasinoCard } from "~/components/casino-card";
import { DataError } from "~/components/data-error";
import { listCasinoCards } from "~/modules/casinos/casinos.server";
import { buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);

export async function loader({ request }: Route.LoaderArgs) {
  const [casinos, seo] = await Promise.all([listCasinoCards(), pageSeo(request, { path: "/guvenilir-siteler" })]);
  return { casinos, seo };
}

/** public-site.md §2.7: a grid of all casinos with the same card. */
export default function Casinos() {
  const { casinos } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Güvenilir Siteler</h1>
      <p className="mt-2 text-slate-600">Lisanslı ve 7/24 destek veren casino sitelerinin listesi.</p>
      <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {casinos.map((casino) => (
          <CasinoCard key={casino.id} casino={casino} />
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <DataError fallback="Failed to load casinos" />;
}
