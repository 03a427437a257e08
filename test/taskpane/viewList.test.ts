/*
 * The view list, as every layer reads it: each view has a tab (written into taskpane.html at build), a panel, its
 * stylesheets (in taskpane.css or its own, loaded with its chunk) and a chunk of its own folder; ids are unique.
 * And the hooks it wires: the bill's needs met from the budget's offers, never through the page.
 */
import { existsSync, readdirSync, readFileSync } from "fs";
import { join, resolve } from "path";
import { needsOf, VIEW_NEEDS, ViewLinks, VIEWS } from "../../src/taskpane/viewList";
import { TABS_MARKER, tabsHtml, withViewTabs } from "../../src/taskpane/viewTabs";
import { sourceImports } from "../architecture/sourceImports";

const ROOT = resolve(__dirname, "../..");
const TEMPLATE = readFileSync(join(ROOT, "src/taskpane/taskpane.html"), "utf8");
const webpackConfig = require("../../webpack.config.js");

/** The attributes of each <button role="tab"> in `html`, by attribute name. */
const tabsOf = (html: string): Record<string, string>[] =>
  [...html.matchAll(/<button ([^>]*role="tab"[^>]*)>([\s\S]*?)<\/button>/g)].map(([, attributes, label]) => ({
    ...Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
    label: label.replace(/<[^>]+>/g, "").trim(),
  }));

test("every view has a unique id of lower-case letters, and the first one shown is built with the first load", () => {
  const ids = VIEWS.map((view) => view.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[a-z]+$/);
  expect(VIEWS[0].load).toBe("first load");
});

test("every view has a tab: the template's marker becomes one button a view, the first selected", () => {
  expect(TEMPLATE).toContain(TABS_MARKER);
  expect(TEMPLATE).not.toMatch(/role="tab"/); // the template writes no tab of its own
  const tabs = tabsOf(withViewTabs(TEMPLATE, VIEWS));
  expect(tabs.map((tab) => tab.id)).toEqual(VIEWS.map((view) => `tab-${view.id}`));
  expect(tabs.map((tab) => tab.label)).toEqual(VIEWS.map((view) => view.label));
  tabs.forEach((tab, i) => {
    expect(tab).toMatchObject({ type: "button", "aria-controls": `view-${VIEWS[i].id}` });
    expect(tab["aria-selected"]).toBe(String(i === 0));
    expect(tab.tabindex).toBe(i === 0 ? undefined : "-1");
  });
  expect(() => withViewTabs("<html></html>", VIEWS)).toThrow(/no "<!-- the tabs/);
});

test("a tab's words reach the page as text, a hyphenated word on one line", () => {
  expect(tabsHtml([{ id: "x", label: "A <b> & What-if" }])).toContain(
    '>A &lt;b&gt; &amp; <span class="nowrap">What-if</span></button>',
  );
});

test("every panel the page writes is a view's, labelled by its tab", () => {
  const panels = [...TEMPLATE.matchAll(/<div id="view-(\w+)"([^>]*)>/g)];
  expect(panels.map(([, id]) => id).sort()).toEqual(VIEWS.map((view) => view.id).sort());
  for (const [, id, attributes] of panels) {
    expect(attributes).toContain('role="tabpanel"');
    expect(attributes).toContain(`aria-labelledby="tab-${id}"`);
  }
});

test("every view's stylesheets exist, and every pane stylesheet belongs to a view", () => {
  const listed = new Set(VIEWS.flatMap((view) => view.stylesheets));
  for (const file of listed) expect(existsSync(join(ROOT, file))).toBe(true);
  const paneSheets = readdirSync(join(ROOT, "src"))
    .filter((top) => existsSync(join(ROOT, "src", top, "pane")) && top !== "core")
    .flatMap((top) =>
      readdirSync(join(ROOT, "src", top, "pane"))
        .filter((name) => name.endsWith(".css"))
        .map((name) => `src/${top}/pane/${name}`),
    );
  expect(paneSheets.filter((file) => !listed.has(file))).toEqual([]);
  for (const view of VIEWS) expect(view.stylesheets.length).toBeGreaterThan(0);
});

test("the build's stylesheets are the list's: shared parts first, then each view's in order; own ones apart", () => {
  const sheets: Record<string, string[]> = webpackConfig.stylesheets(new Set());
  const base = ["src/core/pane/tokens.css", "src/taskpane/taskpane.css", "src/core/pane/pane.css"];
  expect(sheets["taskpane.css"]).toEqual([
    ...base,
    "src/stages/pane/stages.css",
    // the seconds-from-tokens control's (issue 32), listed by the stage view first, so once
    "src/tokens/pane/requestSeconds.css",
    // every other view brings its own stylesheet with its chunk: the first load carries only the first view's
  ]);
  for (const view of VIEWS) {
    if (view.ownStylesheet) expect(sheets[`${view.id}.css`]).toEqual(view.stylesheets);
    else for (const file of view.stylesheets) expect(sheets["taskpane.css"]).toContain(file);
  }
});

test("every view has a chunk of its own folder: eager for the first load, a named lazy chunk otherwise", () => {
  // each declaration, src/<capability>/pane/*Tab.ts, by the id it declares
  const declarations = new Map(
    readdirSync(join(ROOT, "src"))
      .filter((top) => existsSync(join(ROOT, "src", top, "pane")))
      .flatMap((top) =>
        readdirSync(join(ROOT, "src", top, "pane"))
          .filter((name) => name.endsWith("Tab.ts"))
          .map((name) => join(ROOT, "src", top, "pane", name)),
      )
      .map((file) => [readFileSync(file, "utf8").match(/^\s+id: "(\w+)",$/m)?.[1], file]),
  );
  expect([...declarations.keys()].sort()).toEqual(VIEWS.map((view) => view.id).sort());
  for (const view of VIEWS) {
    const tabFile = declarations.get(view.id)!;
    const text = readFileSync(tabFile, "utf8");
    const dynamic = text.match(/import\(\/\* (webpack\w+): "([\w-]+)" \*\/ "\.\/(\w+)"\)/);
    expect(dynamic).not.toBeNull();
    const [, kind, name, module] = dynamic!;
    if (view.load === "first load") expect([kind, name]).toEqual(["webpackMode", "eager"]);
    else expect([kind, name]).toEqual(["webpackChunkName", `${view.id}-view`]);
    const chunk = join(tabFile, "..", `${module}.ts`);
    expect(readFileSync(chunk, "utf8")).toMatch(/^export function mount\(/m);
    expect(sourceImports(tabFile).filter((i) => !i.typeOnly && i.specifier?.startsWith("./"))).toHaveLength(1);
    expect(typeof view.chunk).toBe("function");
  }
});

describe("the hooks: views talk through the list's wiring, never through the page", () => {
  const fakeLinks = (budget: { plan: () => unknown; takeInputs: (texts: object) => void } | undefined) => {
    const shown: string[] = [];
    const links = {
      built: (id: string) => (id === "budget" ? budget : undefined),
      show: async (id: string) => {
        shown.push(id);
        return budget;
      },
    } as unknown as ViewLinks;
    return { links, shown };
  };

  test("the bill reads the budget's plan if the budget is built, and nothing before", () => {
    const plan = { horizonMonths: 12 };
    expect(needsOf("bill", fakeLinks({ plan: () => plan, takeInputs: () => undefined }).links).budgetPlan()).toBe(plan);
    expect(needsOf("bill", fakeLinks(undefined).links).budgetPlan()).toBeUndefined();
  });

  test("the bill's 'use in budget' shows the budget, then hands it the inputs", async () => {
    const taken: object[] = [];
    const { links, shown } = fakeLinks({ plan: () => undefined, takeInputs: (texts) => taken.push(texts) });
    VIEW_NEEDS.bill(links).useInBudget({ months: "24" });
    expect(shown).toEqual(["budget"]);
    await Promise.resolve();
    await Promise.resolve();
    expect(taken).toEqual([{ months: "24" }]);
  });

  test("a view that needs nothing is given nothing", () => {
    expect(needsOf("stages", fakeLinks(undefined).links)).toBeUndefined();
  });
});
