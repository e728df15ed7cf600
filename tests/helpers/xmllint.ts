import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

// The sitemaps.org schemas, kept in the repository (tests/schemas/README.md). Validation
// runs libxml2 compiled to WebAssembly in a worker thread: no xmllint binary, no child
// process, the same on every machine (issue 10 §4).
const SCHEMA_DIR = fileURLToPath(new URL("../schemas/", import.meta.url));

export type SitemapSchema = "sitemap.xsd" | "siteindex.xsd";

/** Validates XML against one of the sitemaps.org schemas; rejects with libxml2's messages when invalid. */
export async function validateSitemapXml(xml: string, schema: SitemapSchema): Promise<void> {
  const result = await validateXML({
    xml: [{ fileName: "sitemap.xml", contents: xml }],
    schema: [{ fileName: schema, contents: fs.readFileSync(`${SCHEMA_DIR}${schema}`, "utf8") }],
  });
  if (!result.valid) throw new Error(`The XML is not valid against ${schema}:\n${result.errors.map((error) => error.rawMessage).join("\n")}`);
}
