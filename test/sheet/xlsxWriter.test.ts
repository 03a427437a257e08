/*
 * The downloaded workbook keeps a planner's text as text: in the saved file, every text cell of
 * the layout (the currency and the cost header among them) is a shared string (t="s"), never a
 * formula, whatever the text looks like. Read from the file's XML with JSZip (ExcelJS's own zip
 * library) and back through ExcelJS's reader.
 */
import { ValueType, Workbook } from "exceljs";
import JSZip from "jszip";
import { EXAMPLE_PLAN, Plan } from "../../src/model";
import { isTextCell } from "../../src/sheet/grid";
import { columnLetter, sheetLayout } from "../../src/sheet/layout";
import { stageWorkbookBytes } from "../../src/sheet/xlsxWriter";

const HOSTILE = ["= =1+1", "100", "1/2", "TRUE", "#N/A", '=HYPERLINK("x")'];

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Each cell of the first sheet as the file holds it: its type attribute, formula and value. */
async function savedCells(bytes: ArrayBuffer) {
  const zip = await JSZip.loadAsync(bytes);
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  const shared = await zip.file("xl/sharedStrings.xml")!.async("string");
  const strings = [...shared.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join("")),
  );
  const cells = new Map<string, { type?: string; formula?: string; text?: string }>();
  for (const [, attributes, body] of sheet.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const address = /r="([A-Z]+\d+)"/.exec(attributes)![1];
    const type = /t="(\w+)"/.exec(attributes)?.[1];
    const formula = /<f>([\s\S]*?)<\/f>/.exec(body ?? "")?.[1];
    const value = /<v>([\s\S]*?)<\/v>/.exec(body ?? "")?.[1];
    cells.set(address, {
      type,
      formula,
      text: type === "s" && value !== undefined ? strings[Number(value)] : undefined,
    });
  }
  return cells;
}

test.each(HOSTILE)("the currency %p is saved as text, in its cell and in the cost header", async (currency) => {
  const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency };
  const layout = sheetLayout(plan);
  const bytes = await stageWorkbookBytes(plan);
  const cells = await savedCells(bytes);
  const texts = layout.rows.flatMap((row, r) =>
    row.flatMap((cell, c) => (isTextCell(cell) ? [{ address: `${columnLetter(c)}${r + 1}`, text: cell.value }] : [])),
  );
  const currencyCell = layout.names.find((n) => n.name === "Currency")!.address;
  expect(texts.map((t) => t.address)).toContain(currencyCell);
  expect(texts.map((t) => t.text)).toContain(`Cost (${texts.find((t) => t.address === currencyCell)!.text})`);
  for (const { address, text } of texts) expect(cells.get(address)).toEqual({ type: "s", text });

  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet("Cost stages")!;
  for (const { address, text } of texts) {
    expect(sheet.getCell(address).type).toBe(ValueType.String);
    expect(sheet.getCell(address).value).toBe(text);
  }
});
