import { Suspense, useId, type ReactNode } from "react";
import { Await } from "react-router";
import { refusePageForm } from "~/lib/form-action.server";
import { Link } from "~/components/link";
import type { Route } from "./+types/dashboard";
import { AiCreateDialog } from "~/components/ai/ai-create-dialog";
import { ClicksChart } from "~/components/clicks-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatRelativeAgeTr } from "~/lib/dates";
import { requireAdmin } from "~/modules/auth/auth.server";
import {
  activePromotionsLabel,
  CLICK_TOP_WINDOWS,
  DASHBOARD_TEXTS,
  monthOverMonthChange,
  type DashboardClicks,
  type DashboardRecent,
  type DashboardStats,
  type MonthlyFigure,
  type TopClickItem,
} from "~/modules/dashboard/dashboard.schema";
import { readDashboardClicks, readDashboardRecent, readDashboardStats } from "~/modules/dashboard/dashboard.server";
import { isAiConfigured } from "~/modules/ai/ai.server";
import { latestOpenBulkJob } from "~/modules/ai/bulk.server";
import type { BulkJobView } from "~/modules/ai/ai.schema";
import { formatNumberTr } from "~/lib/numbers";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin Panel" }];

/** admin.md §8 "Dashboard": load errors are only logged; the page shows no message. */
function loggedAs<T>(what: string) {
  return (error: unknown): T | null => {
    console.error(`Dashboard ${what} could not be read:`, error);
    return null;
  };
}

// The figures and lists are streamed: the page (quick actions, sidebar) renders at once and
// each part shows its skeleton until its promise settles (issue 8 §2: skeletons while loading).
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const now = new Date();
  return {
    // Issue 9 §4: the bulk AI dialog picks up the operator's unfinished run.
    aiConfigured: isAiConfigured(),
    pendingAiJob: await latestOpenBulkJob(admin.userId).catch(loggedAs<BulkJobView>("open AI job")),
    // The relative ages are computed against the loader's clock, so the server's HTML and the
    // hydrated page say the same thing.
    now: now.toISOString(),
    stats: readDashboardStats(now).catch(loggedAs<DashboardStats>("figures")),
    recent: readDashboardRecent().catch(loggedAs<DashboardRecent>("recent lists")),
    // Issue 11 §4: outbound clicks, the chart and the top lists.
    clicks: readDashboardClicks(now).catch(loggedAs<DashboardClicks>("outbound clicks")),
  };
}

// The dashboard takes no form; guarded anyway so a POST without a session is sent to sign-in.
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  refusePageForm(request);
}

const QUICK_ACTIONS = [
  { to: "/admin/blog/new", label: "Blog Yazısı Ekle" },
  { to: "/admin/promotions/new", label: "Promosyon Ekle" },
  { to: "/admin/casinos/new", label: "Casino Sitesi Ekle" },
] as const;

const STAT_CARDS: { key: keyof DashboardStats; label: string; basis: string }[] = [
  { key: "posts", label: "Toplam Blog Yazısı", basis: "bu ay eklenen yazılar" },
  { key: "promotions", label: "Toplam Promosyon", basis: "bu ay eklenen promosyonlar" },
  { key: "activeCasinos", label: "Aktif Casino", basis: "bu ay eklenen aktif casinolar" },
  { key: "views", label: "Toplam Görüntülenme", basis: "bu ay yayınlanan yazıların görüntülenmesi" },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { now, stats, recent, clicks, aiConfigured, pendingAiJob } = loaderData;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        {/* Issue 9 §4: bulk AI writing, also reachable here (the blog screens mount it too). */}
        <AiCreateDialog aiConfigured={aiConfigured ?? false} pendingJob={pendingAiJob ?? null} />
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        {QUICK_ACTIONS.map((quick) => (
          <Link key={quick.to} to={quick.to} className="rounded-xl bg-white p-5 font-semibold shadow-sm hover:ring-2 hover:ring-brand-500">
            {quick.label}
          </Link>
        ))}
      </div>

      <h2 className="sr-only">İstatistikler</h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Suspense fallback={STAT_CARDS.map((card) => <StatCardSkeleton key={card.key} label={card.label} />)}>
          <Await resolve={stats}>
            {(figures) => STAT_CARDS.map((card) => <StatCard key={card.key} label={card.label} basis={card.basis} figure={figures?.[card.key] ?? null} />)}
          </Await>
        </Suspense>
      </div>

      <ClicksPanel clicks={clicks} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <RecentPanel title="Son Blog Yazıları" recent={recent}>
          {(lists) =>
            lists.posts.length === 0 ? (
              <EmptyState>{DASHBOARD_TEXTS.noPosts}</EmptyState>
            ) : (
              lists.posts.map((post) => (
                <RecentItem key={post.id} to={`/admin/blog/edit/${post.id}`} title={post.title} detail={formatRelativeAgeTr(post.createdAt, new Date(now))} />
              ))
            )
          }
        </RecentPanel>
        <RecentPanel title="Son Promosyonlar" recent={recent}>
          {(lists) =>
            lists.promotions.length === 0 ? (
              <EmptyState>{DASHBOARD_TEXTS.noPromotions}</EmptyState>
            ) : (
              lists.promotions.map((promotion) => (
                <RecentItem key={promotion.id} to={`/admin/promotions/edit/${promotion.id}`} title={promotion.title} detail={promotion.casinoName ?? DASHBOARD_TEXTS.noCasino} />
              ))
            )
          }
        </RecentPanel>
        <RecentPanel title="Son Casino Siteleri" recent={recent}>
          {(lists) =>
            lists.casinos.length === 0 ? (
              <EmptyState>{DASHBOARD_TEXTS.noCasinos}</EmptyState>
            ) : (
              lists.casinos.map((casino) => (
                <RecentItem key={casino.id} to={`/admin/casinos/edit/${casino.id}`} title={casino.name} detail={activePromotionsLabel(casino.activePromotionCount)} />
              ))
            )
          }
        </RecentPanel>
      </div>
    </section>
  );
}

/** Issue 11 §4: what the outbound links earn: clicks per day and the most clicked offers and casinos. */
function ClicksPanel({ clicks }: { clicks: Promise<DashboardClicks | null> }) {
  return (
    <section aria-labelledby="clicks-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="clicks-title" className="text-lg font-semibold">
        Yönlendirme Tıklamaları
      </h2>
      <p className="mb-4 text-sm text-slate-500">&apos;Bonus Al&apos;, &apos;Siteye Git&apos; ve splash reklam tıklamaları (botlar ve 30 saniye içindeki tekrarlar sayılmaz), İstanbul saatine göre günlük.</p>
      <Suspense fallback={<div data-skeleton aria-busy="true" aria-label="Yükleniyor" className="h-72 animate-pulse rounded-lg bg-slate-100" />}>
        <Await resolve={clicks}>
          {(figures) =>
            figures ? (
              <>
                <ClicksChart days={figures.days} />
                <div className="mt-6 grid gap-6 lg:grid-cols-2">
                  <TopClicks title="En Çok Tıklanan Promosyonlar" lists={figures.topPromotions} empty="Bu dönemde promosyon tıklaması yok" showCasino />
                  <TopClicks title="En Çok Tıklanan Casinolar" lists={figures.topCasinos} empty="Bu dönemde casino tıklaması yok" />
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-400">—</p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

function TopClicks({ title, lists, empty, showCasino = false }: { title: string; lists: DashboardClicks["topPromotions"]; empty: string; showCasino?: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {title}
      </h3>
      <div className="grid gap-4">
        {CLICK_TOP_WINDOWS.map((days) => (
          <TopClickTable key={days} caption={`Son ${days} gün`} items={lists[days]} empty={empty} showCasino={showCasino} />
        ))}
      </div>
    </section>
  );
}

function TopClickTable({ caption, items, empty, showCasino }: { caption: string; items: TopClickItem[]; empty: string; showCasino: boolean }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="mb-1 text-left text-xs font-semibold uppercase text-slate-500">{caption}</caption>
      <colgroup>
        <col />
        <col className="w-20" />
      </colgroup>
      <thead className="sr-only">
        <tr>
          <th scope="col">Ad</th>
          <th scope="col">Tıklama</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.length === 0 ? (
          <tr>
            <td colSpan={2} className="py-2 text-slate-500">
              {empty}
            </td>
          </tr>
        ) : (
          items.map((item) => (
            <tr key={item.id}>
              <td className="py-1.5 pr-2">
                <span className="block truncate font-medium">{item.name}</span>
                {showCasino && <span className="block truncate text-xs text-slate-500">{item.casinoName ?? DASHBOARD_TEXTS.noCasino}</span>}
              </td>
              <td className="py-1.5 text-right font-semibold tabular-nums">{formatNumberTr(item.clicks)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function StatCard({ label, basis, figure }: { label: string; basis: string; figure: MonthlyFigure | null }) {
  const change = figure ? monthOverMonthChange(figure.thisMonth, figure.lastMonth) : null;
  const tone = change?.startsWith("+") ? "text-emerald-700" : change?.startsWith("-") ? "text-red-700" : "text-slate-500";
  return (
    <article className="rounded-xl bg-white p-5 shadow-sm">
      <h3 className="text-sm font-medium text-slate-500">{label}</h3>
      {/* A failed read shows a dash: admin.md §8 wants no message, and 0 would be a false figure. */}
      <p className="mt-2 text-3xl font-bold">{figure ? formatNumberTr(figure.total) : "—"}</p>
      {figure && (
        <>
          <p className="mt-1 text-xs text-slate-500">
            <span className={`font-semibold ${tone}`}>{change}</span> geçen aya göre
          </p>
          {/* What the change counts, in view: '-100%' beside 'Aktif Casino 10' read as casinos lost (operator walk-through). */}
          <p className="mt-0.5 text-xs text-slate-500">
            {basis}: {formatNumberTr(figure.thisMonth)} (geçen ay {formatNumberTr(figure.lastMonth)})
          </p>
        </>
      )}
    </article>
  );
}

function StatCardSkeleton({ label }: { label: string }) {
  return (
    <article aria-busy="true" className="rounded-xl bg-white p-5 shadow-sm">
      <h3 className="text-sm font-medium text-slate-500">{label}</h3>
      <div data-skeleton className="mt-3 h-8 w-20 animate-pulse rounded bg-slate-200" />
      <div data-skeleton className="mt-2 h-3 w-28 animate-pulse rounded bg-slate-100" />
    </article>
  );
}

function RecentPanel({ title, recent, children }: { title: string; recent: Promise<DashboardRecent | null>; children: (lists: DashboardRecent) => ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <Suspense fallback={<RecentSkeleton />}>
        <Await resolve={recent}>{(lists) => (lists ? <ul className="divide-y divide-slate-100">{children(lists)}</ul> : <p className="text-sm text-slate-400">—</p>)}</Await>
      </Suspense>
    </section>
  );
}

function RecentItem({ to, title, detail }: { to: string; title: string; detail: string }) {
  return (
    <li>
      <Link to={to} className="block rounded-md px-2 py-2.5 hover:bg-slate-50">
        <span className="block truncate font-medium">{title}</span>
        <span className="block text-sm text-slate-500">{detail}</span>
      </Link>
    </li>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return <li className="px-2 py-6 text-center text-sm text-slate-500">{children}</li>;
}

function RecentSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Yükleniyor" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <li key={i} data-skeleton className="space-y-2 px-2 py-1">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary variant="panel" />;
}
