import { Link } from "./link";
import { currentYearTr } from "~/lib/dates";
import type { PostLink } from "~/modules/blog/blog.schema";
import { FOOTER_LINKS } from "~/modules/site/site";

/** public-site.md §2.2: footer on the home page. */
export function SiteFooter({ siteName, posts }: { siteName: string; posts: PostLink[] }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-3 text-sm leading-relaxed">
            Güvenilir casino sitelerinin güncel bonuslarını ve promosyonlarını karşılaştıran bağımsız rehber. Lütfen sorumlu oynayın.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Hızlı Bağlantılar</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Son Yazılar</h2>
          {posts.length === 0 ? (
            <p className="mt-3 text-sm">Henüz blog yazısı bulunamadı</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
              {posts.map((post) => (
                <li key={post.id}>
                  <Link to={`/blog/${post.slug || post.id}`} className="hover:text-white">
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800 py-5 text-center text-xs">
        © {currentYearTr()} {siteName}. Tüm hakları saklıdır.
      </div>
    </footer>
  );
}
