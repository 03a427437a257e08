/*
 * The portable file against hostile and odd packages (issue 18, items 7, 9, 10, 13, 14): zips whose directory
 * lies or repeats itself, bad checksums, backslash and "../" names, zip bombs, bad character references, a sheet
 * in ISO-8859-1, an .xlsm, MLCOST in conditional formats, data validations and charts, dynamic-array cells.
 * Every refusal is a sentence for a planner; none carries JSZip's own text.
 */
import fc from "fast-check";
import JSZip from "jszip";
import { crc32 as zlibCrc32 } from "zlib";
import { portableFormula } from "../../../src/portable/formula/rewrite";
import { portableWorkbook, PortableFileResult } from "../../../src/portable/file/xlsxPackage";
import { encodeXmlText } from "../../../src/portable/file/xmlText";
import { PART_LIMIT_BYTES } from "../../../src/portable/file/zipDirectory";
import { crc32 } from "../../../src/portable/file/zipParts";
import { fileReportView } from "../../../src/portable/pane/portableReport";
import { portableFileName } from "../../../src/portable/pane/portableView";
import { fullFixture } from "../fixtures/workbooks";
import { entriesOf, RawEntry, rawZip, storedEntries } from "../fixtures/zipEntries";

const SHEET = "xl/worksheets/sheet1.xml";
// What JSZip, pako and V8 say when they fail: none of it may reach a planner.
const INTERNAL =
  /Corrupted zip|Bug :|invalid (stored|distance|code|block)|Invalid code point|uncompressed data size|End of data/i;

let fixture: Uint8Array;
let entries: RawEntry[];
beforeAll(async () => {
  fixture = await fullFixture();
  entries = await entriesOf(fixture);
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const utf8 = (value: string) => new TextEncoder().encode(value);
const withEntry = (name: string, change: (entry: RawEntry) => RawEntry | RawEntry[]) =>
  rawZip(entries.flatMap((e) => (e.name === name ? change(e) : [e])));

/** The refusal's message; fails the test when the file was converted or the message carries internal text. */
async function refusal(input: Uint8Array): Promise<string> {
  const result: PortableFileResult = await portableWorkbook(input, "plain");
  if (result.ok) throw new Error("The file was converted, not refused.");
  expect(result.message).not.toMatch(INTERNAL);
  return result.message;
}

describe("item 10 and 13: the zip package, refused with a reason before anything is inflated", () => {
  test("the raw fixture converts as the JSZip one does (the writer is sound)", async () => {
    const result = await portableWorkbook(rawZip(entries), "plain");
    expect(result.ok).toBe(true);
  });

  test("two entries with one name, or names equal but for case, are refused, not collapsed", async () => {
    const twice = withEntry(SHEET, (e) => [e, { ...e, data: utf8("<worksheet/>") }]);
    expect(await refusal(twice)).toMatch(/two entries named "xl\/worksheets\/sheet1\.xml".*refused/);
    const cased = withEntry(SHEET, (e) => [e, { ...e, name: "XL/worksheets/sheet1.xml" }]);
    expect(await refusal(cased)).toMatch(/"xl\/worksheets\/sheet1\.xml" and "XL\/worksheets\/sheet1\.xml"/);
  });

  test.each([["../outside.xml"], ["xl/../../outside.xml"], ["/xl/abs.xml"], ["xl//empty.xml"], ["C:/x.xml"]])(
    "an entry named %p is refused, not renamed",
    async (name) => {
      const bytes = rawZip([...entries, { name, data: utf8("<x/>") }]);
      expect(await refusal(bytes)).toMatch(/points outside the package or has an empty folder name/);
    },
  );

  test("backslash paths are refused, and the message says the paths are the cause", async () => {
    const bytes = rawZip(entries.map((e) => ({ ...e, name: e.name.replace(/\//g, "\\") })));
    expect(await refusal(bytes)).toMatch(/names its parts with backslashes \("\[Content_Types\]\.xml"|backslashes/);
    expect(await refusal(bytes)).toMatch(/separates folders with "\/" only/);
  });

  test("a zip bomb is refused from its directory's sizes, before it is inflated", async () => {
    // The stated size is over the limit, and the data is not even deflate: inflating it would fail otherwise.
    const bomb = withEntry(SHEET, (e) => ({
      ...e,
      statedSize: PART_LIMIT_BYTES + 1,
      compressed: utf8("not deflate at all"),
    }));
    expect(await refusal(bomb)).toMatch(
      /part "xl\/worksheets\/sheet1\.xml" alone is 257 MB unzipped \(the limits are 256 MB a part and 2,048 MB in all/,
    );
    // Many parts, each under the limit, that add up to more than the package limit.
    const many = rawZip([
      ...entries,
      ...Array.from({ length: 9 }, (_, i) => ({
        name: `xl/media/big${i}.bin`,
        data: utf8("x"),
        statedSize: PART_LIMIT_BYTES,
      })),
    ]);
    expect(await refusal(many)).toMatch(/its parts add up to more than 2,048 MB unzipped/);
  });

  test("a directory that understates a part's size: inflating stops at the stated size", async () => {
    const lying = withEntry(SHEET, (e) => ({ ...e, statedSize: 100 }));
    expect(await refusal(lying)).toMatch(
      /^The part xl\/worksheets\/sheet1\.xml of this file cannot be read: it unzips to more bytes than its zip directory states\./,
    );
  });

  test("a bad CRC, and damaged compressed data, give the refusal, never JSZip's text", async () => {
    const badCrc = withEntry(SHEET, (e) => ({ ...e, crc: 0x12345678 }));
    expect(await refusal(badCrc)).toMatch(
      /sheet1\.xml of this file cannot be read: its checksum \(CRC-32\) does not match/,
    );
    const { deflateRawSync } = await import("zlib");
    const damaged = withEntry(SHEET, (e) => {
      const compressed = Uint8Array.from(deflateRawSync(Buffer.from(e.data)));
      for (let i = 8; i < 60; i++) compressed[i] ^= 0x5a;
      return { ...e, compressed };
    });
    expect(await refusal(damaged)).toMatch(/sheet1\.xml of this file cannot be read: its compressed data is damaged\./);
  });

  test("the CRC-32, 8 bytes a step, is zlib's for any bytes in any chunks; a changed byte anywhere is caught", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926); // the check value of CRC-32/ISO-HDLC
    expect(crc32(new Uint8Array(0))).toBe(0);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.nat(), (bytes, cut, flip) => {
        const expected = zlibCrc32(bytes);
        const at = bytes.length ? cut % (bytes.length + 1) : 0;
        expect(crc32(bytes)).toBe(expected);
        expect(crc32(bytes.subarray(at), crc32(bytes.subarray(0, at)))).toBe(expected);
        if (bytes.length === 0) return;
        const changed = Uint8Array.from(bytes);
        changed[flip % bytes.length] ^= 1 << (flip % 8);
        expect(crc32(changed)).not.toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  test("a file cut off before its directory gets the refusal without JSZip's text", async () => {
    expect(await refusal(fixture.subarray(0, 3000))).toMatch(/cannot be unzipped/);
  });

  test("an encrypted entry and an unknown compression method are refused by name", async () => {
    const encrypted = withEntry(SHEET, (e) => ({ ...e, flags: 1 }));
    expect(await refusal(encrypted)).toMatch(/part "xl\/worksheets\/sheet1\.xml" is encrypted inside the zip/);
    const unknown = withEntry(SHEET, (e) => ({ ...e, method: 12, compressed: e.data }));
    expect(await refusal(unknown)).toMatch(/"xl\/worksheets\/sheet1\.xml" is compressed with a method \(12\)/);
  });
});

describe("item 10: character references XML does not allow get the refusal", () => {
  test.each([["&#0;"], ["&#x110000;"], ["&#xD800;"], ["&#99999999999;"]])("%s in a formula", async (reference) => {
    const bytes = withEntry(SHEET, (e) => ({
      ...e,
      data: utf8(text(e.data).replace("MLCOST.CROSSOVER(A2,B2)", `MLCOST.CROSSOVER(A2,B2)&amp;"${reference}"`)),
    }));
    expect(await refusal(bytes)).toBe(
      `The sheet "Plan & costs" (xl/worksheets/sheet1.xml) cannot be read. It holds the character reference ` +
        `${reference}, which stands for no character XML allows (XML 1.0, 2.2), so it is not a well-formed part. ` +
        "Nothing was converted.",
    );
  });
});

describe("issue 27, 10d: a character XML does not allow, written raw in a formula, gets the refusal", () => {
  test.each([
    ["\uFFFE", "U+FFFE"],
    ["\uFFFF", "U+FFFF"],
    ["\u0001", "U+0001"],
    ["\u001F", "U+001F"],
  ])("%p raw in a formula", async (character, code) => {
    const bytes = withEntry(SHEET, (e) => ({
      ...e,
      data: utf8(text(e.data).replace("MLCOST.CROSSOVER(A2,B2)", `MLCOST.CROSSOVER(A2,B2)&amp;"a${character}"`)),
    }));
    expect(await refusal(bytes)).toBe(
      `The sheet "Plan & costs" (xl/worksheets/sheet1.xml) cannot be read. It holds the character ${code}, ` +
        "which XML does not allow (XML 1.0, 2.2), so it is not a well-formed part. Nothing was converted.",
    );
  });

  // A lone surrogate cannot be in UTF-8 bytes (an encoder writes U+FFFD for it), so it is tried on the way out.
  test("the text a converted part gets is XML whatever it holds", () => {
    expect(encodeXmlText("a\uFFFE\uD800b")).toBe("a\uFFFD\uFFFDb");
  });
});

describe("item 10: a macro-enabled workbook keeps its extension and its macros", () => {
  test("an .xlsm comes back as .xlsm, vbaProject.bin byte for byte", async () => {
    const macro = "application/vnd.ms-excel.sheet.macroEnabled.main+xml";
    const vba = Uint8Array.from({ length: 600 }, (_, i) => (i * 37) % 256);
    const main = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
    const bytes = rawZip([
      ...entries.map((e) =>
        e.name === "[Content_Types].xml" ? { ...e, data: utf8(text(e.data).replace(main, macro)) } : e,
      ),
      { name: "xl/vbaProject.bin", data: vba, method: 0 },
    ]);
    const types = text((await entriesOf(bytes)).find((e) => e.name === "[Content_Types].xml")!.data);
    expect(types).toContain(`PartName="/xl/workbook.xml" ContentType="${macro}"`);
    const result = await portableWorkbook(bytes, "lambda");
    if (!result.ok) throw new Error(result.message);
    expect(result.extension).toBe("xlsm");
    const out = storedEntries(result.bytes).find((e) => e.name === "xl/vbaProject.bin")!;
    expect(Buffer.compare(Buffer.from(out.compressed), Buffer.from(vba))).toBe(0);
    expect(portableFileName("macro.xlsm", result.extension)).toBe("macro (portable).xlsm");
    expect(portableFileName("budget.xlsx", "xlsx")).toBe("budget (portable).xlsx");
    const plain = await portableWorkbook(fixture, "plain");
    expect(plain.ok && plain.extension).toBe("xlsx");
  });
});

describe("item 9: a part in the encoding it declares", () => {
  const latin1 = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
  const withCafe = (xml: string) =>
    xml.replace('<c r="A2"', '<c r="P2" t="inlineStr"><is><t>café Ünïcode ½</t></is></c><c r="A2"');

  test("an ISO-8859-1 sheet is read as Latin-1 and written back as UTF-8, re-declared", async () => {
    const bytes = withEntry(SHEET, (e) => {
      const xml = withCafe(text(e.data)).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
      return { ...e, data: latin1(xml) };
    });
    const result = await portableWorkbook(bytes, "lambda");
    if (!result.ok) throw new Error(result.message);
    const out = await (await JSZip.loadAsync(result.bytes)).file(SHEET)!.async("uint8array");
    const xml = new TextDecoder("utf-8", { fatal: true }).decode(out);
    expect(xml).toContain("<t>café Ünïcode ½</t>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"')).toBe(true);
    expect(result.report.sheets[0].formulasConverted).toBe(6);
  });

  test("a UTF-16 sheet is read and written back as UTF-8; a UTF-8 byte-order mark is kept", async () => {
    const utf16 = withEntry(SHEET, (e) => {
      const xml = withCafe(text(e.data)).replace('encoding="UTF-8"', 'encoding="UTF-16"');
      return { ...e, data: Uint8Array.from(Buffer.from(`\uFEFF${xml}`, "utf16le")) };
    });
    const result = await portableWorkbook(utf16, "plain");
    if (!result.ok) throw new Error(result.message);
    const out = text(await (await JSZip.loadAsync(result.bytes)).file(SHEET)!.async("uint8array"));
    expect(out).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"/);
    expect(out).toContain("café Ünïcode ½");
    const bom = withEntry(SHEET, (e) => ({ ...e, data: Uint8Array.from([0xef, 0xbb, 0xbf, ...e.data]) }));
    const kept = await portableWorkbook(bom, "plain");
    if (!kept.ok) throw new Error(kept.message);
    const raw = await (await JSZip.loadAsync(kept.bytes)).file(SHEET)!.async("uint8array");
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  test("a sheet that is not the text it declares is left whole and reported; an unknown encoding too", async () => {
    const invalid = withEntry(SHEET, (e) => ({
      ...e,
      data: Uint8Array.from([...e.data.subarray(0, 200), 0xff, ...e.data.subarray(200)]),
    }));
    const result = await portableWorkbook(invalid, "plain");
    if (!result.ok) throw new Error(result.message);
    expect(result.report.sheets[0]).toMatchObject({
      formulasConverted: 0,
      left: [{ where: "the whole sheet", reason: expect.stringMatching(/not valid UTF-8 text/) }],
    });
    const unknown = withEntry(SHEET, (e) => ({
      ...e,
      data: utf8(text(e.data).replace('encoding="UTF-8"', 'encoding="x-klingon"')),
    }));
    const other = await portableWorkbook(unknown, "plain");
    expect(other.ok && other.report.sheets[0].left[0].reason).toMatch(/declares the encoding "x-klingon"/);
  });
});

describe("item 7: MLCOST outside cells", () => {
  test("a chart series that calls MLCOST is listed as left, and the pane's report counts it", async () => {
    const bytes = withEntry("xl/charts/chart1.xml", (e) => ({
      ...e,
      data: utf8(
        text(e.data).replace("<c:f>'Plan &amp; costs'!$E$2:$E$5</c:f>", "<c:f>MLCOST.CROSSOVER(600,0.04)</c:f>"),
      ),
    }));
    const result = await portableWorkbook(bytes, "plain");
    if (!result.ok) throw new Error(result.message);
    expect(result.report.otherParts).toEqual([
      {
        part: "xl/charts/chart1.xml",
        left: [
          {
            where: "series 1",
            call: "MLCOST.CROSSOVER(600,0.04)",
            reason: expect.stringMatching(/^A chart series reads cells/),
          },
        ],
      },
    ]);
    const view = fileReportView(result.report, "chart.xlsx");
    expect(view.left.map((l) => l.where)).toContain("the chart xl/charts/chart1.xml, series 1");
    expect(view.summary).toMatch(/; 3 left as they were \(below\)\.$/);
    // The chart itself leaves with its very bytes.
    const [before, after] = [bytes, result.bytes].map((b) =>
      storedEntries(b).find((e) => e.name === "xl/charts/chart1.xml")!,
    );
    expect(Buffer.compare(Buffer.from(after.compressed), Buffer.from(before.compressed))).toBe(0);
  });

  test("conditional formats and data validations in a sheet are converted in the package", async () => {
    const rules =
      '<conditionalFormatting sqref="C2:C5"><cfRule type="expression" dxfId="0" priority="1">' +
      "<formula>C2&gt;MLCOST.CROSSOVER($A$2,$B$2)</formula></cfRule></conditionalFormatting>" +
      '<dataValidations count="1"><dataValidation type="custom" sqref="A2:A5">' +
      "<formula1>A2&lt;MLCOST.CROSSOVER(600,0.04)</formula1>" +
      "</dataValidation></dataValidations>";
    const bytes = withEntry(SHEET, (e) => {
      const xml = text(e.data);
      const at = xml.indexOf("<pageMargins");
      return { ...e, data: utf8(xml.slice(0, at) + rules + xml.slice(at)) };
    });
    const result = await portableWorkbook(bytes, "lambda");
    if (!result.ok) throw new Error(result.message);
    const out = text(await (await JSZip.loadAsync(result.bytes)).file(SHEET)!.async("uint8array"));
    // The workbook's own name CROSSOVER is kept, so CROSSOVER calls become plain arithmetic (as in C2).
    const plain = (formula: string) => portableFormula(formula, "plain").formula;
    expect(out).toContain(`<formula>${encodeXmlText(plain("C2>MLCOST.CROSSOVER($A$2,$B$2)"))}</formula>`);
    expect(out).toContain(`<formula1>${encodeXmlText(plain("A2<MLCOST.CROSSOVER(600,0.04)"))}</formula1>`);
    expect(result.report.sheets[0]).toMatchObject({ formulasConverted: 8, callsConverted: 8 });
  });
});

describe("item 14: each cell keeps its kind, legacy or dynamic array; no calcFeatures is added", () => {
  test("a dynamic-array cell (cm, t=array) keeps its attributes and metadata; a legacy one stays legacy", async () => {
    const metadata =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';
    const bytes = rawZip([
      ...entries.map((e) =>
        e.name === SHEET
          ? {
              ...e,
              data: utf8(text(e.data).replace(/<c r="C2"([^>]*)><f>/, '<c r="C2"$1 cm="1"><f t="array" ref="C2">')),
            }
          : e,
      ),
      { name: "xl/metadata.xml", data: utf8(metadata) },
    ]);
    const result = await portableWorkbook(bytes, "lambda");
    if (!result.ok) throw new Error(result.message);
    const zip = await JSZip.loadAsync(result.bytes);
    const out = await zip.file(SHEET)!.async("string");
    expect(out).toMatch(/<c r="C2"[^>]* cm="1"><f t="array" ref="C2">/);
    expect(out).toMatch(/<c r="G2"[^>]*><f>AMDAHLCEILING\(2400,88800\)<\/f>/);
    expect(await zip.file("xl/metadata.xml")!.async("string")).toBe(metadata);
    expect(await zip.file("xl/workbook.xml")!.async("string")).not.toMatch(/calcFeatures/);
  });
});
