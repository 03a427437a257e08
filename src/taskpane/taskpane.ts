/*
 * The task pane's bootstrap: builds the first view, loads the others when their tab is first shown, and waits for
 * Office.js to say where the pane runs (Excel or a plain browser), then tells every view. Inside Excel the pane
 * takes Excel's Office theme. It holds no view of its own.
 */
import type { PaneMode } from "../core/pane/viewActions";
import { sayStillConnecting, setStageMode, setUpStageView, showStagePreview } from "../stages/pane/stagesPane";
import { setUpViews } from "../core/pane/views";
import { setUpExcelConversion } from "../portable/pane/portableExcel";
import { setPortableStatus, setUpFileConversion } from "../portable/pane/portableView";

let mode: PaneMode | undefined;
/** the annual view's module, once its tab has been shown */
let annualView: Promise<typeof import("../annual/pane/annualPane")> | undefined;
/** the what-if view's module, once its tab has been shown */
let whatIfView: Promise<typeof import("../whatIf/pane/whatIfPane")> | undefined;
/** the budget view's module, once its tab has been shown */
let budgetView: Promise<typeof import("../budget/pane/budgetPane")> | undefined;
/** the budget view's module once built, for the bill view: its plan, and the inputs the bill measured */
let budgetModule: typeof import("../budget/pane/budgetPane") | undefined;
/** the bill view's module, once its tab has been shown (its engine loads later still, with the first file) */
let billView: Promise<typeof import("../bill/pane/billPane")> | undefined;

/**
 * Excel when Office.onReady reports the Excel host, whenever it does: a cold Excel can take far longer than any
 * timeout would guess, and a guess that came too early would leave the pane in browser mode for good. A plain
 * browser when Office.js is absent (its script failed to load) or reports no host (it answers host null outside
 * Office), or when it fails to start at all: there is no Excel to write to then either.
 */
async function detectMode(): Promise<PaneMode> {
  if (typeof Office === "undefined" || typeof Office.onReady !== "function") return "browser";
  try {
    const info = await Office.onReady();
    return info?.host === Office.HostType.Excel ? "excel" : "browser";
  } catch {
    return "browser";
  }
}

const HEX_COLOUR = /^#([0-9a-f]{3}){1,2}$/i;

/** True for a colour a light text needs: perceived brightness under half (#262626 yes, #e6e6e6 no). */
function isDark(hex: string): boolean {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : hex.slice(1).match(/../g)!;
  const [r, g, b] = digits.map((pair) => parseInt(pair, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/**
 * Follows Excel's Office theme rather than the browser's: light or dark tokens by its body background, and its
 * body and control colours as they are. Office.context.officeTheme exists once onReady has answered, and Excel on
 * the web may leave it undefined: then the pane keeps prefers-color-scheme. Excel gives add-ins no event when the
 * theme changes, so it is read once.
 */
function applyOfficeTheme(): void {
  let theme: Office.OfficeTheme | undefined;
  try {
    theme = Office.context?.officeTheme;
  } catch {
    return; // a host that throws on the property has no theme for us either
  }
  if (!theme || !HEX_COLOUR.test(theme.bodyBackgroundColor ?? "")) return;
  const root = document.documentElement;
  root.dataset.theme = isDark(theme.bodyBackgroundColor) ? "dark" : "light";
  const colours: [string, string | undefined][] = [
    ["--body-bg", theme.bodyBackgroundColor],
    ["--body-fg", theme.bodyForegroundColor],
    ["--control-bg", theme.controlBackgroundColor],
    ["--control-fg", theme.controlForegroundColor],
  ];
  for (const [name, value] of colours) if (value && HEX_COLOUR.test(value)) root.style.setProperty(name, value);
}

/* How long before a pane still waiting for Excel says so; it keeps waiting all the same. */
const STILL_CONNECTING_MS = 10_000;

/** Resolves after the browser has had a chance to paint (a hidden page paints no frame: the timer answers). */
function nextFrame(): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, 50);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), done()), 0));
  });
}

/**
 * Adds the stylesheet at `href` to the page and resolves once it has loaded (or failed: the view is still built,
 * unstyled, rather than never), so a lazily loaded view is not drawn before its styles.
 */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => done());
    link.addEventListener("error", () => done());
    document.head.append(link);
  });
}

/** Builds the stage view and its live preview, then waits for Office.js to say where the pane runs. */
async function start(): Promise<void> {
  setUpStageView();
  // The annual, what-if and budget views are loaded and built when first shown: the stage view is what a planner sees
  // first.
  setUpViews((viewId) => {
    if (viewId === "view-annual" && !annualView) {
      annualView = import(/* webpackChunkName: "annual-view" */ "../annual/pane/annualPane").then((view) => {
        view.setUpAnnualView();
        if (mode) view.setAnnualMode(mode);
        return view;
      });
    }
    if (viewId === "view-whatif" && !whatIfView) {
      whatIfView = import(/* webpackChunkName: "whatif-view" */ "../whatIf/pane/whatIfPane").then((view) => {
        view.setUpWhatIfView();
        if (mode) view.setWhatIfMode(mode);
        return view;
      });
    }
    if (viewId === "view-budget" && !budgetView) {
      const styles = loadStylesheet("budget.css");
      const script = import(/* webpackChunkName: "budget-view" */ "../budget/pane/budgetPane");
      budgetView = Promise.all([script, styles]).then(([view]) => {
        view.setUpBudgetView();
        budgetModule = view;
        if (mode) view.setBudgetMode(mode);
        return view;
      });
    }
    if (viewId === "view-bill" && !billView) {
      const styles = loadStylesheet("bill.css");
      const script = import(/* webpackChunkName: "bill-view" */ "../bill/pane/billPane");
      billView = Promise.all([script, styles]).then(([view]) => {
        view.setUpBillView({
          // the Budget tab's plan, if the planner has opened it: the bill's download compares against it
          budgetPlan: () => budgetModule?.currentBudgetPlan(),
          useInBudget: (inputs) => {
            document.getElementById("tab-budget")?.click();
            void budgetView?.then((budget) => budget.applyBudgetInputs(inputs));
          },
        });
        if (mode) view.setBillMode(mode);
        return view;
      });
    }
  });
  setPortableStatus("Connecting to Excel…");
  performance.mark("pane-interactive");
  // The form paints first, the preview a frame later: the page's first number format costs 45-70 ms in a fresh
  // Chromium renderer (Intl loads its locale data on first use; measured), and a planner can start typing meanwhile.
  await nextFrame();
  showStagePreview();
  performance.mark("pane-preview");
  const slow = setTimeout(sayStillConnecting, STILL_CONNECTING_MS);
  mode = await detectMode();
  clearTimeout(slow);
  showMode(mode);
}

/** Tells every view where the pane runs, and marks the pane ready. */
function showMode(ready: PaneMode): void {
  setStageMode(ready);
  if (ready === "excel") applyOfficeTheme();
  if (annualView) void annualView.then((view) => view.setAnnualMode(ready));
  if (whatIfView) void whatIfView.then((view) => view.setWhatIfMode(ready));
  if (budgetView) void budgetView.then((view) => view.setBudgetMode(ready));
  if (billView) void billView.then((view) => view.setBillMode(ready));
  if (ready === "browser") setUpFileConversion();
  else setUpExcelConversion();
  document.body.dataset.ready = ready;
  performance.mark("pane-ready");
}

void start();
