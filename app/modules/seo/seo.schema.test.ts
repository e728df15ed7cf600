import { describe, expect, it } from "vitest";
import { SeoFormSchema, seoCounter } from "./seo.schema";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the SEO form", () => {
  it("saves a field left out of the form as empty, which reads as the home page's", () => {
    expect(SeoFormSchema.parse({ id, title: "Bonuslar" })).toEqual({ id, title: "Bonuslar", description: "", keywords: "" });
  });
});

describe("the counter beside an SEO field", () => {
  it("shows the length against the guidance, and turns red only past it", () => {
    expect(seoCounter("Hoş Geldin Bonusu", 60)).toEqual({ text: "17/60", over: false });
    expect(seoCounter("a".repeat(60), 60)).toEqual({ text: "60/60", over: false });
    expect(seoCounter("a".repeat(61), 60)).toEqual({ text: "61/60", over: true });
    expect(seoCounter("", 160)).toEqual({ text: "0/160", over: false });
  });
});
