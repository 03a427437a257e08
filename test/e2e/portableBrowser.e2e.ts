/*
 * The portable view in a browser (no Excel): a planner picks or drops an .xlsx, chooses a mode, converts, and
 * gets the converted file as a download with a report; a bad file gets a message and no download. The plain
 * result is recalculated in LibreOffice to the custom functions' own results. Screenshots go to
 * test-artifacts/portable-*.png.
 */
import { Workbook } from "exceljs";
import { mkdirSync, readFileSync, writeFileSync } from "fs";
import JSZip from "jszip";
import { join } from "path";
import { Page } from "playwright-core";
import { customFunctions } from "../../src/functions/functions";
import { ExcelError } from "../support/customFunctionsGlobal";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { casesFixture, fullFixture, MODEL_SHEET, Shown } from "../portable/fixtures/workbooks";
import { ARTIFACTS, axeViolations, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

const BROWSER = { officeJs: "missing" as const };
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function customResult(id: string, args: unknown[]): Shown {
  const cell = customFunctions[id](...args.map((a) => [[a]]))[0][0];
  return cell instanceof ExcelError ? { error: cell.code } : (cell as Shown);
}

/** Opens the pane in a browser on its portable view, by keyboard from the first tab (the last tab). */
async function portableView(width = 350): Promise<Page> {
  const { page } = await openPane(harness, { ...BROWSER, viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "Cost stages" }).focus();
  // The arrow keys move between tabs; End goes to the last, this one.
  await page.keyboard.press("ArrowRight");
  expect(await page.getByRole("tab", { name: "Annual bill" }).getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("End");
  await page.getByRole("heading", { name: "Workbooks that work without the add-in" }).waitFor();
  expect(await page.getByRole("tab", { name: "Portable workbook" }).getAttribute("aria-selected")).toBe("true");
  expect(await page.locator("#view-stages").isHidden()).toBe(true);
  return page;
}

/** Picks `bytes` as the file `name`, converts in `mode`, and returns the download's bytes and the status. */
async function convert(page: Page, name: string, bytes: Uint8Array, mode: "Workbook functions" | "Plain arithmetic") {
  await page.setInputFiles("#portable-file", { name, mimeType: XLSX_TYPE, buffer: Buffer.from(bytes) });
  await page.getByLabel(mode).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Convert and download" }).click(),
  ]);
  const path = join(ARTIFACTS, download.suggestedFilename());
  await download.saveAs(path);
  await page.getByText(/^Downloaded /).waitFor();
  return { name: download.suggestedFilename(), path, bytes: readFileSync(path) };
}

const shown = (value: unknown): Shown => {
  const cell = value as { result?: unknown } | number | string | null;
  return (cell !== null && typeof cell === "object" ? (cell.result ?? 0) : cell) as Shown;
};
const same = (got: Shown, want: Shown) =>
  typeof want === "number"
    ? typeof got === "number" && Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want))
    : JSON.stringify(got) === JSON.stringify(want);

test("plain arithmetic: the downloaded file recalculates in LibreOffice to the custom functions' results", async () => {
  const page = await portableView();
  const { bytes, cases } = await casesFixture(customResult);
  const out = await convert(page, "cases.xlsx", bytes, "Plain arithmetic");
  expect(out.name).toBe("cases (portable).xlsx");
  await page.getByText("9 formulas (10 MLCOST calls) converted to plain arithmetic.").waitFor();
  const book = new Workbook();
  await book.xlsx.readFile(recalculateWithLibreOffice(out.path));
  const sheet = book.getWorksheet(MODEL_SHEET)!;
  const wrong = cases
    .map(({ cell, expected }) => ({ cell, got: shown(sheet.getCell(cell).value), expected }))
    .filter(({ got, expected }) => !same(got, expected));
  expect(wrong).toEqual([]);
  await wholePage(page, "portable-350-converted.png");
  await page.context().close();
});

test("workbook functions: a dropped file comes back with the twins, its chart and pivot intact", async () => {
  const page = await portableView();
  const input = await fullFixture();
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], "budget.xlsx", { type: "application/octet-stream" }));
    return dt;
  }, Array.from(input));
  await page.dispatchEvent("#drop-zone", "drop", { dataTransfer: transfer });
  await page.getByText("budget.xlsx (", { exact: false }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Convert and download" }).click(),
  ]);
  const out = readFileSync(await download.path());
  const before = await JSZip.loadAsync(input);
  const after = await JSZip.loadAsync(out);
  const workbookXml = await after.file("xl/workbook.xml")!.async("string");
  for (const twin of ["CROSSOVER", "SERVINGHOURS", "AMDAHLCEILING", "CLIPSPERINTERVAL", "SPLITRATIO", "DOMINANTHALF"])
    expect(workbookXml).toContain(`<definedName name="${twin}"`);
  for (const part of Object.keys(before.files).filter((p) => /chart|pivot|media/.test(p) && !before.files[p].dir))
    expect(await after.file(part)!.async("uint8array")).toEqual(await before.file(part)!.async("uint8array"));
  await page.getByRole("heading", { name: "Workbook functions added" }).waitFor();
  await page.getByText("Workbook functions need Excel for Microsoft 365").waitFor();
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await page.setViewportSize({ width: 320, height: 900 });
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth),
  ).toBe(0);
  await wholePage(page, "portable-320-report.png");
  await page.context().close();
});

test.each([
  ["empty.xlsx", new Uint8Array(0), "The file is empty (0 bytes)"],
  ["old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), "Excel 97-2003 workbook"],
  ["notes.xlsx", new TextEncoder().encode("just some text"), "is not an Excel workbook"],
])("a bad file (%s) gets a clear message and no download", async (name, bytes, message) => {
  const page = await portableView();
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.setInputFiles("#portable-file", { name, mimeType: XLSX_TYPE, buffer: Buffer.from(bytes) });
  await page.getByRole("button", { name: "Convert and download" }).click();
  const status = page.locator("#portable-status");
  await status.filter({ hasText: message }).waitFor();
  expect(await status.textContent()).toMatch(/Nothing was downloaded\.$/);
  expect(await status.getAttribute("class")).toContain("error");
  expect(downloads).toBe(0);
  await page.context().close();
});

test("the portable view passes axe and fits at 320 px before a file is chosen", async () => {
  const page = await portableView(320);
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth),
  ).toBe(0);
  await wholePage(page, "portable-320-start.png");
  writeFileSync(join(ARTIFACTS, "portable-status.txt"), (await page.locator("#portable-status").textContent()) || "");
  await page.context().close();
});
