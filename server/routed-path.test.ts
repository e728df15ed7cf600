import { describe, expect, it } from "vitest";
import { routedPath } from "./routed-path";

// The path every area decision (admin, API, /git/, body limits) is made on: the one React
// Router matches, whatever the spelling.
describe("routedPath", () => {
  it("reads spellings React Router routes alike as one path", () => {
    expect(routedPath("/git\\anadolu-casino")).toBe("/git/anadolu-casino");
    expect(routedPath("/ADMIN\\dashboard")).toBe("/admin/dashboard");
    expect(routedPath("/x\\..\\admin")).toBe("/admin");
    expect(routedPath("/x/../git/y")).toBe("/git/y");
    expect(routedPath("/%67it/y.data")).toBe("/git/y");
    expect(routedPath("//admin//settings")).toBe("/admin/settings");
    expect(routedPath("/%41DMIN/%2e%2e/api/x")).toBe("/api/x");
  });

  it("keeps what cannot be decoded, and a query or fragment sign inside a segment, in the path", () => {
    expect(routedPath("/git/%ff")).toBe("/git/%ff");
    expect(routedPath("/blog/a%3Fb")).toBe("/blog/a_b");
  });
});
