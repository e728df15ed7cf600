import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { countReport, keepIncremental, restoreIncremental, score, shards, table } from "./mutation";

const report = (...statuses: string[]) => ({ files: { "a.ts": { mutants: statuses.map((status) => ({ status })) } } });

describe("the sharded mutation run", () => {
  test("covers every domain of app/modules and every part of app/lib, each once", () => {
    const names = shards().map((shard) => shard.name);
    expect(names).toEqual(expect.arrayContaining(["promotions", "comments", "seo", "ai", "lib", "lib-server"]));
    expect(new Set(names).size).toBe(names.length);
    const lib = shards().find((shard) => shard.name === "lib")!;
    expect(lib.files).toContain("!app/lib/**/*.server.ts");
    expect(shards().find((shard) => shard.name === "lib-server")!.files).toContain("app/lib/**/*.server.ts");
    // The core's files are left out of lib-server, so no mutant is counted twice.
    const core = shards().find((shard) => shard.name === "lib-server-core")!.files;
    expect(core).toContain("app/lib/command.server.ts");
    for (const file of core.filter((glob) => !glob.startsWith("!"))) expect(shards().find((shard) => shard.name === "lib-server")!.files).toContain(`!${file}`);
    for (const shard of shards()) expect(shard.files).toContain("!app/**/*.test.ts");
    // The core is judged by its own test files, which exist; every other shard by every test.
    const coreTests = shards().find((shard) => shard.name === "lib-server-core")!.tests!;
    expect(coreTests).toEqual(expect.arrayContaining(["app/lib/command*.test.ts", "app/lib/page-cache*.test.ts"]));
    for (const glob of coreTests) {
      const [prefix, suffix] = path.basename(glob).split("*") as [string, string];
      const found = fs.readdirSync(path.resolve(import.meta.dirname, "..", path.dirname(glob))).filter((name) => name.startsWith(prefix) && name.endsWith(suffix));
      expect(found.length, glob).toBeGreaterThan(0);
    }
    expect(shards().filter((shard) => shard.tests).map((shard) => shard.name)).toEqual(["lib-server-core"]);
  });

  test("scores detected mutants over those with a verdict, leaving errors and ignored ones out", () => {
    const counts = countReport(report("Killed", "Killed", "Timeout", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Ignored"));
    expect(counts).toEqual({ killed: 2, timeout: 1, survived: 1, noCoverage: 1, errors: 2 });
    expect(score(counts)).toBe(60);
    expect(score(countReport(report("Ignored")))).toBeUndefined();
  });

  test("totals the shards, and says so when one has no report yet", () => {
    const full = table([
      { name: "a", counts: countReport(report("Killed", "Survived")), date: "2026-11-27", commit: "abc" },
      { name: "b", counts: countReport(report("Killed", "Killed", "Killed", "Timeout", "Survived", "NoCoverage")), date: "2026-11-27", commit: "abc" },
    ]);
    expect(full.complete).toBe(true);
    expect(full.total).toBe(62.5);
    expect(full.markdown).toContain("| a | 2 | 1 | 0 | 1 | 0 | 50.0% | 2026-11-27 (abc) |");
    expect(full.markdown).toContain("| **total** | 8 | 4 | 1 | 2 | 1 | **62.5%** | |");

    const partial = table([{ name: "a", counts: countReport(report("Killed")), date: "2026-11-27", commit: "abc" }, { name: "b" }]);
    expect(partial.complete).toBe(false);
    expect(partial.markdown).toContain("| b | - | - | - | - | - | not run | - |");
    expect(partial.markdown).toContain("| **total so far** | 1 |");
  });

  test("a fresh checkout starts a shard from the committed incremental file, and never overwrites one the checkout has", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mutation-incremental-"));
    try {
      const local = path.join(tmp, "reports");
      const kept = path.join(tmp, "kept");
      fs.mkdirSync(local);
      const first = JSON.stringify({ files: { "app/lib/ids.ts": { source: "ş".repeat(5000) } } });
      fs.writeFileSync(path.join(local, "lib.incremental.json"), first);
      keepIncremental("lib", local, kept);
      expect(fs.statSync(path.join(kept, "lib.json.gz")).size).toBeLessThan(first.length / 10);

      // The fresh checkout: no reports folder yet.
      const fresh = path.join(tmp, "fresh", "reports");
      expect(restoreIncremental("lib", kept, fresh)).toBe(true);
      expect(fs.readFileSync(path.join(fresh, "lib.incremental.json"), "utf8")).toBe(first);
      // A shard never kept starts from nothing.
      expect(restoreIncremental("seo", kept, fresh)).toBe(false);
      expect(fs.existsSync(path.join(fresh, "seo.incremental.json"))).toBe(false);

      // This checkout ran the shard since: its own file is kept, whatever the committed one holds.
      fs.writeFileSync(path.join(fresh, "lib.incremental.json"), "newer");
      expect(restoreIncremental("lib", kept, fresh)).toBe(false);
      expect(fs.readFileSync(path.join(fresh, "lib.incremental.json"), "utf8")).toBe("newer");
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
