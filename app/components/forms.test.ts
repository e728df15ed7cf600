import { describe, expect, it } from "vitest";
import { isPendingSubmission } from "./forms";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};
const submitting = (entries: Record<string, string>, state: "submitting" | "loading" = "submitting") =>
  ({ state, formMethod: "POST", formAction: "/admin/scheduled-publishing", formData: form(entries) }) as const;
const idle = { state: "idle", formMethod: undefined, formAction: undefined, formData: undefined } as const;

describe("isPendingSubmission (useIsPending)", () => {
  it("marks only the form whose intent is being submitted, also while its redirect loads", () => {
    const saveCount = submitting({ intent: "daily-count", dailyPublishCount: "2" });
    expect(isPendingSubmission(saveCount, { intent: "daily-count" })).toBe(true);
    expect(isPendingSubmission(saveCount, { intent: "publish-now" })).toBe(false);
    expect(isPendingSubmission(submitting({ intent: "publish-now" }, "loading"), { intent: "publish-now" })).toBe(true);
  });

  it("without an intent, any submission of the page counts; a GET or no navigation never does", () => {
    expect(isPendingSubmission(submitting({ intent: "send" }))).toBe(true);
    expect(isPendingSubmission(idle)).toBe(false);
    expect(isPendingSubmission({ ...submitting({ q: "bonus" }), formMethod: "GET" })).toBe(false);
  });

  it("names the form's action when asked", () => {
    expect(isPendingSubmission(submitting({}), { formAction: "/admin/scheduled-publishing" })).toBe(true);
    expect(isPendingSubmission(submitting({}), { formAction: "/admin/blog" })).toBe(false);
  });
});
