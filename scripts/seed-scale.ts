// npm run seed:scale -- --promotions 5000 --casinos 300 --posts 1000 --comments 20000 --click-days 60
// Adds bulk content for benchmarks, in batches, on the configured database.
import { sql } from "drizzle-orm";
import { parseArgs } from "node:util";
import { blogPosts, casinos, outboundClicks, promotionCategories, promotionComments, promotions } from "../app/db/schema";
import { addDays, istanbulDay } from "../app/lib/dates";
import { slugify } from "../app/lib/slug";
import { invalidatePages, SITE_TAG } from "../app/lib/page-cache.server";
import { derivePromotionFields } from "../app/modules/promotions/promotions.schema";
import { exitWith, withDatabase } from "./cli";

const { values } = parseArgs({
  options: {
    promotions: { type: "string", default: "0" },
    casinos: { type: "string", default: "0" },
    posts: { type: "string", default: "0" },
    comments: { type: "string", default: "0" },
    "click-days": { type: "string", default: "0" },
  },
});
const counts = { promotions: Number(values.promotions), casinos: Number(values.casinos), posts: Number(values.posts), comments: Number(values.comments), "click-days": Number(values["click-days"]) };
for (const [name, n] of Object.entries(counts)) {
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number of 0 or more`);
    process.exit(2);
  }
}

const BATCH = 500;
const WORDS = ["bonus", "casino", "kampanya", "yatırım", "çevrim", "şans", "kazanç", "oyun", "slot", "canlı", "deneme", "hoş geldin"];
const sentence = (i: number, n: number) => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(" ");
const run = Date.now().toString(36);

async function inBatches<T>(total: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < total; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => make(start + k));
    await insert(rows);
  }
}

withDatabase("seed:scale", async ({ db }) => {
  const category = await db
    .insert(promotionCategories)
    .values({ name: `Ölçek Kategorisi ${run}`, slug: `olcek-${run}` })
    .returning({ id: promotionCategories.id, name: promotionCategories.name });
  const casinoIds: string[] = [];
  const promotionIds: string[] = [];
  await inBatches(
    counts.casinos,
    (i) => ({ name: `Ölçek Casino ${run} ${i + 1}`, slug: `olcek-casino-${run}-${i + 1}`, url: `https://casino-${i + 1}.example.com`, description: `<p>${sentence(i, 40)}</p>`, logoUrl: "/demo/logo-anadolu.svg" }),
    async (rows) => casinoIds.push(...(await db.insert(casinos).values(rows).returning({ id: casinos.id })).map((r) => r.id)),
  );
  await inBatches(
    counts.promotions,
    (i) => {
      const title = `Ölçek Bonusu ${i + 1} ${sentence(i, 3)}`;
      const description = `<p>${sentence(i, 25)}</p><p>${sentence(i + 1, 60)}</p>`;
      return {
        title,
        ...derivePromotionFields(title, description),
        casinoId: casinoIds.length ? casinoIds[i % casinoIds.length] : null,
        categoryId: category[0]!.id,
        category: category[0]!.name,
        description,
        url: `https://example.com/bonus/${i + 1}`,
        terms: [sentence(i, 8), sentence(i + 2, 10)],
        createdAt: new Date(Date.now() - i * 60_000),
      };
    },
    async (rows) => promotionIds.push(...(await db.insert(promotions).values(rows).returning({ id: promotions.id })).map((r) => r.id)),
  );
  // Comments spread over the new promotions, a few on each and many on the first (the
  // admin moderation list and one long public comment list).
  await inBatches(
    promotionIds.length ? counts.comments : 0,
    (i) => ({
      promotionId: promotionIds[i % 3 === 0 ? 0 : i % promotionIds.length]!,
      userName: `Ziyaretçi ${i + 1}`,
      comment: sentence(i, 18),
      rating: (i % 5) + 1,
      createdAt: new Date(Date.now() - i * 30_000),
    }),
    (rows) => db.insert(promotionComments).values(rows),
  );
  // Outbound clicks of the last N days, as the tally keeps them (one row a day per link and
  // placement): each casino's own link every day, a fifth of the promotions on each day. The
  // admin lists and the dashboard read them.
  const today = istanbulDay(Date.now());
  const perDay = casinoIds.length ? casinoIds.length + Math.ceil(promotionIds.length / 5) : 0;
  await inBatches(
    counts["click-days"] * perDay,
    (n) => {
      const day = Math.floor(n / perDay);
      const k = n % perDay;
      const clicks = 1 + ((n * 7) % 20);
      if (k < casinoIds.length) return { day: addDays(today, -day), casinoId: casinoIds[k]!, promotionId: null, placement: "casino", clicks };
      // Promotion i on the days where i ≡ day (mod 5); the last group may be short, and
      // its missing places fall to the last promotion (a few more clicks, never a clash).
      const i = (k - casinoIds.length) * 5 + (day % 5);
      const promotion = Math.min(i, promotionIds.length - 1);
      return { day: addDays(today, -day), casinoId: casinoIds[promotion % casinoIds.length]!, promotionId: promotionIds[promotion]!, placement: "card", clicks };
    },
    (rows) => db.insert(outboundClicks).values(rows),
  );
  await inBatches(
    counts.posts,
    (i) => {
      const title = `Ölçek Yazısı ${run} ${i + 1}`;
      return {
        title,
        slug: slugify(title),
        excerpt: sentence(i, 20),
        content: Array.from({ length: 6 }, (_, k) => `<p>${sentence(i + k, 60)}</p>`).join(""),
        category: ["Rehber", "Strateji", "Güvenlik"][i % 3]!,
        isPublished: i % 10 !== 0,
        publishedAt: new Date(),
        createdAt: new Date(Date.now() - i * 3_600_000),
      };
    },
    (rows) => db.insert(blogPosts).values(rows),
  );
  // What autovacuum does after any bulk load, done at once (and where autovacuum is off, as
  // on this project's test machines): planner statistics, without which PostgreSQL plans
  // these tables as if they were nearly empty (the admin comment search estimated 170
  // matching comments for 4,012 and joined them row by row), and the visibility map, without
  // which no count can be answered from an index (the dashboard's monthly promotion counts
  // read the whole 22 MB table: 6.5 ms, against 1.9 ms from the index once vacuumed).
  await db.execute(sql`vacuum analyze`);
  // Running servers on the same PostgreSQL drop their cached pages now (NOTIFY), not when
  // the page lifetime ends. On the embedded database no server can be running: it holds
  // the DATA_DIR lock this command needed.
  await invalidatePages(SITE_TAG);
  console.log(`Added ${counts.casinos} casinos, ${counts.promotions} promotions, ${counts.posts} posts, ${promotionIds.length ? counts.comments : 0} comments and ${perDay ? counts["click-days"] : 0} days of clicks.`);
}).catch(exitWith);
