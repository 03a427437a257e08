/*
 * The manifest against Microsoft's add-in manifest XSDs (copied into test/schemas with their
 * README), validated by libxml2 compiled to WebAssembly, so `npm test` needs no system package.
 * Both the source manifest and the one the build wrote (origin rewritten) are checked.
 */
import { readdirSync, readFileSync } from "fs";
import { resolve } from "path";
import { validateXML } from "xmllint-wasm";

const schemaDir = resolve(__dirname, "../schemas/office-manifest");
const schemas = readdirSync(schemaDir)
  .filter((name) => name.endsWith(".xsd"))
  .map((fileName) => ({ fileName, contents: readFileSync(resolve(schemaDir, fileName), "utf8") }));
const root = schemas.find((s) => s.fileName === "OfficeAppManifestV1_1.xsd")!;

async function validate(fileName: string, contents: string) {
  return validateXML({ xml: [{ fileName, contents }], schema: [root], preload: schemas.filter((s) => s !== root) });
}

// libxml2 in WebAssembly compiles the schemas on each call: well under a second alone, several on a busy machine.
const XSD_TIMEOUT_MS = 30_000;

test.each(["manifest.xml", "dist/manifest.xml"])(
  "%s validates against the XSDs",
  async (path) => {
    const result = await validate("manifest.xml", readFileSync(resolve(__dirname, "../..", path), "utf8"));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  },
  XSD_TIMEOUT_MS,
);

test(
  "the validator does reject a broken manifest",
  async () => {
    const broken = readFileSync(resolve(__dirname, "../../manifest.xml"), "utf8").replace(
      "<Permissions>ReadWriteDocument</Permissions>",
      "<Permissions>Everything</Permissions>",
    );
    const result = await validate("manifest.xml", broken);
    expect(result.valid).toBe(false);
  },
  XSD_TIMEOUT_MS,
);

test("the manifest declares the MLCOST functions runtime and https URLs that the build serves", () => {
  const manifest = readFileSync(resolve(__dirname, "../../manifest.xml"), "utf8");
  expect(manifest).toContain('<bt:String id="Functions.Namespace" DefaultValue="MLCOST" />');
  const urls = [...manifest.matchAll(/DefaultValue="(https?:[^"]+)"/g)].map((m) => m[1]);
  expect(urls.length).toBeGreaterThan(8);
  const dist = resolve(__dirname, "../../dist");
  for (const url of urls) {
    expect(url.startsWith("https://localhost:3000/")).toBe(true);
    const file = new URL(url).pathname.slice(1);
    if (file) expect(() => readFileSync(resolve(dist, file))).not.toThrow();
  }
});

test("the manifest requires CustomFunctionsRuntime 1.3, the set of what the functions use", () => {
  // Error values passed in from cells (allowErrorForDataTypeAny) and the ErrorCode values the
  // runner returns (#DIV/0!, #NUM!, #N/A, #NULL!) are CustomFunctionsRuntime 1.3; 1.2 only
  // introduced CustomFunctions.Error ("Custom functions requirement sets", Microsoft Learn).
  const manifest = readFileSync(resolve(__dirname, "../../manifest.xml"), "utf8");
  const sets = [...manifest.matchAll(/<Set Name="([^"]+)" MinVersion="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
  expect(sets).toContainEqual(["CustomFunctionsRuntime", "1.3"]);
});
