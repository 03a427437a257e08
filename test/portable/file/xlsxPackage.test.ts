/*
 * The portable file, on whole packages: a workbook ExcelJS wrote, with a chart, a pivot cache, a
 * custom XML part and a calculation chain added, converted in both modes. Every part the
 * conversion does not own leaves with its very compressed bytes; formulas change in place; the
 * twins are file-format names that IronCalc reads back and evaluates to the custom functions'
 * results; bad files get a message and no bytes. (LibreOffice: test/e2e/portableFile.e2e.ts.)
 */
import { Workbook } from "exceljs";
import JSZip from "jszip";
import { customFunctions } from "../../../src/functions/functions";
import { PortableMode, portableFormula } from "../../../src/portable/formula/rewrite";
import { lambdaTwin, TWIN_SPECS } from "../../../src/portable/formula/twins";
import { PortableFileReport, portableWorkbook } from "../../../src/portable/file/xlsxPackage";
import { ExcelError } from "../../support/customFunctionsGlobal";
import { ironcalcModel } from "../../support/ironcalc";
import { TWIN_IDS, twinIdsWithout } from "../../support/twinIds";
import { CASE_INPUTS, casesFixture, fullFixture, MODEL_SHEET, Shown } from "../fixtures/workbooks";
import { storedEntries } from "../fixtures/zipEntries";

/** The parts a conversion may rewrite; xl/calcChain.xml is the one it may delete. */
const OWNED = ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet3.xml", "xl/workbook.xml"];
const WIRING = ["xl/_rels/workbook.xml.rels", "[Content_Types].xml"];

async function convert(
  input: Uint8Array,
  mode: PortableMode,
): Promise<{ bytes: Uint8Array; report: PortableFileReport }> {
  const result = await portableWorkbook(input, mode);
  if (!result.ok) throw new Error(result.message);
  return result;
}

const partText = async (bytes: Uint8Array, name: string) => (await JSZip.loadAsync(bytes)).file(name)?.async("string");
const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[e]!,
  );

/** The <f> element of `cell` in a sheet's XML: its start tag and its decoded text. */
function formulaOf(sheetXml: string, cell: string): { tag: string; text: string } | undefined {
  const match = new RegExp(`<c r="${cell}"[^>]*>(<f[^>]*/>|(<f[^>]*>)([^<]*)</f>)`).exec(sheetXml);
  if (!match) return undefined;
  return match[2] ? { tag: match[2], text: decode(match[3]) } : { tag: match[1], text: "" };
}

let fixture: Uint8Array;
beforeAll(async () => {
  fixture = await fullFixture();
});

describe.each(["lambda", "plain"] as const)("mode %s", (mode) => {
  test("every part it does not own leaves byte for byte: same compressed bytes, method and CRC", async () => {
    const { bytes } = await convert(fixture, mode);
    const before = storedEntries(fixture);
    const after = storedEntries(bytes);
    expect(after.map((e) => e.name)).toEqual(before.map((e) => e.name).filter((n) => n !== "xl/calcChain.xml"));
    const untouched = before.filter(
      (e) => !OWNED.includes(e.name) && !WIRING.includes(e.name) && e.name !== "xl/calcChain.xml",
    );
    expect(untouched.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        "xl/charts/chart1.xml",
        "xl/pivotCache/pivotCacheDefinition1.xml",
        "xl/media/image1.png",
      ]),
    );
    const [zipBefore, zipAfter] = await Promise.all([JSZip.loadAsync(fixture), JSZip.loadAsync(bytes)]);
    for (const entry of untouched) {
      const out = after.find((e) => e.name === entry.name)!;
      expect({ name: entry.name, method: out.method, crc: out.crc }).toEqual({
        name: entry.name,
        method: entry.method,
        crc: entry.crc,
      });
      expect(Buffer.compare(Buffer.from(out.compressed), Buffer.from(entry.compressed))).toBe(0);
      if (entry.name.endsWith("/")) continue;
      const [a, b] = await Promise.all([zipBefore, zipAfter].map((z) => z.file(entry.name)!.async("uint8array")));
      expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    }
    // The custom XML part was stored, not deflated, and stays so.
    expect(after.find((e) => e.name === "customXml/item1.xml")!.method).toBe(0);
  });

  test("only cell formulas' text changes in a sheet: attributes, cached values and the rest as they were", async () => {
    const { bytes, report } = await convert(fixture, mode);
    const [before, after] = [(await partText(fixture, OWNED[0]))!, (await partText(bytes, OWNED[0]))!];
    const withoutFormulaText = (xml: string) => xml.replace(/(<f[^>/]*>)[^<]*<\/f>/g, "$1</f>");
    expect(withoutFormulaText(after)).toBe(withoutFormulaText(before));
    expect(formulaOf(after, "E2")!.tag).toBe('<f t="shared" ref="E2:E5" si="0">');
    expect(formulaOf(after, "E3")!.tag).toBe('<f t="shared" si="0"/>');
    expect(formulaOf(after, "L2")!.tag).toBe('<f t="array" ref="L2:L5">');
    for (const cell of ["I2", "J2", "K2"]) expect(formulaOf(after, cell)).toEqual(formulaOf(before, cell));
    expect(formulaOf(after, "F2")!.text.endsWith(')&" <ok> & ""done"""')).toBe(true);
    const model = report.sheets[0];
    expect(model).toMatchObject({ sheet: MODEL_SHEET, part: OWNED[0], formulasConverted: 6, callsConverted: 6 });
    expect(model.left.map((l) => [l.where, l.call])).toEqual([
      ["I2", "MLCOST.STAGETABLE(600,0.04,5000,54000000,1944000000)"],
      ["K2", "MLCOST.CROSSOVER(600)"],
    ]);
    expect(report.sheets[1]).toEqual({
      sheet: "Notes",
      part: "xl/worksheets/sheet2.xml",
      formulasConverted: 0,
      callsConverted: 0,
      left: [],
    });
    if (mode === "lambda") {
      expect(["E2", "G2", "H2", "L2"].map((c) => formulaOf(after, c)!.text)).toEqual([
        "SERVINGHOURS(D2,B2)",
        "AMDAHLCEILING(2400,88800)",
        "CLIPSPERINTERVAL(250,90)",
        "SPLITRATIO(D2:D5,B2:B5,A2:A5)",
      ]);
      expect(formulaOf(after, "F2")!.text).toBe('DOMINANTHALF(D2,B2,A2)&" <ok> & ""done"""');
    }
    for (const cell of ["C2", "E2", "F2", "G2", "H2", "L2"]) {
      const text = formulaOf(after, cell)!.text;
      expect(text).not.toMatch(/MLCOST|_xldudf/i);
      // The user's own name CROSSOVER is kept, so C2 never calls it: plain arithmetic in both modes.
      if (mode === "plain" || cell === "C2")
        expect(text).not.toMatch(/LAMBDA|LET|[A-Z]+HOURS\(|CROSSOVER\(|SPLITRATIO\(/);
    }
  });

  test("ExcelJS reads the converted file back: shared formulas follow their master", async () => {
    const { bytes } = await convert(fixture, mode);
    const book = new Workbook();
    await book.xlsx.load(Buffer.from(bytes) as never);
    const sheet = book.getWorksheet(MODEL_SHEET)!;
    expect(sheet.getCell("E3").formula).toEqual(
      mode === "lambda" ? "SERVINGHOURS(D3,B3)" : expect.stringContaining("D3"),
    );
    expect(book.getWorksheet("Notes")!.getCell("A2").formula).toBe('LEN(A1)&" characters"');
  });

  test("the calculation chain goes, with its relationship and override; Excel is told to recalculate", async () => {
    const { bytes, report } = await convert(fixture, mode);
    expect(report).toMatchObject({ recalculateOnOpen: true, calcChainRemoved: true });
    expect((await JSZip.loadAsync(bytes)).file("xl/calcChain.xml")).toBeNull();
    expect(await partText(bytes, "xl/_rels/workbook.xml.rels")).not.toMatch(/calcChain/);
    expect(await partText(bytes, "[Content_Types].xml")).not.toMatch(/calcChain/);
    expect(await partText(bytes, "[Content_Types].xml")).toMatch(/pivotCacheDefinition1\.xml/);
    expect(await partText(bytes, "xl/workbook.xml")).toMatch(
      /<calcPr calcId="171027" fullCalcOnLoad="1"\/><pivotCaches>/,
    );
  });

  test("a workbook's own name that calls MLCOST is rewritten too", async () => {
    const { bytes, report } = await convert(fixture, mode);
    const workbook = (await partText(bytes, "xl/workbook.xml"))!;
    const breakeven = decode(/<definedName name="Breakeven">([^<]*)</.exec(workbook)![1]);
    // In mode lambda too: the user's own name CROSSOVER is kept, so the call becomes plain arithmetic.
    expect(breakeven).toBe("(600*3600/0.04)*2");
    expect(report.definedNames).toEqual({ formulasConverted: 1, callsConverted: 1, left: [] });
  });

  test("a workbook with nothing to convert: no formula changes, the calculation chain stays", async () => {
    const input = await fullFixture({ mlcost: false });
    const { bytes, report } = await convert(input, mode);
    expect(report).toMatchObject({ recalculateOnOpen: false, calcChainRemoved: false });
    const changed = storedEntries(bytes).filter((out) => {
      const entry = storedEntries(input).find((e) => e.name === out.name)!;
      return Buffer.compare(Buffer.from(out.compressed), Buffer.from(entry.compressed)) !== 0;
    });
    // Plain mode changes nothing; lambda mode adds the twins to workbook.xml and nothing else.
    expect(changed.map((e) => e.name)).toEqual(mode === "plain" ? [] : ["xl/workbook.xml"]);
    expect(await partText(bytes, "xl/workbook.xml")).toMatch(/<calcPr calcId="171027"\/>/);
  });
});

describe("mode lambda: the twins as workbook names", () => {
  test("file format: _xlfn. future functions, _xlpm. names, _xlop. for the optional parameter", async () => {
    const { bytes, report } = await convert(await fullFixture({ userCrossover: false }), "lambda");
    const workbook = (await partText(bytes, "xl/workbook.xml"))!;
    const names = new Map<string, string>();
    workbook.replace(/<definedName name="([^"]+)"[^>]*>([^<]*)<\/definedName>/g, (_, name: string, text: string) => {
      names.set(name, decode(text));
      return "";
    });
    expect(report.twins.added).toEqual(TWIN_IDS);
    const amdahl = names.get("AMDAHLCEILING")!;
    expect(
      amdahl.startsWith("_xlfn.LAMBDA(_xlpm.part_hours,_xlpm.total_hours,_xlop.fraction_cut,_xlfn.LET(_xlpm.x_1,"),
    ).toBe(true);
    expect(amdahl).toContain("IF(_xlfn.ISOMITTED(_xlpm.fraction_cut),1,IF(ISNUMBER(_xlpm.fraction_cut)>ISLOGICAL(");
    for (const id of report.twins.added) {
      const text = names.get(id)!;
      expect(text).not.toMatch(/\[|_xlfn\.(IF|ISNUMBER|ISLOGICAL|ISERROR|MAX|ROUND|INT|LOG10)\(/);
      // Every bare word that is not a function, an error or a cell is a LAMBDA or LET name, prefixed.
      const bare =
        text.replace(/"[^"]*"/g, "").match(/(?<![._A-Za-z0-9#])[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_.(!])/g) || [];
      expect({ id, bare: bare.filter((w) => !/^_xl(pm|op|fn)$/.test(w)) }).toEqual({ id, bare: [] });
    }
    // CT_Workbook's order: sheets, definedNames, calcPr, then pivotCaches.
    const order = ["<sheets>", "<definedNames>", "<calcPr", "<pivotCaches>"].map((tag) => workbook.indexOf(tag));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("the user's CROSSOVER and a sheet's own ServingHours are kept and reported; their calls go plain", async () => {
    const { bytes, report } = await convert(fixture, "lambda");
    const workbook = (await partText(bytes, "xl/workbook.xml"))!;
    expect(workbook).toContain('<definedName name="CROSSOVER">&apos;Plan &amp; costs&apos;!$A$2</definedName>');
    expect(workbook.match(/name="CROSSOVER"/gi)).toHaveLength(1);
    // Every twin but CROSSOVER, which the workbook's own name keeps out.
    expect(report.twins.added).toEqual(twinIdsWithout("CROSSOVER"));
    expect(report.twins.kept).toEqual([
      { name: "CROSSOVER", reason: expect.stringMatching(/^The workbook has its own name CROSSOVER, which was kept/) },
      { name: "ServingHours", reason: expect.stringContaining('The sheet "Local" has its own name ServingHours') },
    ]);
    // On "Local" the sheet's own name hides the twin, so the call there is plain arithmetic.
    const local = formulaOf((await partText(bytes, "xl/worksheets/sheet3.xml"))!, "B1")!.text;
    expect(local).toBe(portableFormula("MLCOST.SERVINGHOURS(A1,0.04)", "plain").formula);
    expect(formulaOf((await partText(bytes, OWNED[0]))!, "E2")!.text).toBe("SERVINGHOURS(D2,B2)");
  });

  test("a workbook without <definedNames> or <calcPr> gets both, in CT_Workbook's order", async () => {
    for (const mode of ["lambda", "plain"] as const) {
      const { bytes } = await convert(await fullFixture({ bareWorkbook: true }), mode);
      const workbook = (await partText(bytes, "xl/workbook.xml"))!;
      const expected =
        mode === "lambda" ? /<\/sheets><definedNames><definedName name="CROSSOVER" / : /<\/sheets><calcPr/;
      expect(workbook).toMatch(expected);
      expect(workbook).toMatch(/<calcPr fullCalcOnLoad="1"\/><pivotCaches>/);
    }
  });
});

/** A custom function's own result for plain cell values, as an engine would show it. */
function customResult(id: string, args: unknown[]): Shown {
  const cell = customFunctions[id](...args.map((a) => [[a]]))[0][0];
  return cell instanceof ExcelError ? { error: cell.code } : (cell as Shown);
}

test("IronCalc reads the names back as the twins; the converted cells give the custom functions' results", async () => {
  const { bytes: input, cases } = await casesFixture(customResult);
  const { bytes, report } = await convert(input, "lambda");
  expect(report.sheets[0].left).toEqual([]);
  const model = ironcalcModel();
  const workbook = (await partText(bytes, "xl/workbook.xml"))!;
  workbook.replace(/<definedName name="([^"]+)"[^>]*>([^<]*)<\/definedName>/g, (_, name: string, text: string) => {
    model.newDefinedName(name, null, decode(text));
    return "";
  });
  // IronCalc shows each name in the formula language: exactly the twin it was made from.
  const shown = new Map(model.getDefinedNameList().map((n: { name: string; formula: string }) => [n.name, n.formula]));
  for (const spec of TWIN_SPECS)
    expect({ id: spec.id, formula: shown.get(spec.id) }).toEqual({ id: spec.id, formula: lambdaTwin(spec) });
  const book = new Workbook();
  await book.xlsx.load(Buffer.from(bytes) as never);
  const sheet = book.getWorksheet(MODEL_SHEET)!;
  const cellAt = (address: string) => sheet.getCell(address);
  CASE_INPUTS.forEach((row, i) => {
    ["A", "B", "D"].forEach((column, c) => model.setUserInput(0, i + 2, " ABCD".indexOf(column), String(row[c])));
  });
  for (const { cell } of cases) {
    const { row, col } = cellAt(cell) as unknown as { row: number; col: number };
    model.setUserInput(0, row, col, `=${cellAt(cell).formula}`);
    model.updateRangeStyle({ sheet: 0, row, column: col, width: 1, height: 1 }, "num_fmt", "0.0000000000000000E+00");
  }
  model.evaluate();
  for (const { cell, formula, expected } of cases) {
    const { row, col } = cellAt(cell) as unknown as { row: number; col: number };
    const text = model.getFormattedCellValue(0, row, col);
    const value: Shown = text.startsWith("#") ? { error: text } : Number.isFinite(Number(text)) ? Number(text) : text;
    const close =
      typeof expected === "number" && typeof value === "number"
        ? Math.abs(value - expected) <= 1e-12 * Math.max(1, Math.abs(expected))
        : JSON.stringify(value) === JSON.stringify(expected);
    expect({ cell, formula, value, close }).toEqual({ cell, formula, value: close ? value : expected, close: true });
  }
});

describe("files that cannot be converted get a message and no bytes", () => {
  const ole = (extra: string) => {
    const bytes = new Uint8Array(2048);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const name = Array.from(extra).reduce<number[]>((all, c) => all.concat([c.charCodeAt(0), 0]), []);
    bytes.set(name, 1024);
    return bytes;
  };
  const zipOf = async (files: Record<string, string>) => {
    const zip = new JSZip();
    for (const [name, text] of Object.entries(files)) zip.file(name, text);
    return zip.generateAsync({ type: "uint8array" });
  };
  test.each([
    ["a 0-byte file", async () => new Uint8Array(0), /empty \(0 bytes\)/],
    ["an .xls (OLE compound file)", async () => ole("Workbook"), /old Excel 97-2003 workbook \(\.xls\)/],
    ["a password-protected workbook", async () => ole("EncryptedPackage"), /password-protected/],
    [
      "a text file",
      async () => new TextEncoder().encode("training_hours,600\n"),
      /an \.xlsx is a zip package, and this file is not one/,
    ],
    ["a cut-off zip", async () => (await fullFixture()).subarray(0, 3000), /cannot be unzipped/],
    [
      "a zip that is not a workbook",
      async () => zipOf({ "word/document.xml": "<w:document/>" }),
      /no xl\/workbook\.xml/,
    ],
    [
      "a binary workbook (.xlsb)",
      async () =>
        zipOf({
          "_rels/.rels":
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r" ' +
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/>' +
            "</Relationships>",
          "xl/workbook.bin": "binary",
        }),
      /binary workbook \(\.xlsb\)/,
    ],
    [
      "a workbook whose sheet is not well-formed",
      async () => {
        const zip = await JSZip.loadAsync(await fullFixture());
        zip.file(
          "xl/worksheets/sheet1.xml",
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><f>x',
        );
        return zip.generateAsync({ type: "uint8array" });
      },
      /^The sheet "Plan & costs" \(xl\/worksheets\/sheet1\.xml\) cannot be read\. .* is not closed\. Nothing was converted\.$/,
    ],
  ])("%s", async (_, make, message) => {
    const result = await portableWorkbook(await make(), "plain");
    expect(result).toEqual({ ok: false, message: expect.stringMatching(message) });
  });

  test("an ArrayBuffer is taken as well as a Uint8Array", async () => {
    const bytes = await fullFixture();
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect((await portableWorkbook(copy as ArrayBuffer, "plain")).ok).toBe(true);
  });
});
