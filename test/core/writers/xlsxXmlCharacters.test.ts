/*
 * Text XML 1.0 does not allow (U+FFFE, U+FFFF, a lone surrogate, a C0 control other than tab, LF and CR) never
 * reaches a written .xlsx raw (issue 27, 10d): a planner's scenario name or currency holding one is written with
 * U+FFFD in its place, every XML part of the file parses (xmllint), and LibreOffice opens the file and shows the
 * text.
 */
import { execFileSync } from "child_process";
import { mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import JSZip from "jszip";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { stageWorkbookBytes } from "../../../src/stages/sheet/stagesXlsx";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";
import { xmlSafeText } from "../../../src/core/sheet/cell";
import { unwrap } from "../../support/unwrap";
import { displayedWithLibreOffice } from "../../support/libreoffice";
import { LIBREOFFICE_MS } from "../../support/deadlines";

/** Every character XML 1.0 refuses that a JavaScript string can hold, one of each kind. */
const ILLEGAL = ["\uFFFE", "\uDFFF", "\uD800", "\uFFFF", "\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001F"];

/** The XML parts of an .xlsx that xmllint refuses, with its first complaint. */
async function illFormedParts(bytes: ArrayBuffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const dir = mkdtempSync(join(tmpdir(), "mlcost-xml-"));
  const bad: string[] = [];
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir || !/\.(xml|rels)$/.test(name)) continue;
    const path = join(dir, name.replace(/\//g, "_"));
    writeFileSync(path, await entry.async("nodebuffer"));
    try {
      execFileSync("xmllint", ["--noout", path], { stdio: "pipe" });
    } catch (error) {
      bad.push(`${name}: ${String((error as { stderr?: Buffer }).stderr ?? error).split("\n")[0]}`);
    }
  }
  return bad;
}

test("xmlSafeText puts U+FFFD in place of each character XML refuses, and keeps every other", () => {
  expect(xmlSafeText(`a${ILLEGAL.join("")}b`)).toBe(`a${"\uFFFD".repeat(ILLEGAL.length)}b`);
  const allowed = "tab\tLF\nCR\r é 😀 \uD7FF\uE000\uFFFD \u{10FFFF}";
  expect(xmlSafeText(allowed)).toBe(allowed);
});

test(
  "a what-if download whose scenario names hold every illegal character parses as XML and opens in LibreOffice",
  async () => {
    const names = ["Low" + ILLEGAL.slice(0, 5).join(""), "High" + ILLEGAL.slice(5).join("")];
    const bytes = unwrap(
      await whatIfWorkbookBytes({
        scenarios: names.map((name, i) => ({ name, inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 100 + i } })),
        baseIndex: 0,
      }),
    );
    expect(await illFormedParts(bytes)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "mlcost-xml-"));
    const path = join(dir, "whatIf.xlsx");
    writeFileSync(path, Buffer.from(bytes));
    const shown = displayedWithLibreOffice(path).flat();
    expect(shown).toContain(xmlSafeText(names[0]));
    expect(shown).toContain(xmlSafeText(names[1]));
  },
  LIBREOFFICE_MS,
);

test("a stage download whose currency holds illegal characters parses as XML", async () => {
  const bytes = await stageWorkbookBytes({ ...EXAMPLE_PLAN, pricePerHour: 2, currency: "E\uFFFE\uD83D\u0001" });
  expect(await illFormedParts(bytes)).toEqual([]);
});
