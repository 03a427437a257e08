/*
 * The shape of the house, read from the sources by path (README, "Layout"). src/ holds a shared core/ and one
 * folder a capability; a capability's model/, sheet/ and pane/ are its layers, and imports run one way:
 * model <- sheet <- pane <- the pane's bootstrap (taskpane/). Type-only imports count: they are dependencies to
 * a reader too.
 */
import { readdirSync, readFileSync, statSync } from "fs";
import { dirname, join, relative, resolve } from "path";

const SRC = resolve(__dirname, "../../src");

/** The capabilities, each a folder of src/; `core` is what they share, `taskpane` the pane's bootstrap. */
const CAPABILITIES = ["stages", "annual", "whatIf", "sensitivity", "portable", "functions", "help"];
/** Capabilities whose panes other views build on: the sensitivity section both the annual and what-if tabs show. */
const SHARED_PANES = ["sensitivity"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith(".ts") ? [full] : [];
  });
}

interface Import {
  target: string;
  typeOnly: boolean;
}

/** Each source file's imports of other source files (relative specifiers, webpack queries dropped). */
function importGraph(): Map<string, Import[]> {
  const graph = new Map<string, Import[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    const found = [
      ...text.matchAll(
        /(import type|export type)?[^;"']*?(?:from|import\(|require\()\s*["'](\.[^"'?]+)(?:\?[^"']*)?["']/g,
      ),
    ];
    const imports = found.map((m) => {
      const base = resolve(dirname(file), m[2]);
      for (const candidate of [`${base}.ts`, join(base, "index.ts")]) {
        try {
          if (statSync(candidate).isFile()) return { target: candidate, typeOnly: m[1] !== undefined };
        } catch {
          // not this one
        }
      }
      throw new Error(`${relative(SRC, file)} imports ${m[2]}, which is not a source file`);
    });
    graph.set(file, imports);
  }
  return graph;
}

const graph = importGraph();
const path = (file: string) => relative(SRC, file);
/** The top folder (capability, core or taskpane) and the layer folder beneath it ("model", "sheet", ...). */
const place = (file: string) => {
  const [top, layer] = path(file).split("/");
  return { top, layer };
};
/** Every import as "from -> to", for readable failures. */
const edges = [...graph].flatMap(([file, imports]) => imports.map((i) => ({ from: file, ...i })));
const show = (list: { from: string; target: string }[]) => list.map((e) => `${path(e.from)} -> ${path(e.target)}`);

/** A file's code without its comments, which may well speak of Excel. */
const codeOf = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");

/** Whether a file is an Office.js or .xlsx writer: the one kind of sheet module that may touch a host. */
const isWriter = (file: string) =>
  place(file).top === "core" ? place(file).layer === "writers" : /\/sheet\/(insert\w*|\w*Xlsx)\.ts$/.test(file);

test("src/ holds core, the pane's bootstrap and the capabilities, and no folder holds more than 12 files", () => {
  const tops = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
  expect(tops.sort()).toEqual(["core", "taskpane", ...CAPABILITIES].sort());
  const crowded: string[] = [];
  const count = (dir: string) => {
    const names = readdirSync(dir);
    if (names.filter((n) => statSync(join(dir, n)).isFile()).length > 12) crowded.push(path(dir));
    for (const n of names) if (statSync(join(dir, n)).isDirectory()) count(join(dir, n));
  };
  count(SRC);
  expect(crowded).toEqual([]);
});

test("no module imports itself through others", () => {
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      circles.push([...trail.slice(trail.indexOf(file)), file].map(path).join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next.target, [...trail, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});

test("every model imports only models, and speaks no Office, Excel or DOM", () => {
  const models = [...graph.keys()].filter((file) => place(file).layer === "model");
  expect(models.length).toBeGreaterThan(10);
  expect(show(edges.filter((e) => models.includes(e.from) && place(e.target).layer !== "model"))).toEqual([]);
  for (const file of models) {
    const code = codeOf(file);
    expect({ file: path(file), host: /\b(Office|Excel|CustomFunctions|document|window)\./.test(code) }).toEqual({
      file: path(file),
      host: false,
    });
    expect({ file: path(file), excelError: /#(VALUE|DIV\/0|NUM|N\/A)/.test(code) }).toEqual({
      file: path(file),
      excelError: false,
    });
    expect(code).not.toMatch(/minif/i);
  }
});

test("every sheet layout is pure: no Office, Excel, DOM or file library, and no writer but its types", () => {
  const layouts = [...graph.keys()].filter((file) => place(file).layer === "sheet" && !isWriter(file));
  expect(layouts.length).toBeGreaterThan(10);
  for (const file of layouts) {
    const code = codeOf(file);
    expect({ file: path(file), host: /\b(Office|Excel|document|window)\.|from "(exceljs|jszip)"/.test(code) }).toEqual({
      file: path(file),
      host: false,
    });
  }
  const intoWriters = edges.filter((e) => layouts.includes(e.from) && isWriter(e.target) && !e.typeOnly);
  expect(show(intoWriters)).toEqual([]);
});

test("the functions reach only models, the Excel-formula helpers and themselves", () => {
  const out = edges.filter(
    (e) =>
      place(e.from).top === "functions" &&
      place(e.target).top !== "functions" &&
      place(e.target).layer !== "model" &&
      !(place(e.target).top === "core" && place(e.target).layer === "excel"),
  );
  expect(show(out)).toEqual([]);
});

test("no model, sheet or writer imports a pane, and nothing imports the pane's bootstrap", () => {
  const isPane = (file: string) => place(file).layer === "pane" || place(file).top === "taskpane";
  const below = edges.filter((e) => !isPane(e.from) && isPane(e.target));
  expect(show(below)).toEqual([]);
  expect(show(edges.filter((e) => place(e.target).top === "taskpane"))).toEqual([]);
});

test("no capability imports another's pane, but the shared sensitivity section", () => {
  const across = edges.filter((e) => {
    const from = place(e.from);
    const to = place(e.target);
    return (
      CAPABILITIES.includes(from.top) &&
      to.layer === "pane" &&
      CAPABILITIES.includes(to.top) &&
      to.top !== from.top &&
      !SHARED_PANES.includes(to.top)
    );
  });
  expect(show(across)).toEqual([]);
});

test("core imports no capability, but the workbook functions every Insert adds", () => {
  // core/writers/sheetWriter.ts adds the LAMBDA twins (portable) after every sheet an Insert writes.
  const out = edges.filter(
    (e) =>
      place(e.from).top === "core" &&
      place(e.target).top !== "core" &&
      !(place(e.from).layer === "writers" && place(e.target).top === "portable"),
  );
  expect(show(out)).toEqual([]);
});

test("a capability's layers run one way: model <- sheet <- pane", () => {
  const rank: Record<string, number> = { model: 0, formula: 0, file: 1, sheet: 1, excel: 2, pane: 3 };
  const upward = edges.filter((e) => {
    const from = place(e.from);
    const to = place(e.target);
    if (!CAPABILITIES.includes(from.top) || !CAPABILITIES.includes(to.top)) return false;
    if (!(from.layer in rank) || !(to.layer in rank)) return false;
    return rank[to.layer] > rank[from.layer];
  });
  expect(show(upward)).toEqual([]);
});
