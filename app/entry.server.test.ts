import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../tests/helpers/setup";
import { originRefusals } from "~/lib/origin-refusals.server";
import { handleError } from "./entry.server";

// What a stranger can cause is one log line, never a stack: the log must not be theirs to fill.
const args = (method = "POST", path = "/admin/login") => ({ request: new Request(`http://localhost${path}`, { method }), params: {}, context: {} }) as unknown as Parameters<typeof handleError>[1];

describe("handleError", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("hands React Router's refusal of a form from another origin to the request handler, which logs its one line", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const [mismatch, invalid, other] = [args(), args(), args()];
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), mismatch);
    handleError(new Error("`origin` header is not a valid URL. Aborting the action."), invalid);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    // Any other error is not React Router's refusal: the request is not handed over.
    allowConsoleError();
    handleError(new Error("Bad Request"), other);
    expect([mismatch, invalid, other].map(({ request }) => originRefusals.has(request))).toEqual([true, true, false]);
  });

  it("logs a visitor's 4xx as one line, and what the server got wrong whole", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    allowConsoleError();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new ErrorResponse(405, "Method Not Allowed", null), args("PUT", "/blog"));
    expect(warn.mock.calls.map((call) => call.join(" "))).toEqual(["405 PUT /blog: Method Not Allowed"]);
    const failure = new Error("veritabanı yanıt vermedi");
    handleError(failure, args("GET", "/"));
    // Another error that merely mentions the words is the server's, logged whole.
    const lookalike = new Error("Aborting the action.");
    handleError(lookalike, args());
    expect(error.mock.calls).toEqual([[failure], [lookalike]]);
  });
});
