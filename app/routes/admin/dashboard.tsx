import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/modules/auth/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin Panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

// admin.md §2 Dashboard: the quick actions; the figures and recent lists come with the dashboard issue.
export default function Dashboard() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Link to="/admin/blog/new" className="rounded-xl bg-white p-5 font-semibold shadow-sm hover:ring-2 hover:ring-brand-500">
          Blog Yazısı Ekle
        </Link>
        <Link to="/admin/promotions/new" className="rounded-xl bg-white p-5 font-semibold shadow-sm hover:ring-2 hover:ring-brand-500">
          Promosyon Ekle
        </Link>
        <Link to="/admin/casinos/new" className="rounded-xl bg-white p-5 font-semibold shadow-sm hover:ring-2 hover:ring-brand-500">
          Casino Sitesi Ekle
        </Link>
      </div>
    </section>
  );
}
