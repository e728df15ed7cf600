import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Whether Debian's xmllint (libxml2-utils) is installed; CI installs it. */
export const hasXmllint = (() => {
  try {
    execFileSync("xmllint", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Validates XML against one of the sitemaps.org schemas in ../shared/schemas; throws when invalid. */
export function validateSitemapXml(xml: string, schema: "sitemap.xsd" | "siteindex.xsd"): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-")), "sitemap.xml");
  fs.writeFileSync(file, xml);
  execFileSync("xmllint", ["--noout", "--schema", path.resolve("../shared/schemas", schema), file], { stdio: "pipe" });
}
