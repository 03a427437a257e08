/*
 * The help page is built from the model, the catalog and the JSDoc: its figures are what the
 * model returns for the calls it shows, for the form's example plan and for any other, every
 * catalog function has a section at its help anchor, and dist/help.html is exactly this page.
 */
import { readFileSync } from "fs";
import { resolve } from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import {
  amdahlCeiling,
  clipsPerInterval,
  crossoverClips,
  servingHours,
  splitRatio,
} from "../../src/core/model/formulas";
import { dominantHalf } from "../../src/core/model/dominance";
import { EXAMPLE_PLAN } from "../../src/stages/model/plan";
import { isProblem } from "../../src/core/model/problems";
import { FUNCTION_CATALOG } from "../../src/functions/catalog";
import { EXCEL_ERROR_TEXT } from "../../src/core/excel/errorCodes";
import { formatFigure, formatShare, formulaNumber } from "../../src/help/format";
import { displayed, NUMBER_FORMAT, NumberKind } from "../../src/core/sheet/formats";
import { renderHelpPage } from "../../src/help/page";
import type { FunctionsMetadata } from "../../src/help/sections";
import type { ExamplePlan } from "../../src/help/workedExample";

const ROOT = resolve(__dirname, "../..");
const template = readFileSync(resolve(ROOT, "src/help/help.html"), "utf8");
let metadata: FunctionsMetadata;
beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata([resolve(ROOT, "src/functions/functions.ts")], true);
  metadata = JSON.parse(generated.metadataJson);
});

/** A plan unlike the example in every input the page reads: a monthly retrain, longer runs, less traffic. */
const OTHER_PLAN: ExamplePlan = {
  trainingHours: 1000,
  secondsPerClip: 0.05,
  intervalDays: 30,
  clipsPerSecond: 100,
  prototypeClips: 2000,
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };
/** What a reader sees of some markup: its text, entities decoded, spaces collapsed. */
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, " ")
    .trim();

/** The markup inside <section id="id">; throws when there is none. */
function section(page: string, id: string): string {
  const found = page.match(new RegExp(`<section id="${id}"[^>]*>([\\s\\S]*?)</section>`));
  if (!found) throw new Error(`no section #${id}`);
  return found[1];
}

/** Each call a piece of the page shows: its formula's text and the result's (a spill's cells, by spaces). */
function callsIn(html: string): { formula: string; result: string }[] {
  return [...html.matchAll(/<div class="call"><dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd><\/div>/g)].map((m) => {
    const cells = [...m[2].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1]));
    const result = m[2].match(/<span class="result">([\s\S]*?)<\/span>/);
    return { formula: text(m[1]), result: result ? text(result[1]) : cells.join(" ") };
  });
}

/** A model result as the page must show it: a figure, or a text in quotes. */
function shown(value: unknown): string {
  if (isProblem(value)) throw new Error(value.message);
  return typeof value === "number" ? formatFigure(value) : `"${value}"`;
}

const formula = (id: string, ...args: number[]) => `=MLCOST.${id}(${args.map(formulaNumber).join(", ")})`;

describe.each([
  ["the form's example plan", EXAMPLE_PLAN],
  ["another plan", OTHER_PLAN],
])("with %s", (_name, plan) => {
  let page: string;
  beforeAll(() => {
    page = renderHelpPage(template, metadata, plan);
  });

  test("the worked example shows the model's figures for the plan's calls", () => {
    const T = plan.trainingHours;
    const s = plan.secondsPerClip;
    const clips = clipsPerInterval(plan.clipsPerSecond, plan.intervalDays) as number;
    const trainingYear = Math.round(365 / plan.intervalDays) * T;
    const totalYear = trainingYear + Math.round(365 / plan.intervalDays) * (servingHours(clips, s) as number);
    const example = section(page, "worked-example");
    expect(callsIn(example)).toEqual([
      { formula: formula("CLIPSPERINTERVAL", plan.clipsPerSecond, plan.intervalDays), result: shown(clips) },
      { formula: formula("SERVINGHOURS", clips, s), result: shown(servingHours(clips, s)) },
      { formula: formula("SPLITRATIO", clips, s, T), result: shown(splitRatio(clips, s, T)) },
      { formula: formula("DOMINANTHALF", clips, s, T), result: shown(dominantHalf(clips, s, T)) },
      { formula: formula("CROSSOVER", T, s), result: shown(crossoverClips(T, s)) },
      {
        formula: formula("AMDAHLCEILING", trainingYear, totalYear),
        result: shown(amdahlCeiling(trainingYear, totalYear)),
      },
    ]);
    const words = text(example);
    expect(words).toContain(`training ${formatFigure(trainingYear)} hours`);
    expect(words).toContain(`${formatFigure(totalYear)} in all`);
    expect(words).toContain(`(${formatShare(amdahlCeiling(trainingYear, totalYear) as number)})`);
  });

  test("every catalog function has a section at its help anchor: signature, JSDoc words, its row's examples", () => {
    for (const spec of FUNCTION_CATALOG) {
      const entry = metadata.functions.find((f) => f.id === spec.id)!;
      const html = section(page, new URL(entry.helpUrl!).hash.slice(1));
      const names = spec.arguments.map((a) => (a.defaultValue === undefined ? a.name : `[${a.name}]`));
      expect(text(html.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)![1])).toBe(`MLCOST.${spec.id}(${names.join(", ")})`);
      expect(text(html)).toContain(entry.description);
      for (const parameter of entry.parameters) expect(text(html)).toContain(parameter.description);
      const calls = callsIn(html);
      // Each of the catalog row's examples, and nothing else.
      expect(calls.length).toBe(spec.examples.length);
      for (const call of calls) {
        const [, id, list] = call.formula.match(/^=MLCOST\.(\w+)\((.*)\)$/)!;
        const args = list.split(", ").map(Number);
        expect(id).toBe(spec.id);
        if (spec.kind === "table") {
          const [header, ...body] = spec.spill(...args);
          const cells = [header, ...body].map((row, r) =>
            row.map((cell, c) => (r === 0 ? String(cell) : spillFigure(cell, String(header[c])))).join(" "),
          );
          expect(call.result).toBe(cells.join(" "));
        } else {
          const [a, b, c, d, e, f] = spec.arguments.map((argument, i) => args[i] ?? argument.defaultValue);
          expect(call.result).toBe(shown(spec.formula(a!, b!, c!, d!, e!, f!)));
        }
      }
    }
  });

  test("every link inside the page lands on an id of the page", () => {
    for (const [, id] of page.matchAll(/href="#([^"]+)"/g)) expect(page).toContain(`id="${id}"`);
  });
});

/** A spilled cell as a table on the page shows it. */
const formatFigure_ = (cell: unknown): string => (typeof cell === "number" ? formatFigure(cell) : String(cell));

/** A spilled figure as the pane's stage table and the stage sheet show its column: the one number style. */
const SPILL_COLUMN_KINDS: Record<string, NumberKind> = {
  "Clips per interval": "clips",
  "Serving hours": "hours",
  "Training hours": "hours",
  "Total hours": "hours",
  "Serving / training": "ratio",
  "Training share": "share",
};
const spillFigure = (cell: unknown, heading: string): string =>
  typeof cell === "number" && SPILL_COLUMN_KINDS[heading]
    ? displayed(cell, NUMBER_FORMAT[SPILL_COLUMN_KINDS[heading]])
    : formatFigure_(cell);

test("the stage table's spill reads as the pane and the sheet: 99.99074% at the prototype, never a rounded 1", () => {
  const html = renderHelpPage(template, metadata);
  expect(html).toContain("<td>99.99074%</td>");
  expect(html).toContain("<td>2.7%</td>");
  expect(html).toContain("<td>0.0000926</td>");
  expect(html).not.toMatch(/9\.26E-?0?5/);
});

test("the example plan's page shows the figures of docs/cost-model.md", () => {
  const example = text(section(renderHelpPage(template, metadata), "worked-example"));
  for (const figure of ["1,944,000,000", "21,600", "36", '"serving, 36x"', "54,000,000", "0.027", "(2.7%)"])
    expect(example).toContain(figure);
  expect(example).toContain("=MLCOST.AMDAHLCEILING(2400, 88800)");
  expect(example).toContain("training 2,400 hours, serving 86,400, 88,800 in all");
});

test("the figures follow the plan: none of the example's is written into the page", () => {
  const other = text(renderHelpPage(template, metadata, OTHER_PLAN));
  for (const figure of ["1,944,000,000", "21,600", "54,000,000", "88,800", "=MLCOST.CROSSOVER(600, 0.04)"])
    expect(other).not.toContain(figure);
  expect(other).toContain(`${formatFigure(clipsPerInterval(100, 30) as number)} clips per month`);
  expect(other).toContain(`${formatFigure(crossoverClips(1000, 0.05) as number)} clips per month`);
});

test("the errors table has a row for each kind of model problem, in Excel's words", () => {
  const errors = section(renderHelpPage(template, metadata), "errors");
  const codes = [...errors.matchAll(/<th scope="row">([\s\S]*?)<\/th>/g)].map((m) => text(m[1]));
  for (const code of Object.values(EXCEL_ERROR_TEXT)) expect(codes).toContain(code);
});

test("the page keeps its policy, has no script or inline style, and leads back to the pane", () => {
  const page = renderHelpPage(template, metadata);
  const policy = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";
  expect(page.match(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/)?.[1]).toBe(policy);
  expect(page).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  // Nothing for ADDIN_ORIGIN to rewrite: every link is relative.
  expect(page).not.toContain("https://localhost:3000");
  expect(page.indexOf('href="taskpane.html"')).toBeLessThan(page.indexOf("<h1>"));
  expect(page).not.toContain("<!-- slot:");
});

test("a plan the example cannot show, or a catalog the JSDoc does not match, stops the build", () => {
  expect(() => renderHelpPage(template, metadata, { ...OTHER_PLAN, secondsPerClip: 0 })).toThrow(/dominant half/);
  const renamed = {
    functions: metadata.functions.map((f) =>
      f.id === "CROSSOVER" ? { ...f, parameters: [...f.parameters].reverse() } : f,
    ),
  };
  expect(() => renderHelpPage(template, renamed)).toThrow(/functions\.json lists CROSSOVER/);
  expect(() => renderHelpPage(template.replace("<!-- slot:errors -->", ""), metadata)).toThrow(/slot:errors/);
});

test("the built dist/help.html is this page, from the built functions.json", () => {
  const built = readFileSync(resolve(ROOT, "dist/help.html"), "utf8");
  const builtMetadata = JSON.parse(readFileSync(resolve(ROOT, "dist/functions.json"), "utf8"));
  const rendered = renderHelpPage(template, builtMetadata);
  // A production build minifies HTML (quotes, spaces, comments): compare what a reader gets.
  const words = (html: string) => text(html).replace(/\s+/g, "");
  const targets = (html: string) => [...html.matchAll(/\s(id|href)="?([^"\s>]+)/g)].map((m) => `${m[1]}=${m[2]}`);
  expect(words(built)).toBe(words(rendered));
  expect(targets(built)).toEqual(targets(rendered));
});

test("figures: separators from 1,000, three significant figures below, formulas as typed", () => {
  expect(formatFigure(1_944_000_000)).toBe("1,944,000,000");
  expect(formatFigure(21_600.000000000004)).toBe("21,600");
  expect(formatFigure((5000 * 0.04) / 3600)).toBe("0.0556");
  expect(formatFigure(10.85)).toBe("10.9");
  expect(formatFigure(999.96)).toBe("1,000");
  expect(formatShare(2400 / 88_800)).toBe("2.7%");
  expect(formulaNumber(1_944_000_000.0000002)).toBe("1944000000");
  expect(formulaNumber(0.04)).toBe("0.04");
});
