import { describe, expect, it, vi } from "vitest";
import { isUuid, uuidOrNull } from "./ids";

const ID = "3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60";

describe("ids", () => {
  it("accepts a uuid in either case and nothing around it", () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid(` ${ID}`)).toBe(false);
    expect(isUuid(`${ID}0`)).toBe(false);
    expect(isUuid(`x${ID}`)).toBe(false);
    expect(isUuid(ID.replaceAll("-", ""))).toBe(false);
    expect(isUuid(ID.replace("f", "g"))).toBe(false);
    expect(isUuid("")).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });

  it("names the record an audit row is about only when the id is well formed", () => {
    expect(uuidOrNull(ID)).toBe(ID);
    expect(uuidOrNull("1 OR 1=1")).toBeNull();
    expect(uuidOrNull("")).toBeNull();
    expect(uuidOrNull(undefined)).toBeNull();
  });

  // The pattern is built as the module loads: a module loaded afresh shows it is the one the look-ups use.
  it("takes exactly the uuid form from the module's first load on", async () => {
    vi.resetModules();
    const { isUuid: fresh } = await import("./ids");
    expect(fresh(ID)).toBe(true);
    expect(fresh("00000000-0000-0000-0000-00000000000A")).toBe(true);
    expect(fresh(`x${ID}`)).toBe(false);
    expect(fresh(`${ID}0`)).toBe(false);
    expect(fresh("3f2b8c1e9-d4a-4e6b-8a7c-1b2c3d4e5f60")).toBe(false);
  });
});
