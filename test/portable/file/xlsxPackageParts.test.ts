/*
 * The pieces of the portable file, each on the XML it must survive: escaped and CDATA text,
 * comments and quoted ">" that look like markup, prefixed namespaces (the Open XML SDK writes
 * <x:f>), x14 formulas that are not cells, workbook.xml without the elements it needs, the file
 * form of a LAMBDA, and the first bytes of files that are not workbooks.
 */
import fc from "fast-check";
import { FUTURE_FUNCTIONS, fileFormula } from "../../../src/portable/formula/fileFormula";
import { notAWorkbookReason } from "../../../src/portable/file/fileSniff";
import { relationshipsOf, resolveTarget, overrideRemoval } from "../../../src/portable/file/opcParts";
import { portableFormula } from "../../../src/portable/formula/rewrite";
import { rewriteSheetFormulas } from "../../../src/portable/file/sheetFormulas";
import { tokenize } from "../../../src/portable/formula/tokenizer";
import { planTwinNames, twinDefinitions } from "../../../src/portable/file/twinNames";
import { lambdaTwin, TWIN_SPECS } from "../../../src/portable/formula/twins";
import { editWorkbookPart, readWorkbookPart } from "../../../src/portable/file/workbookXml";
import { applySplices, closingTag, nextTag } from "../../../src/portable/file/xmlScan";
import { decodeXmlText, encodeXmlAttribute, encodeXmlText } from "../../../src/portable/file/xmlText";
import { twinIdsWithout } from "../../support/twinIds";

const SML = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const lambda = (formula: string) => portableFormula(formula, "lambda");

describe("XML text", () => {
  test("references, CDATA and line ends decode as a parser reads them, and encode back", () => {
    expect(decodeXmlText("A1&amp;&quot;x&quot;&lt;&#62;&#x26;&apos;")).toBe('A1&"x"<>&\'');
    expect(decodeXmlText("<![CDATA[a<b&c]]>&amp;<![CDATA[]]>d")).toBe("a<b&c&d");
    expect(decodeXmlText("1+\r\n2&#13;")).toBe("1+\n2\r");
    expect(() => decodeXmlText("&nbsp;")).toThrow(SyntaxError);
    const text = 'IF(A1<>"&",1>0,"\r")';
    expect(decodeXmlText(encodeXmlText(text))).toBe(text);
    expect(encodeXmlAttribute('a"b&<\n')).toBe("a&quot;b&amp;&lt;&#10;");
  });
});

describe("the tag scanner", () => {
  test("comments, CDATA, processing instructions and quoted '>' are not tags", () => {
    const xml = '<?xml version="1.0"?><a x="1>2"><!-- <f>no</f> --><![CDATA[<f>no</f>]]><?pi <f>?><f/></a>';
    const names: string[] = [];
    for (let tag = nextTag(xml, 0); tag; tag = nextTag(xml, tag.end)) names.push(`${tag.kind}:${tag.name}`);
    expect(names).toEqual(["open:a", "empty:f", "close:a"]);
    expect(xml.slice(nextTag(xml, 0)!.start, nextTag(xml, 0)!.end)).toBe('<a x="1>2">');
  });

  test("a closing tag is found past nested elements of the same name; splices keep their order", () => {
    const xml = "<a><a></a><b/></a><c/>";
    const open = nextTag(xml, 0)!;
    expect(closingTag(xml, open).start).toBe(14);
    expect(() => closingTag("<a><b></b>", nextTag("<a><b></b>", 0)!)).toThrow(SyntaxError);
    expect(
      applySplices("0123", [
        { start: 4, end: 4, text: "b" },
        { start: 1, end: 3, text: "x" },
        { start: 4, end: 4, text: "c" },
      ]),
    ).toBe("0x3bc");
  });
});

describe("a worksheet's formulas", () => {
  test("only <f> of SpreadsheetML's namespace, under any prefix; comments are left; a stray <xm:f> is reported", () => {
    const xml =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x:sheetData><x:row r="1">' +
      '<x:c r="A1"><x:f>MLCOST.CROSSOVER(600,0.04)</x:f><x:v>54000000</x:v></x:c>' +
      "<!-- <x:f>MLCOST.CROSSOVER(1,2)</x:f> --></x:row></x:sheetData>" +
      "<x:extLst><xm:f>MLCOST.CROSSOVER(1,2)</xm:f></x:extLst></x:worksheet>";
    const out = rewriteSheetFormulas(xml, lambda);
    expect(out.text).toBe(xml.replace("<x:f>MLCOST.CROSSOVER(600,0.04)", "<x:f>CROSSOVER(600,0.04)"));
    // Item 7 of issue 18: an <xm:f> outside any rule Excel defines is not rewritten, but it is listed.
    expect(out).toMatchObject({
      formulas: 1,
      calls: 1,
      left: [{ where: "an Excel 2010 extension of the sheet", call: "MLCOST.CROSSOVER(1,2)" }],
    });
  });

  test("conditional formats, data validations and their Excel 2010 forms are rewritten; sparklines listed", () => {
    const x14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main";
    const xm = "http://schemas.microsoft.com/office/excel/2006/main";
    const xml =
      `<worksheet ${SML}><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>` +
      '<conditionalFormatting sqref="A1:A5"><cfRule type="expression" priority="1">' +
      "<formula>A1&gt;MLCOST.CROSSOVER(600,0.04)</formula></cfRule></conditionalFormatting>" +
      '<dataValidations count="1"><dataValidation type="custom" sqref="B1:B5">' +
      "<formula1>MLCOST.CROSSOVER(B1,0.04)&gt;0</formula1><formula2>1</formula2></dataValidation></dataValidations>" +
      `<extLst><ext uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}" xmlns:x14="${x14}">` +
      `<x14:conditionalFormattings><x14:conditionalFormatting xmlns:xm="${xm}">` +
      '<x14:cfRule type="expression" priority="2" id="{1}">' +
      "<xm:f>Other!A1&lt;MLCOST.CROSSOVER(600,0.04)</xm:f></x14:cfRule><xm:sqref>C1:C5</xm:sqref>" +
      "</x14:conditionalFormatting></x14:conditionalFormattings></ext>" +
      `<ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="${x14}">` +
      `<x14:dataValidations xmlns:xm="${xm}" count="1">` +
      '<x14:dataValidation type="custom"><x14:formula1><xm:f>MLCOST.CROSSOVER(Other!A1,1)</xm:f></x14:formula1>' +
      "<xm:sqref>D1</xm:sqref></x14:dataValidation></x14:dataValidations></ext>" +
      `<ext uri="{05C60535-1F16-4fd2-B633-F4F36F0B64E0}" xmlns:x14="${x14}"><x14:sparklineGroups xmlns:xm="${xm}">` +
      "<x14:sparklineGroup><x14:sparklines><x14:sparkline><xm:f>MLCOST.CROSSOVER(1,2)</xm:f><xm:sqref>E1</xm:sqref>" +
      "</x14:sparkline></x14:sparklines></x14:sparklineGroup></x14:sparklineGroups></ext></extLst></worksheet>";
    const out = rewriteSheetFormulas(xml, lambda);
    const expected = xml
      .replace("A1&gt;MLCOST.CROSSOVER(", "A1&gt;CROSSOVER(")
      .replace("<formula1>MLCOST.CROSSOVER(B1", "<formula1>CROSSOVER(B1")
      .replace("Other!A1&lt;MLCOST.CROSSOVER(", "Other!A1&lt;CROSSOVER(")
      .replace("<xm:f>MLCOST.CROSSOVER(Other!A1,1)", "<xm:f>CROSSOVER(Other!A1,1)");
    expect(out.text).toBe(expected);
    expect(out).toMatchObject({ formulas: 4, calls: 4 });
    expect(out.left).toEqual([
      {
        where: "a sparkline in E1",
        call: "MLCOST.CROSSOVER(1,2)",
        reason: expect.stringMatching(/^A sparkline's data/),
      },
    ]);
    // The report names where each one is; a call left inside a rule says which rule.
    const wrong = rewriteSheetFormulas(xml.replace("CROSSOVER(B1,0.04)", "CROSSOVER(B1)"), lambda);
    expect(wrong.left[0]).toMatchObject({ where: "data validation of B1:B5", call: "MLCOST.CROSSOVER(B1)" });
    const x14wrong = rewriteSheetFormulas(xml.replace("CROSSOVER(Other!A1,1)", "CROSSOVER(Other!A1)"), lambda);
    expect(x14wrong.left[0]).toMatchObject({ where: "data validation (Excel 2010 form) of D1" });
  });

  test("CDATA and references in a formula are read; the rewrite is written escaped", () => {
    const cell = '<c r="B2"><f><![CDATA[MLCOST.DOMINANTHALF(1,2,3)&"<"]]>&amp;"&#13;"</f></c>';
    const xml = `<worksheet ${SML}><sheetData><row>${cell}</row></sheetData></worksheet>`;
    const out = rewriteSheetFormulas(xml, lambda);
    expect(out.text).toContain('<f>DOMINANTHALF(1,2,3)&amp;"&lt;"&amp;"&#13;"</f>');
  });

  test("a formula that cannot be read is left whole and reported; one without MLCOST is not even read", () => {
    const cells = '<c r="C3"><f>MLCOST.CROSSOVER("open</f></c><c r="D3"><f>"open</f></c>';
    const xml = `<worksheet ${SML}><sheetData><row>${cells}</row></sheetData></worksheet>`;
    const out = rewriteSheetFormulas(xml, lambda);
    expect(out.text).toBe(xml);
    expect(out.left).toEqual([
      { where: "C3", call: 'MLCOST.CROSSOVER("open', reason: expect.stringMatching(/could not be read/) },
    ]);
  });

  test("property: any formula in a cell comes back as portableFormula's rewrite, escaped; the rest as it was", () => {
    const part = fc.constantFrom(
      ...["MLCOST.CROSSOVER(", "_xldudf_MLCOST_AMDAHLCEILING(", "MLCOST.STAGETABLE(", "MLCOST.DOMINANTHALF(", "SUM("],
      ...[")", ",", " ", "A1", "1", '"<&>"', "{1,2}", "T[[#This Row],[c]]", "<>", "&", "#N/A", "'a&b'!C3", "\r\n"],
    );
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 25 }),
        fc.constantFrom("lambda" as const, "plain" as const),
        (parts, mode) => {
          const formula = parts.join("");
          const cell = (text: string) => `<c r="A1"><f t="array" ref="A1">${encodeXmlText(text)}</f><v>1</v></c>`;
          const xml = `<worksheet ${SML}><sheetData><row>${cell(formula)}</row></sheetData></worksheet>`;
          let expected = formula;
          try {
            expected = portableFormula(formula, mode).formula;
          } catch (error) {
            if (!(error instanceof SyntaxError)) throw error;
          }
          const out = rewriteSheetFormulas(xml, (f) => portableFormula(f, mode));
          expect(out.text).toBe(xml.replace(cell(formula), cell(expected)));
          const raw = /<f[^>]*>([^<]*)<\/f>/.exec(out.text)![1];
          expect(decodeXmlText(raw)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a part that is not a SpreadsheetML worksheet is not edited", () => {
    const xml = '<worksheet xmlns="urn:other"><f>MLCOST.CROSSOVER(1,2)</f></worksheet>';
    const out = rewriteSheetFormulas(xml, lambda);
    expect(out.text).toBe(xml);
    expect(out.left[0].reason).toMatch(/not a SpreadsheetML worksheet/);
  });
});

describe("workbook.xml", () => {
  const book = (inner: string, root = "workbook", prefix = "") =>
    `<${prefix}${root} ${prefix ? `xmlns:${prefix.slice(0, -1)}` : "xmlns"}="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${inner}</${prefix}${root}>`;

  test("sheets, local and workbook names are read, names' formulas decoded", () => {
    const xml = book(
      '<sheets><sheet name="A &amp; B" sheetId="1" r:id="rId1"/><sheet name="C" sheetId="2" r:id="rId2"/></sheets>' +
        '<definedNames><definedName name="x" localSheetId="1">&apos;A &amp; B&apos;!$A$1</definedName>' +
        '<definedName name="e"/></definedNames>',
    );
    const part = readWorkbookPart(xml);
    expect(part.sheets).toEqual([
      { name: "A & B", relationshipId: "rId1", index: 0 },
      { name: "C", relationshipId: "rId2", index: 1 },
    ]);
    expect(part.names.map((n) => [n.name, n.localSheetId, n.formula])).toEqual([
      ["x", 1, "'A & B'!$A$1"],
      ["e", undefined, ""],
    ]);
  });

  test("names and calcPr go where CT_Workbook wants them, with the part's prefix", () => {
    const xml = book(
      '<x:sheets><x:sheet name="S" sheetId="1" r:id="rId1"/></x:sheets><x:externalReferences/><x:oleSize ref="A1"/>',
      "workbook",
      "x:",
    );
    const part = readWorkbookPart(xml);
    const out = editWorkbookPart(xml, part, {
      rewritten: [],
      added: [{ name: "T", formula: "1<2", comment: 'a "b"' }],
      fullCalcOnLoad: true,
    });
    expect(out).toContain(
      "<x:externalReferences/><x:definedNames>" +
        '<x:definedName name="T" comment="a &quot;b&quot;">1&lt;2</x:definedName>' +
        '</x:definedNames><x:calcPr fullCalcOnLoad="1"/><x:oleSize',
    );
  });

  test("an empty <definedNames/> is filled; calcPr's own fullCalcOnLoad is set to 1", () => {
    const xml = book(
      '<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets>' +
        "<definedNames/><calcPr fullCalcOnLoad='0' calcId=\"1\"/>",
    );
    const out = editWorkbookPart(xml, readWorkbookPart(xml), {
      rewritten: [],
      added: [{ name: "T", formula: "1", comment: "c" }],
      fullCalcOnLoad: true,
    });
    expect(out).toContain(
      '</sheets><definedNames><definedName name="T" comment="c">1</definedName></definedNames>' +
        '<calcPr fullCalcOnLoad="1" calcId="1"/>',
    );
  });
});

describe("the package's wiring", () => {
  test("relationship targets resolve against their source part", () => {
    expect(resolveTarget("xl/workbook.xml", "worksheets/sheet1.xml")).toBe("xl/worksheets/sheet1.xml");
    expect(resolveTarget("xl/workbook.xml", "../customXml/item1.xml")).toBe("customXml/item1.xml");
    expect(resolveTarget("xl/workbook.xml", "/xl/calcChain.xml")).toBe("xl/calcChain.xml");
    expect(resolveTarget("", "xl/workbook.xml")).toBe("xl/workbook.xml");
  });

  test("relationships are read with their spans; an override is found case-insensitively", () => {
    const rels =
      '<Relationships xmlns="x"><Relationship Id="a" Type="t/calcChain" Target="calcChain.xml"/></Relationships>';
    const [rel] = relationshipsOf(rels);
    expect(rel).toMatchObject({ id: "a", type: "t/calcChain", target: "calcChain.xml", external: false });
    expect(rels.slice(rel.start, rel.end)).toBe('<Relationship Id="a" Type="t/calcChain" Target="calcChain.xml"/>');
    const types = '<Types xmlns="y"><Override PartName="/XL/calcChain.xml" ContentType="c"/></Types>';
    expect(applySplices(types, [overrideRemoval(types, "xl/calcChain.xml")!])).toBe('<Types xmlns="y"></Types>');
  });
});

describe("the file form of a formula", () => {
  test("future functions get _xlfn., LAMBDA and LET names _xlpm., an optional parameter _xlop.", () => {
    expect(fileFormula("LAMBDA(x,[y],LET(z,x+1,IF(ISOMITTED(y),z,z+Y)))")).toBe(
      "_xlfn.LAMBDA(_xlpm.x,_xlop.y,_xlfn.LET(_xlpm.z,_xlpm.x+1,IF(_xlfn.ISOMITTED(_xlpm.y),_xlpm.z,_xlpm.z+_xlpm.Y)))",
    );
    // A cell reference or a name not declared by the formula keeps its spelling; strings are untouched.
    expect(fileFormula('LET(a,A1+Rate,a&"LET(a")')).toBe('_xlfn.LET(_xlpm.a,A1+Rate,_xlpm.a&"LET(a")');
  });

  test("every function a twin calls is classified: a future function, or one of ECMA-376's", () => {
    // ECMA-376 Part 1, 18.17.7: these are in the first edition and take no prefix (NA among them, for
    // APICROSSOVER's "no crossover").
    const ecma = ["IF", "ISNUMBER", "ISLOGICAL", "ISERROR", "MAX", "ROUND", "INT", "LOG10", "SQRT", "NA"];
    const called = new Set<string>();
    TWIN_SPECS.forEach((spec) =>
      tokenize(lambdaTwin(spec)).forEach((t) => t.kind === "function" && called.add(t.text.slice(0, -1).toUpperCase())),
    );
    called.forEach((name) =>
      expect({ name, known: FUTURE_FUNCTIONS.includes(name) || ecma.includes(name) }).toEqual({ name, known: true }),
    );
    expect(called).toEqual(new Set([...ecma, "LAMBDA", "LET", "ISOMITTED"]));
  });

  test("names already in the workbook: the twin itself is kept quietly, another name makes calls plain", () => {
    const crossover = twinDefinitions().find((t) => t.id === "CROSSOVER")!;
    const entry = (name: string, formula: string, localSheetId?: number) => ({
      name,
      formula,
      localSheetId,
      contentStart: 0,
      contentEnd: 0,
    });
    const plan = planTwinNames(
      [entry("crossover", ` ${crossover.formula.toLowerCase()} `), entry("Splitratio", "Sheet2!$A$1", 1)],
      [
        { name: "One", relationshipId: "rId1", index: 0 },
        { name: "Two", relationshipId: "rId2", index: 1 },
      ],
    );
    // Every twin but the one already there.
    expect(plan.added.map((n) => n.name)).toEqual(twinIdsWithout("CROSSOVER"));
    expect(plan.kept).toEqual([
      { name: "crossover", reason: "The workbook already has this twin." },
      { name: "Splitratio", reason: expect.stringContaining('The sheet "Two" has its own name Splitratio') },
    ]);
    expect([...plan.plainOn(0)]).toEqual([]);
    expect([...plan.plainOn(1)]).toEqual(["SPLITRATIO"]);
  });
});

describe("what a file is, from its first bytes", () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  test.each([
    [bytes(), /empty/],
    [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), /\.xls\)/],
    [bytes(0x7b, 0x5c, 0x72, 0x74, 0x66), /not a zip package|is not one/],
    [bytes(0x50, 0x4b), /is not one/],
  ])("%p", (input, message) => {
    expect(notAWorkbookReason(input)).toMatch(message);
  });
  test("a zip is let through to be unzipped", () => {
    expect(notAWorkbookReason(bytes(0x50, 0x4b, 3, 4, 0))).toBeUndefined();
  });
});
