import { describe, expect, it } from "vitest";
import { isFlashToast } from "./toast";

describe("isFlashToast", () => {
  it.each(["success", "error", "blank", "loading"])("takes a %s toast with a message", (type) => {
    expect(isFlashToast({ type, message: "Casino başarıyla eklendi" })).toBe(true);
  });

  it.each([
    ["an unknown type", { type: "warning", message: "Casino başarıyla eklendi" }],
    ["no type", { message: "Casino başarıyla eklendi" }],
    ["no message", { type: "success" }],
    ["a message that is not text", { type: "error", message: 42 }],
    ["a type that only reads as one", { type: ["success"], message: "Casino başarıyla eklendi" }],
  ])("refuses a toast with %s", (_, value) => {
    expect(isFlashToast(value)).toBe(false);
  });

  it.each([null, undefined, "success", 1, true])("refuses %j, which is no toast", (value) => {
    expect(isFlashToast(value)).toBe(false);
  });
});
