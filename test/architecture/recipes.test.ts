/*
 * The README's recipes (Layout, "Recipes") held to the code. Each recipe names the registry a new entry goes in and
 * the files it touches; the code decides which files those must be. A file that names every entry of a registry (a
 * function id, a field's key, a lever's id, a role, a FOCUS column, a view's id) keeps a list of its own by hand, so
 * a new entry must be added there too: every such file must be in the recipe's list, and every file the list names
 * must exist. A recipe that forgets a site, or names a file that moved, fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import { join, relative, resolve } from "path";
import { FUNCTION_CATALOG } from "../../src/functions/catalog";
import { PLAN_FIELDS } from "../../src/stages/model/planFields";
import { BUDGET_FIELDS } from "../../src/budget/model/budgetFields";
import { ANNUAL_FIELDS } from "../../src/annual/model/annualFields";
import { LEVERS } from "../../src/annual/model/levers";
import { BILL_ROLES } from "../../src/bill/model/roles";
import { FOCUS_COLUMNS } from "../../src/bill/model/focusColumns";
import { VIEWS } from "../../src/taskpane/viewList";
import { STAGE_COLUMNS } from "../../src/stages/sheet/stageColumns";
import { LEDGER_FIELDS } from "../../src/ledgers/model/ledgerFields";

const ROOT = resolve(__dirname, "../..");

/** How an entry shows in code: a function id or a FOCUS column as a word; a key or id quoted, or as an object key. */
type Spelling = "word" | "key";

interface Recipe {
  /** the recipe's name, as the README's bullet starts: **A function** */
  name: string;
  /** the registry's entries as code spells them */
  entries: () => readonly string[];
  spelling: Spelling;
}

/** Every recipe the README gives, with the registry the code keeps for it. */
const RECIPES: readonly Recipe[] = [
  { name: "A function", entries: () => FUNCTION_CATALOG.map((f) => f.id), spelling: "word" },
  { name: "A plan field", entries: () => PLAN_FIELDS.map((f) => f.key), spelling: "key" },
  { name: "An annual input", entries: () => ANNUAL_FIELDS.map((f) => f.key), spelling: "key" },
  { name: "A budget field", entries: () => BUDGET_FIELDS.map((f) => f.key), spelling: "key" },
  { name: "A lever", entries: () => LEVERS.map((l) => l.id), spelling: "key" },
  { name: "A bill role", entries: () => BILL_ROLES, spelling: "key" },
  {
    name: "A FOCUS column",
    entries: () => [...new Set(FOCUS_COLUMNS.flatMap((c) => Object.values(c.names) as string[]))],
    spelling: "word",
  },
  { name: "A stage-table column", entries: () => STAGE_COLUMNS.map((c) => c.heading), spelling: "key" },
  { name: "A view", entries: () => VIEWS.map((v) => v.id), spelling: "key" },
  { name: "A ledger input", entries: () => LEDGER_FIELDS.map((f) => f.key), spelling: "key" },
];

/** The folders whose files can hold a hand-kept list: sources, tests, benchmarks, scripts. Fixtures are data. */
const SCANNED = ["src", "test", "bench", "scripts"];
const CODE = /\.(ts|js|mjs|json|html)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "fixtures" || name === "schemas" ? [] : filesUnder(full);
    return CODE.test(name) ? [full] : [];
  });
}

const scanned = SCANNED.flatMap((dir) => filesUnder(join(ROOT, dir))).map((file) => ({
  path: relative(ROOT, file),
  text: readFileSync(file, "utf8"),
}));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const spelled = (entry: string, spelling: Spelling) =>
  spelling === "word"
    ? new RegExp(`\\b${escaped(entry)}\\b`)
    : new RegExp(`["'\`]${escaped(entry)}["'\`]|\\b${escaped(entry)}\\??\\s*:`);

/** The files that name every entry of a registry: the sites a new entry must reach. */
function sitesOf(recipe: Recipe): string[] {
  const patterns = recipe.entries().map((entry) => spelled(entry, recipe.spelling));
  return scanned.filter(({ text }) => patterns.every((p) => p.test(text))).map((f) => f.path);
}

/** The README's recipes: each bullet's name and the files after its "Files:". */
function readmeRecipes(): Map<string, string[]> {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n### Recipes\n");
  if (start < 0) return new Map();
  const rest = readme.slice(start + 1);
  const end = rest.slice(1).search(/\n#{2,3} /);
  const section = end < 0 ? rest : rest.slice(0, end + 1);
  const recipes = new Map<string, string[]>();
  for (const bullet of section.split(/\n- (?=\*\*)/).slice(1)) {
    const name = /^\*\*([^*]+)\*\*/.exec(bullet)?.[1];
    const files = bullet.split(/Files:/)[1];
    if (name === undefined || files === undefined) continue;
    recipes.set(
      name,
      [...files.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    );
  }
  return recipes;
}

const readme = readmeRecipes();

test("the README gives exactly the recipes the code keeps registries for", () => {
  expect([...readme.keys()].sort()).toEqual(RECIPES.map((r) => r.name).sort());
});

describe.each(RECIPES.map((r) => [r.name, r] as const))("%s", (name, recipe) => {
  const files = readme.get(name) ?? [];

  test("every file the recipe lists exists", () => {
    expect(files.length).toBeGreaterThan(0);
    // A placeholder (`src/<capability>/pane/<name>Tab.ts`) stands for a kind of file: one such file must exist.
    const placeholder = (file: string) =>
      new RegExp(
        `^${file
          .split(/<[^>]+>/)
          .map(escaped)
          .join("[^/]+")}$`,
      );
    const missing = files.filter((file) =>
      /<[^>]+>/.test(file) ? !scanned.some(({ path }) => placeholder(file).test(path)) : !existsSync(join(ROOT, file)),
    );
    expect(missing).toEqual([]);
  });

  test("every file that keeps a list of the registry's entries is in the recipe", () => {
    // Each entry is named somewhere the scan reads (its registry, or a view's own declaration), or the scan is not
    // reading the code.
    const unseen = recipe
      .entries()
      .filter((entry) => !scanned.some(({ text }) => spelled(entry, recipe.spelling).test(text)));
    expect(unseen).toEqual([]);
    expect(sitesOf(recipe).filter((site) => !files.includes(site))).toEqual([]);
  });
});
