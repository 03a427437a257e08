/*
 * The shape of the house, read from the sources: no import circles (type-only imports count,
 * they are circles to a reader too), and the model knows nothing of Office, Excel or the DOM.
 */
import { readdirSync, readFileSync, statSync } from "fs";
import { dirname, join, relative, resolve } from "path";

const SRC = resolve(__dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith(".ts") ? [full] : [];
  });
}

/** Each source file's imports of other source files (relative specifiers, queries dropped). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    const specifiers = [...text.matchAll(/(?:from|import|require\()\s*["'](\.[^"'?]+)(?:\?[^"']*)?["']/g)].map(
      (m) => m[1],
    );
    const targets = specifiers.map((s) => {
      const base = resolve(dirname(file), s);
      for (const candidate of [`${base}.ts`, join(base, "index.ts")]) {
        try {
          if (statSync(candidate).isFile()) return candidate;
        } catch {
          // not this one
        }
      }
      throw new Error(`${relative(SRC, file)} imports ${s}, which is not a source file`);
    });
    graph.set(file, targets);
  }
  return graph;
}

test("no module imports itself through others", () => {
  const graph = importGraph();
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});

test("src/model imports only src/model, and speaks no Office, Excel or DOM", () => {
  const graph = importGraph();
  const model = join(SRC, "model");
  for (const [file, targets] of graph) {
    if (!file.startsWith(model)) continue;
    for (const target of targets) expect(relative(model, target).startsWith("..")).toBe(false);
    const code = readFileSync(file, "utf8");
    expect(code).not.toMatch(/\b(Office|Excel|CustomFunctions|document|window)\./);
    expect(code).not.toMatch(/#(VALUE|DIV\/0|NUM|N\/A)/);
    expect(code).not.toMatch(/minif/i);
  }
});

test("the adapters do not reach past the model into each other's hosts", () => {
  const graph = importGraph();
  for (const [file, targets] of graph) {
    const layer = relative(SRC, file).split("/")[0];
    for (const target of targets) {
      const into = relative(SRC, target).split("/")[0];
      // The functions never load the pane or the writers; the sheet never loads the pane.
      if (layer === "functions") expect(["functions", "model"]).toContain(into);
      if (layer === "sheet") expect(into).not.toBe("taskpane");
    }
  }
});
