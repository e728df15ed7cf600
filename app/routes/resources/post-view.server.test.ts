import { count, eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callRoute, unwrap } from "../../../tests/helpers/routes";
import { insertPost } from "~/seed/factories.server";
import { blogPosts, postViews } from "~/db/schema";
import { prunePostViews, recordPostView } from "~/modules/blog/blog.server";
import { action as viewAction } from "./post-view";

// Issue 7, finding 11: one view per visitor (client address) per post per day.
describeEachDriver("post view counting", ({ db }) => {
  let postId = "";
  beforeEach(async () => {
    await truncateAll(db());
    postId = (await insertPost(db(), { title: "Sayılan Yazı", viewCount: 10 })).id;
  });

  const view = (client: string, id = postId) => callRoute(viewAction, `/api/blog/${id}/view`, { params: { id }, method: "POST", client }).then(unwrap);
  const stored = async () => (await db().select({ v: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, postId)))[0]!.v;

  it("counts 50 concurrent views from one client once, and answers the count to each", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => view("10.0.0.1")));
    expect(await stored()).toBe(11);
    for (const r of results) expect(r).toEqual({ status: 200, data: { viewCount: 11 } });
  });

  it("counts two clients as two views", async () => {
    expect(await view("10.0.0.1")).toEqual({ status: 200, data: { viewCount: 11 } });
    expect(await view("10.0.0.2")).toEqual({ status: 200, data: { viewCount: 12 } });
    expect(await view("10.0.0.1")).toEqual({ status: 200, data: { viewCount: 12 } });
    expect(await stored()).toBe(12);
  });

  it("counts concurrent views of many clients each once", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => view(`10.1.0.${i % 20}`)));
    expect(await stored()).toBe(30);
  });

  it("counts the same client again the next day, and the old day's keys can be pruned", async () => {
    const today = new Date("2030-05-01T23:59:00Z");
    const tomorrow = new Date("2030-05-02T00:01:00Z");
    expect(await recordPostView(postId, "10.0.0.1", today)).toBe(11);
    expect(await recordPostView(postId, "10.0.0.1", today)).toBe(11);
    expect(await recordPostView(postId, "10.0.0.1", tomorrow)).toBe(12);

    await prunePostViews(tomorrow);
    const days = await db().select({ day: postViews.day }).from(postViews);
    expect(days).toEqual([{ day: "2030-05-02" }]);
  });

  it("stores a bounded key, not the address, for a 3 KB client", async () => {
    const client = `10.0.0.9, ${"a".repeat(3000)}`;
    expect(await view(client)).toEqual({ status: 200, data: { viewCount: 11 } });
    const [row] = await db().select().from(postViews);
    expect(row!.visitor).not.toContain("10.0.0.9");
    expect(row!.visitor.length).toBeLessThan(100);
  });

  it("counts nothing for a draft or an unknown post, and logs one line for each", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const draft = await insertPost(db(), { title: "Taslak", isPublished: false });
    const ids = [draft.id, "00000000-0000-4000-8000-000000000000", "abc"];
    for (const id of ids) expect((await view("10.0.0.1", id)).status, id).toBe(404);
    expect((await db().select({ n: count() }).from(postViews))[0]!.n).toBe(0);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(ids.map((id) => `404 POST "/api/blog/${id}/view": no published post with this id`));
    warn.mockRestore();
  });
});
