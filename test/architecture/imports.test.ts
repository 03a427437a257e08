/*
 * The shape of the house, read from the sources by path (README, "Layout"). src/ holds a shared core/ and one
 * folder a capability; a capability's model/, sheet/ and pane/ are its layers, and imports run one way:
 * model <- sheet <- pane <- the pane's bootstrap (taskpane/). Each layer folder that other capabilities use has a
 * face, its index.ts, which re-exports what they may use; an import from another capability goes through it, and
 * core/ imports no capability. Imports are read by TypeScript's parser
 * (sourceImports.ts): dynamic ones however commented, side-effect ones, require() and import types. Type-only
 * imports count for every rule but two, which say so: a layout may name a writer's types, and a package's types
 * bring no code.
 */
import { readdirSync, readFileSync, statSync } from "fs";
import { dirname, join, relative, resolve } from "path";
import { ImportedName, sourceImports } from "./sourceImports";

const SRC = resolve(__dirname, "../../src");

/** The capabilities, each a folder of src/; `core` is what they share, `taskpane` the pane's bootstrap. */
const CAPABILITIES = [
  "stages",
  "annual",
  "whatIf",
  "sensitivity",
  "portable",
  "functions",
  "help",
  "budget",
  "bill",
  "estate",
  // Both ledgers (issue 30): its pane is a section the annual and what-if views mount.
  "ledgers",
  // Serving bought by the token (issue 32): an API against the team's own fleet.
  "tokens",
  // The commitment to buy (issue 31): the d-quantile of the bill's hourly serving demand; its pane is a section
  // the Bill view mounts.
  "commitments",
];
/** Capabilities without layers: their files sit in their folder, and their face is src/<capability>/index.ts. */
const FLAT = ["functions", "help"];
/**
 * Capabilities whose panes other views build on: the sensitivity section both the annual and what-if tabs show,
 * both ledgers' section, the commitment to buy (a section of the Bill view), and the "seconds per clip | tokens per
 * request" control (issue 32).
 */
const SHARED_PANES = ["sensitivity", "ledgers", "commitments", "tokens"];

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
  /** the names a named import takes (undefined: the whole module) */
  names?: readonly ImportedName[];
  /** whether the file re-exports them */
  reexport: boolean;
}

/** Packages a module may import, by kind: only the .xlsx writers and the file edit carry a file library. */
const FILE_LIBRARIES = ["exceljs", "jszip"];
/**
 * The bill's engine and its Parquet reader, for its engine layer only (bill/engine): 35 MB the pane loads when the
 * Bill view reads a file, never with a model, a sheet or the first load. A package's own files count as it.
 */
const ENGINE_LIBRARIES = ["@duckdb/duckdb-wasm", "apache-arrow", "hyparquet", "hyparquet-compressors", "fzstd"];
const engineLibrary = (name: string) => ENGINE_LIBRARIES.some((p) => name === p || name.startsWith(`${p}/`));

/** Every import of every source file: relative ones resolved to their file, packages by name, the rest refused. */
function readImports() {
  const graph = new Map<string, Import[]>();
  const packages: { from: string; name: string; line: number }[] = [];
  const computed: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const imports: Import[] = [];
    for (const { specifier, typeOnly, line, names, reexport } of sourceImports(file)) {
      if (specifier === undefined) {
        computed.push(`${relative(SRC, file)}:${line}`);
        continue;
      }
      if (!specifier.startsWith(".")) {
        if (!typeOnly) packages.push({ from: file, name: specifier, line });
        continue;
      }
      const base = resolve(dirname(file), specifier.split("?")[0]);
      const target = [`${base}.ts`, join(base, "index.ts")].find((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });
      if (!target) throw new Error(`${relative(SRC, file)} imports ${specifier}, which is not a source file`);
      imports.push({ target, typeOnly, names, reexport });
    }
    graph.set(file, imports);
  }
  return { graph, packages, computed };
}

const { graph, packages, computed } = readImports();
const path = (file: string) => relative(SRC, file);
/** The top folder (capability, core or taskpane) and the layer folder beneath it ("model", "sheet", ...). */
const place = (file: string) => {
  const [top, layer] = path(file).split("/");
  return { top, layer };
};
/** Every import as "from -> to", for readable failures. */
const edges = [...graph].flatMap(([file, imports]) => imports.map((i) => ({ from: file, ...i })));
type Edge = (typeof edges)[number];

/** Whether `file` is a capability's face: src/<capability>/<layer>/index.ts (src/<capability>/index.ts if flat). */
const isFace = (file: string) => {
  const parts = path(file).split("/");
  const depth = FLAT.includes(parts[0]) ? 2 : 3;
  return CAPABILITIES.includes(parts[0]) && parts.length === depth && parts[depth - 1] === "index.ts";
};

/**
 * An import through a face, as the files behind the names it takes: what webpack keeps of a face (the package is
 * "sideEffects": false, so a re-export nobody uses is dropped), and what a layout or a function really runs. A
 * name the face itself declares, or an import of the whole face, stays on the face.
 */
function behind(edge: Edge): Edge[] {
  if (!isFace(edge.target) || !edge.names) return [edge];
  const reexports = (graph.get(edge.target) ?? []).filter((i) => i.reexport && i.names);
  return edge.names.map((taken) => {
    const line = reexports.find((i) => i.names!.some((n) => n.as === taken.name));
    const typeOnly = edge.typeOnly || taken.typeOnly;
    if (!line) return { ...edge, names: [taken], typeOnly };
    const name = line.names!.find((n) => n.as === taken.name)!;
    return { ...edge, target: line.target, names: [taken], typeOnly: typeOnly || line.typeOnly || name.typeOnly };
  });
}
/** Every import, those through a face as the files behind it. */
const edgesBehind = edges.flatMap(behind);
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
    expect({
      file: path(file),
      host: /\b(Office|Excel|CustomFunctions|document|window|localStorage|sessionStorage|navigator)\.|\b(fetch|XMLHttpRequest)\(/.test(
        code,
      ),
    }).toEqual({
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
  // A face is neither: what runs through it is counted in its importers (behind).
  const layouts = [...graph.keys()].filter((file) => place(file).layer === "sheet" && !isWriter(file) && !isFace(file));
  expect(layouts.length).toBeGreaterThan(10);
  for (const file of layouts) {
    const code = codeOf(file);
    expect({ file: path(file), host: /\b(Office|Excel|document|window)\.|from "(exceljs|jszip)"/.test(code) }).toEqual({
      file: path(file),
      host: false,
    });
  }
  const intoWriters = edgesBehind.filter((e) => layouts.includes(e.from) && isWriter(e.target) && !e.typeOnly);
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
  // core/views (the view contract, the host, the tabs) is the pane's too
  const isPane = (file: string) =>
    place(file).layer === "pane" || path(file).startsWith("core/views/") || place(file).top === "taskpane";
  const below = edges.filter((e) => !isPane(e.from) && isPane(e.target));
  expect(show(below)).toEqual([]);
  // the bootstrap's own modules (the view list, the tabs' markup) serve it alone
  const intoBootstrap = edges.filter((e) => place(e.target).top === "taskpane" && place(e.from).top !== "taskpane");
  expect(show(intoBootstrap)).toEqual([]);
  expect(show(edges.filter((e) => path(e.target) === "taskpane/taskpane.ts"))).toEqual([]);
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

test("core imports no capability", () => {
  // The workbook functions every Insert and download adds (portable's twins) are handed to the writers.
  const out = edges.filter((e) => place(e.from).top === "core" && place(e.target).top !== "core");
  expect(show(out)).toEqual([]);
});

test("an import from another capability goes through that capability's face, never into a file behind it", () => {
  const faces = [...graph.keys()].filter(isFace);
  expect(faces.length).toBeGreaterThan(8);
  const intoFiles = edges.filter((e) => {
    const from = place(e.from).top;
    const to = place(e.target).top;
    return CAPABILITIES.includes(from) && CAPABILITIES.includes(to) && from !== to && !isFace(e.target);
  });
  expect(show(intoFiles)).toEqual([]);
});

test("a capability's layers run one way: model <- sheet <- pane", () => {
  const rank: Record<string, number> = { model: 0, formula: 0, file: 1, sheet: 1, excel: 2, engine: 2, pane: 3 };
  // A writer (insert*, *Xlsx) is where a sheet meets Office and the file: it may use what those layers offer (the
  // twins adders of portable/excel); nothing below a pane may use a writer but its types (the layout test).
  const rankOf = (file: string) =>
    isWriter(file) ? Math.max(rank.excel, rank[place(file).layer]) : rank[place(file).layer];
  const upward = edges.filter((e) => {
    const from = place(e.from);
    const to = place(e.target);
    if (!CAPABILITIES.includes(from.top) || !CAPABILITIES.includes(to.top)) return false;
    if (!(from.layer in rank) || !(to.layer in rank)) return false;
    return rank[to.layer] > rankOf(e.from);
  });
  expect(show(upward)).toEqual([]);
});

test("every import names its module as a literal, and a package only where its kind may use one", () => {
  expect(computed).toEqual([]);
  const mayUse = (file: string, name: string) =>
    (FILE_LIBRARIES.includes(name) &&
      (isWriter(file) || (place(file).top === "portable" && place(file).layer === "file"))) ||
    (engineLibrary(name) && place(file).top === "bill" && place(file).layer === "engine");
  const refused = packages.filter((p) => !mayUse(p.from, p.name)).map((p) => `${path(p.from)}:${p.line} ${p.name}`);
  expect(refused).toEqual([]);
});

test("every file sits in a layer of its capability (functions, help and the bootstrap have none)", () => {
  const flat = ["functions", "help", "taskpane"];
  const misplaced = [...graph.keys()].map(path).filter((file) => {
    const parts = file.split("/");
    return flat.includes(parts[0]) ? parts.length !== 2 : parts.length !== 3;
  });
  expect(misplaced).toEqual([]);
});

test("core/excel, the functions' only way past the models, reaches only the kernel", () => {
  const out = edges.filter(
    (e) =>
      place(e.from).top === "core" &&
      place(e.from).layer === "excel" &&
      !(place(e.target).top === "core" && ["model", "excel"].includes(place(e.target).layer)),
  );
  expect(show(out)).toEqual([]);
});

/** Every file `start` runs code from, through imports that bring code (type-only ones bring none). */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    const out = (graph.get(file) ?? []).flatMap((i) => behind({ from: file, ...i }));
    for (const { target, typeOnly } of out) {
      if (typeOnly || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

test("what a layout or a function runs is pure too, however far it reaches", () => {
  const isLayout = (file: string) => place(file).layer === "sheet" && !isWriter(file) && !isFace(file);
  const isPure = (file: string) =>
    place(file).layer === "model" || isLayout(file) || (place(file).top === "core" && place(file).layer === "excel");
  const impure: string[] = [];
  for (const file of graph.keys()) {
    const isFunction = place(file).top === "functions";
    if (!isLayout(file) && !isFunction) continue;
    for (const target of reachable(file)) {
      if (isPure(target) || (isFunction && place(target).top === "functions")) continue;
      impure.push(`${path(file)} runs ${path(target)}`);
    }
  }
  expect(impure).toEqual([]);
});

describe("the views, one list (src/taskpane/viewList.ts)", () => {
  const VIEW_LIST = join(SRC, "taskpane/viewList.ts");
  /** Each view's declaration, src/<capability>/pane/<name>Tab.ts, and the chunk it imports. */
  const tabs = [...graph.keys()].filter((file) => place(file).layer === "pane" && /Tab\.ts$/.test(file));
  const chunkOf = (tab: string) => graph.get(tab)!.filter((i) => !i.typeOnly && place(i.target).top === place(tab).top);

  test("every view is declared in its pane folder, with one chunk of its own folder", () => {
    expect(tabs.length).toBeGreaterThanOrEqual(6);
    for (const tab of tabs) {
      const chunks = chunkOf(tab).map((i) => i.target);
      expect({ tab: path(tab), chunks: chunks.length }).toEqual({ tab: path(tab), chunks: 1 });
      expect(dirname(chunks[0])).toBe(dirname(tab));
    }
  });

  test("nothing but a view's declaration imports its chunk, and nothing but the view list a declaration", () => {
    const chunks = new Set(tabs.flatMap((tab) => chunkOf(tab).map((i) => i.target)));
    const intoChunks = edges.filter((e) => chunks.has(e.target) && !e.typeOnly && !tabs.includes(e.from));
    expect(show(intoChunks)).toEqual([]);
    const intoTabs = edges.filter((e) => tabs.includes(e.target) && e.from !== VIEW_LIST);
    expect(show(intoTabs)).toEqual([]);
  });

  test("the bootstrap reaches the views only through the view list", () => {
    const out = edges.filter(
      (e) =>
        place(e.from).top === "taskpane" &&
        CAPABILITIES.includes(place(e.target).top) &&
        !(e.from === VIEW_LIST && tabs.includes(e.target)),
    );
    expect(show(out)).toEqual([]);
  });
});
