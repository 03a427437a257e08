/*
 * The annual sheet's proposed seconds per clip from a request's proposed tokens (issue 32): with today's seconds
 * from tokens, the proposal is four blue token inputs (blank = today's), each with its used value under it, and the
 * proposed seconds TOKENSECONDS' formula over those, named ProposedSecondsPerClip. The worked example's request
 * (cost-model.md, "Serving bought by the token": 1,500 / 200 tokens at 10,000 / 2,000 a second, 0.25 s) with its
 * output cut from 200 to 100 tokens saves what 0.2 s typed saves, recalculated in HyperFormula and IronCalc; every
 * token left blank is no change; an edit of a proposal cell in the sheet is followed, and emptying it undoes it.
 */
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualFigures } from "../../../src/annual/model/levers";
import { ANNUAL_BASE_NAMES, ANNUAL_SHEET_NAME, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import {
  EXAMPLE_REQUEST_TOKENS,
  proposedRequestSeconds,
  PROPOSED_TOKEN_FIELDS,
  REQUEST_TOKEN_KEYS,
} from "../../../src/tokens/model";
import { PROPOSED_SECONDS_UNIT, requestTokenNames, usedTokenLabel } from "../../../src/tokens/sheet";
import { isProblem } from "../../../src/core/model/problems";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { parseCell } from "../../../src/core/excel/a1";
import { unwrap } from "../../support/unwrap";
import { deepCheckFormulas, masterCheckAddress } from "../../support/checkEdits";
import { ENGINE_START_MS, LIBREOFFICE_MS } from "../../support/deadlines";
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";

const tokens = EXAMPLE_REQUEST_TOKENS;
/** Today's seconds from the example's tokens, 0.25 s; the proposal's from 100 output tokens, 0.2 s. */
const today = { ...EXAMPLE_ANNUAL_PLAN, secondsPerClip: 0.25, secondsPerClipProposed: undefined };
const proposedTokens = { outputTokens: 100 };
const proposedSeconds = 0.2;

type Layout = ReturnType<typeof unwrap<Exclude<ReturnType<typeof annualSheetLayout>, { kind: string }>>>;

const nameAt = (layout: Layout, name: string) => layout.names.find((n) => n.name === name)!.address;

/** The row (1-based) whose first cell is `label`, and its value cell (column C). */
function labelledRow(layout: Layout, label: string) {
  const r = layout.rows.findIndex((row) => row[0]?.value === label);
  expect(r).toBeGreaterThanOrEqual(0);
  return { row: r + 1, address: `C${r + 1}`, cell: layout.rows[r][2], unit: layout.rows[r][3]?.value };
}

/** Every cell of the levers table of `layout`, as `read` gives it. */
function leversTable(layout: Layout, read: (address: string) => unknown): unknown[][] {
  const [from, to] = layout.tables.levers.range.split(":").map((a) => parseCell(a)!);
  const cells: unknown[][] = [];
  for (let r = from.row; r <= to.row; r++) {
    const row: unknown[] = [];
    for (let c = from.column; c <= to.column; c++) row.push(read(`${String.fromCharCode(65 + c)}${r + 1}`));
    cells.push(row);
  }
  return cells;
}

describe("the proposal in tokens", () => {
  test("the model: 200 -> 100 output tokens is 0.2 s; nothing proposed is no change; a 0 throughput is said", () => {
    expect(proposedRequestSeconds(tokens, proposedTokens)).toEqual({ seconds: proposedSeconds });
    expect(proposedRequestSeconds(tokens, {})).toEqual({});
    const bad = proposedRequestSeconds(tokens, { outputTokensPerSecond: 0 });
    expect(bad).toEqual({
      problems: [
        {
          key: "outputTokensPerSecond",
          problem: expect.objectContaining({
            message: expect.stringMatching(/^Output tokens a second, proposed is 0, and the formula divides by it/),
          }),
        },
      ],
    });
  });

  const typed = unwrap(annualSheetLayout({ ...today, secondsPerClipProposed: proposedSeconds }));
  const layout = unwrap(
    annualSheetLayout({ ...today, secondsPerClipProposed: proposedSeconds }, "", { tokens, proposedTokens }),
  );

  test("four blue proposal inputs, blank = today's, each used value IF(ISBLANK()), the seconds TOKENSECONDS'", () => {
    const used = requestTokenNames("Proposed");
    const today = requestTokenNames("Serving");
    PROPOSED_TOKEN_FIELDS.forEach((field, i) => {
      const input = labelledRow(layout, field.label);
      expect(input.cell).toMatchObject({ role: "input" });
      expect(input.cell?.formula).toBeUndefined();
      expect(input.cell?.value).toBe(field.key === "outputTokens" ? 100 : undefined);
      expect(input.unit).toBe(`${field.unit} (blank = today's)`);
      expect(layout.validations.find((v) => v.address === input.address)?.field).toBe(REQUEST_TOKEN_KEYS[i]);
      const usedRow = labelledRow(layout, usedTokenLabel(field.label));
      expect(usedRow.row).toBe(input.row + 1);
      expect(usedRow.cell).toMatchObject({ formula: `IF(ISBLANK(${input.address}),${today[i]},${input.address})` });
      expect(nameAt(layout, used[i])).toBe(usedRow.address);
      expect(ANNUAL_BASE_NAMES).toContain(used[i]);
    });
    const seconds = labelledRow(layout, "Serving time per clip, proposed");
    expect(seconds.cell).toMatchObject({
      formula: "ProposedInputTokens/ProposedInputPerSecond+ProposedOutputTokens/ProposedOutputPerSecond",
      cached: proposedSeconds,
    });
    expect(seconds.unit).toBe(PROPOSED_SECONDS_UNIT);
    expect(nameAt(layout, "ProposedSecondsPerClip")).toBe(seconds.address);
  });

  test("HyperFormula: every cached value holds, and the levers table is the one of 0.2 s typed", () => {
    expect(isProblem(layout)).toBe(false);
    const a = layoutInHyperFormula(typed, ANNUAL_SHEET_NAME);
    const b = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(b.at(address)))).toEqual([]);
    const fromTokens = leversTable(layout, (address) => hyperFormulaValue(b.at(address)));
    expect(fromTokens).toEqual(leversTable(typed, (address) => hyperFormulaValue(a.at(address))));
    // The service-time lever saves what the model says 0.2 s saves, and something.
    const model = annualFigures({ ...today, secondsPerClipProposed: proposedSeconds });
    const lever = !isProblem(model) && model.levers.rows.find((row) => row.lever === "serviceTime")!;
    expect(lever && lever.hoursSavedPerYear).toBeGreaterThan(0);
    expect(fromTokens.flat()).toContain(lever && lever.hoursSavedPerYear);
  });

  test(
    "IronCalc: every cached value holds, and the levers table is the one of 0.2 s typed",
    () => {
      const a = layoutInIronCalc(typed, ANNUAL_SHEET_NAME);
      const b = layoutInIronCalc(layout, ANNUAL_SHEET_NAME);
      expect(cachedMismatches(layout, b)).toEqual([]);
      expect(leversTable(layout, b)).toEqual(leversTable(typed, a));
    },
    ENGINE_START_MS,
  );

  test("every proposal token blank: no change, the levers table of a blank proposal typed", () => {
    const blank = unwrap(annualSheetLayout(today, "", { tokens, proposedTokens: {} }));
    const blankTyped = unwrap(annualSheetLayout(today));
    const engine = layoutInHyperFormula(blank, ANNUAL_SHEET_NAME);
    expect(cachedMismatches(blank, (address) => hyperFormulaValue(engine.at(address)))).toEqual([]);
    expect(engine.at(nameAt(blank, "ProposedSecondsPerClip"))).toBe(0.25);
    const typedEngine = layoutInHyperFormula(blankTyped, ANNUAL_SHEET_NAME);
    expect(leversTable(blank, (address) => hyperFormulaValue(engine.at(address)))).toEqual(
      leversTable(blankTyped, (address) => hyperFormulaValue(typedEngine.at(address))),
    );
    for (const field of PROPOSED_TOKEN_FIELDS) expect(labelledRow(blank, field.label).cell?.value).toBeUndefined();
  });

  test("each token input has its bound check in the master check: a negative proposal or a 0 today fails it", () => {
    const master = masterCheckAddress(layout);
    expect(deepCheckFormulas(layout)).toEqual([]);
    const checkNames = layout.rows
      .flatMap((row) => row.map((cell) => cell?.value))
      .filter((v) => typeof v === "string");
    expect(checkNames).toContain("Proposed input tokens: 0 or more");
    expect(checkNames).toContain("Output tokens a second: more than 0");
    const cases: [string, number][] = [
      [labelledRow(layout, PROPOSED_TOKEN_FIELDS[0].label).address, -5],
      [labelledRow(layout, PROPOSED_TOKEN_FIELDS[3].label).address, 0],
      [nameAt(layout, "ServingInputPerSecond"), 0],
    ];
    for (const [address, value] of cases) {
      const engine = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
      expect(engine.at(master)).toBe("Check: OK");
      engine.set(address, value);
      expect([address, engine.at(master)]).not.toEqual([address, "Check: OK"]);
    }
  });

  test("a proposal token typed in the sheet moves the proposed seconds; emptied, it is today's again", () => {
    const engine = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
    const seconds = nameAt(layout, "ProposedSecondsPerClip");
    const input = labelledRow(layout, PROPOSED_TOKEN_FIELDS[0].label).address;
    engine.set(input, 3000);
    expect(engine.at(seconds)).toBeCloseTo(3000 / 10_000 + 100 / 2000, 12);
    engine.set(input, null);
    expect(engine.at(seconds)).toBe(proposedSeconds);
    engine.set(labelledRow(layout, PROPOSED_TOKEN_FIELDS[1].label).address, null);
    expect(engine.at(seconds)).toBe(0.25);
  });
});

const soffice = sofficePath();
if (!soffice)
  console.warn("LibreOffice is not installed: the proposal in tokens' LibreOffice recalculation is skipped.");

(soffice ? describe : describe.skip)("the download with a proposal in tokens, recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-proposed-tokens-"));
  const cases = [
    ["200 -> 100 output tokens", { ...today, secondsPerClipProposed: proposedSeconds }, proposedTokens],
    ["every proposal token blank", today, {}],
  ] as const;
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      cases.map(async ([, plan, proposed], i) =>
        saveBytes(unwrap(await annualWorkbookBytes(plan, {}, undefined, tokens, proposed)), folder, `case-${i}.xlsx`),
      ),
    );
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(cases.map(([name, plan, proposed], i) => [name, plan, proposed, i] as const))(
    "%s: every formula's result is the model's, the proposed seconds among them",
    async (_name, plan, proposed, i) => {
      const actual = await formulaResults(recalculated[i], ANNUAL_SHEET_NAME);
      const layout = unwrap(
        annualSheetLayout(plan, "", { chartNote: true, sensitivity: {}, tokens, proposedTokens: proposed }),
      );
      const wrong = formulaCells(layout).flatMap(({ address, cell }) =>
        sameResult(cell.cached, actual.get(address))
          ? []
          : [
              `${address} =${cell.formula}: ${JSON.stringify(actual.get(address))}, ` +
                `cached ${JSON.stringify(cell.cached)}`,
            ],
      );
      expect(wrong).toEqual([]);
      expect(actual.get(nameAt(layout, "ProposedSecondsPerClip"))).toBe(plan.secondsPerClipProposed ?? 0.25);
    },
    LIBREOFFICE_MS,
  );
});
