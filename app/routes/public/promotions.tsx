import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useFetcher, useLoaderData, useNavigation, useSubmit } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/promotions";
import { ListErrorBoundary } from "~/components/not-found";
import { Pagination } from "~/components/pagination";
import { PromotionList } from "~/components/promotion-list";
import { getEnv } from "~/env.server";
import { findActiveCategory, type CategoryPage } from "~/modules/categories/categories.server";
import { listCategoryChips, searchActivePromotions } from "~/modules/promotions/promotions.server";
import { breadcrumbs, buildMeta } from "~/modules/seo/seo";
import { pageSeo } from "~/modules/seo/seo.server";
import { PROMOTION_LISTS_TAG, shareable } from "~/lib/page-cache.server";

export const PROMOTIONS_PAGE_SIZE = 24;
const MAX_QUERY_LENGTH = 100;
const LIST_INTRO = "Güvenilir casino sitelerinin aktif bonus ve promosyonları.";

export const meta: Route.MetaFunction = ({ data }) => buildMeta(data?.seo);
// The parameters the loader reads; any other one leaves the page (and its cache entry) the
// same. ?kategori= is read to send the old form to the category's page. The cards show
// ratings: the list sweep refreshes them (PROMOTION_LISTS_TAG).
export const headers = shareable({ q: "text", kategori: "text", sayfa: "page" }, [PROMOTION_LISTS_TAG]);

/** The filter: the category is the path (/bonuslar/{slug}), the search and page the query (?q=, ?sayfa=). */
function readFilter(url: URL, category: string) {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("sayfa") ?? "1", 10) || 1));
  return { query, category, page };
}

/** /bonuslar, or a category's landing page /bonuslar/{slug} (issue 10 §2). */
function listPath(category: string): string {
  return category ? `/bonuslar/${encodeURIComponent(category)}` : "/bonuslar";
}

function hrefFor(filter: { query: string; category: string }, page = 1): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (page > 1) params.set("sayfa", String(page));
  const search = params.toString();
  return search ? `${listPath(filter.category)}?${search}` : listPath(filter.category);
}

/** The category page's description: its own text, then what the page offers. */
function categoryDescription(category: CategoryPage): string {
  const own = category.description?.trim().replace(/[.\s]+$/, "");
  return `${own ? `${own}. ` : ""}${category.name} kategorisindeki güncel casino kampanyalarını karşılaştırın, şartlarını okuyun ve size uygun bonusu seçin.`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = "categorySlug" in params ? (params.categorySlug ?? "") : null;
  // The old form /bonuslar?kategori={slug} moved to the category's own page.
  const legacy = (url.searchParams.get("kategori") ?? "").trim().slice(0, 100);
  if (slug === null && legacy) {
    const moved = readFilter(url, legacy);
    throw redirect(hrefFor(moved, moved.page), 301);
  }
  const filter = readFilter(url, slug ?? "");
  const category = slug === null ? null : await findActiveCategory(slug);
  if (slug !== null && !category) throw data({ message: "Kategori bulunamadı" }, 404);
  const path = listPath(filter.category);
  const [result, chips, seo] = await Promise.all([
    searchActivePromotions({ query: filter.query, categorySlug: filter.category || undefined, page: filter.page, pageSize: PROMOTIONS_PAGE_SIZE }),
    listCategoryChips(),
    // Each page of a list is its own canonical; a search points at the list it searched.
    pageSeo(request, {
      path,
      page: filter.query ? undefined : filter.page,
      ...(category && {
        title: `${category.name}: Güncel Casino Kampanyaları | ${getEnv().SITE_NAME}`,
        description: categoryDescription(category),
        card: { title: category.name, subtitle: "Güncel Casino Kampanyaları" },
        jsonLd: (origin: string) => [
          breadcrumbs(origin, [
            { name: "Anasayfa", path: "/" },
            { name: "Bonuslar", path: "/bonuslar" },
            { name: category.name, path },
          ]),
        ],
      }),
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(result.total / PROMOTIONS_PAGE_SIZE));
  // A page past the last is not a page (issue 10 §2: it was an empty 200 with 'Önceki').
  if (filter.page > pageCount) throw data({ message: `Bu listede ${filter.page}. sayfa bulunmuyor.` }, 404);
  return { ...result, chips, filter, pageCount, category: category && { name: category.name, description: category.description }, seo };
}

export default function Promotions() {
  const { items, total, chips, filter, pageCount, category } = useLoaderData<typeof loader>();
  const { shown, lastPage, loadMore, loadingMore } = useLoadMore(items, filter);
  const submit = useSubmit();
  const navigation = useNavigation();
  const filtered = Boolean(filter.query || filter.category);
  const totalActive = chips.reduce((sum, chip) => sum + chip.count, 0);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // When the filter changes from elsewhere (a chip, 'Filtreleri Temizle', back), show it in the box.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box && box.value.trim() !== filter.query) box.value = filter.query;
  }, [filter.query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Search as the visitor types, without a history entry per keystroke.
  const searchSoon = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value.trim() === filter.query) return;
      const form = new FormData();
      if (value.trim()) form.set("q", value.trim());
      void submit(form, { method: "get", action: listPath(filter.category), replace: true, preventScrollReset: true });
    }, 300);
  };

  const chipClass = (active: boolean) =>
    `inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-medium ${active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-brand-500"}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{category?.name ?? "Tüm Bonuslar"}</h1>
      <p className="mt-2 text-slate-600">{category ? category.description || `${category.name} kategorisindeki güncel casino kampanyaları.` : LIST_INTRO}</p>

      <Form method="get" action={listPath(filter.category)} role="search" className="mt-6">
        <label htmlFor="promotion-search" className="sr-only">
          Bonus ara
        </label>
        <input
          id="promotion-search"
          type="search"
          name="q"
          ref={input}
          defaultValue={filter.query}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => searchSoon(event.target.value)}
          placeholder="Bonus ara..."
          className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base shadow-sm"
        />
      </Form>

      <nav aria-label="Kategoriler" className="mt-4 flex gap-2 overflow-x-auto pb-2">
        <Link to={hrefFor({ query: filter.query, category: "" })} preventScrollReset className={chipClass(!filter.category)}>
          Tüm Bonuslar
          <span className="text-xs">{totalActive}</span>
        </Link>
        {chips.map((chip) => (
          <Link key={chip.id} to={hrefFor({ query: filter.query, category: chip.slug })} preventScrollReset className={chipClass(filter.category === chip.slug)}>
            {chip.name}
            <span className="text-xs">{chip.count}</span>
          </Link>
        ))}
      </nav>

      {filtered && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="rounded bg-brand-50 px-2 py-1 font-semibold text-brand-700">Aktif Filtre</span>
          <span className="text-slate-600">{total} promosyon</span>
          <Link to="/bonuslar" className="font-semibold text-slate-700 underline">
            Filtreleri Temizle
          </Link>
        </div>
      )}

      <h2 className="sr-only">Promosyonlar</h2>
      <div className={`mt-8 transition-opacity ${navigation.state === "loading" ? "opacity-60" : ""}`}>
        {items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="font-semibold">Bu kriterlere uygun promosyon bulunamadı.</p>
            <p className="mt-1 text-sm text-slate-600">Farklı bir arama terimi veya kategori deneyin.</p>
          </div>
        ) : (
          <PromotionList key={`${filter.query}|${filter.category}|${filter.page}`} promotions={shown} />
        )}
      </div>

      {lastPage < pageCount && (
        <div className="mt-8 text-center">
          <button type="button" onClick={() => loadMore(hrefFor(filter, lastPage + 1))} disabled={loadingMore} className="rounded-lg border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:border-brand-500 disabled:opacity-60">
            {loadingMore ? "Yükleniyor..." : "Daha fazla bonus göster"}
          </button>
        </div>
      )}

      <Pagination page={filter.page} count={pageCount} hrefFor={(page) => hrefFor(filter, page)} />
    </div>
  );
}

type Filter = { query: string; category: string; page: number };

/**
 * 'Daha fazla bonus göster' appends the next page (the server renders only one, so the
 * HTML stays small with thousands of offers); the numbered links still reach every page.
 */
function useLoadMore(items: Awaited<ReturnType<typeof loader>>["items"], filter: Filter) {
  const fetcher = useFetcher<typeof loader>();
  const key = `${filter.query}|${filter.category}|${filter.page}`;
  const [more, setMore] = useState({ key, pages: [] as (typeof items)[], lastPage: filter.page });
  // Adjusting state while rendering (not in an effect): a new filter starts afresh, and a
  // fetched page is appended once.
  if (more.key !== key) setMore({ key, pages: [], lastPage: filter.page });
  const next = fetcher.data;
  if (more.key === key && fetcher.state === "idle" && next && next.filter.page === more.lastPage + 1 && next.filter.query === filter.query && next.filter.category === filter.category) {
    setMore({ key, pages: [...more.pages, next.items], lastPage: next.filter.page });
  }
  return {
    shown: more.key === key ? [...items, ...more.pages.flat()] : items,
    lastPage: more.key === key ? more.lastPage : filter.page,
    loadMore: (href: string) => fetcher.load(href),
    loadingMore: fetcher.state !== "idle",
  };
}

export function ErrorBoundary() {
  return <ListErrorBoundary fallback="Failed to load promotions" backTo="/bonuslar" backLabel="Tüm Bonuslara Dön" />;
}
