/*
 * Where the pane runs, chosen once at the entry (as DuckDB-Wasm picks its runtime for the browser it finds) and
 * handed to every view: inside Excel, where a view writes into the workbook and keeps its state in the document's
 * settings, or a plain browser, where it downloads an .xlsx and keeps its state in local storage. A view asks the
 * host rather than asking "are we in Excel?" itself.
 */
import type { PaneMode } from "../pane/viewActions";
import { browserSettingsStore, officeSettingsStore, SettingsStore } from "../host/settingsStore";

/** The pane's host: inside Excel or a plain browser, with what differs between them. */
export interface PaneHost {
  /** "excel": the views' actions write into the workbook; "browser": they download an .xlsx */
  readonly mode: PaneMode;
  /** where a view's kept state lives, for a sentence: "with the workbook", "in this browser" */
  readonly keptWhere: string;
  /** the host's settings: the document's inside Excel, local storage in a browser */
  readonly settings: SettingsStore;
  /** Dresses the page in the host's theme, where it has one (Excel's Office theme); a browser keeps its own. */
  applyTheme(root: HTMLElement): void;
}

const HEX_COLOUR = /^#([0-9a-f]{3}){1,2}$/i;

/** True for a colour a light text needs: perceived brightness under half (#262626 yes, #e6e6e6 no). */
export function isDark(hex: string): boolean {
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
function applyOfficeTheme(root: HTMLElement): void {
  let theme: Office.OfficeTheme | undefined;
  try {
    theme = Office.context?.officeTheme;
  } catch {
    return; // a host that throws on the property has no theme for us either
  }
  if (!theme || !HEX_COLOUR.test(theme.bodyBackgroundColor ?? "")) return;
  root.dataset.theme = isDark(theme.bodyBackgroundColor) ? "dark" : "light";
  const colours: [string, string | undefined][] = [
    ["--body-bg", theme.bodyBackgroundColor],
    ["--body-fg", theme.bodyForegroundColor],
    ["--control-bg", theme.controlBackgroundColor],
    ["--control-fg", theme.controlForegroundColor],
  ];
  for (const [name, value] of colours) if (value && HEX_COLOUR.test(value)) root.style.setProperty(name, value);
}

/** The host inside Excel: the workbook, its document settings, its Office theme. */
export function excelHost(settings: SettingsStore = officeSettingsStore()): PaneHost {
  return { mode: "excel", keptWhere: "with the workbook", settings, applyTheme: applyOfficeTheme };
}

/** The host in a plain browser: downloads, local storage, the browser's own light or dark. */
export function browserHost(settings: SettingsStore = browserSettingsStore()): PaneHost {
  return { mode: "browser", keptWhere: "in this browser", settings, applyTheme: () => undefined };
}

/** What the entry asks Office.js: whether it reports the Excel host; undefined when its script did not load. */
export type AskOffice = (() => Promise<boolean>) | undefined;

/**
 * Chooses the host once: Excel when Office.onReady reports the Excel host, whenever it does (a cold Excel can take
 * far longer than any timeout would guess, and a guess that came too early would leave the pane in a browser's
 * mode for good); a plain browser when Office.js is absent, reports no host (it answers host null outside Office)
 * or fails to start at all: there is no Excel to write to then either.
 */
export async function choosePaneHost(
  inExcel: AskOffice = askOffice(),
  hosts: { excel: () => PaneHost; browser: () => PaneHost } = {
    excel: () => excelHost(),
    browser: () => browserHost(),
  },
): Promise<PaneHost> {
  if (!inExcel) return hosts.browser();
  try {
    return (await inExcel()) ? hosts.excel() : hosts.browser();
  } catch {
    return hosts.browser();
  }
}

/** Office.js's answer, where the page has Office.js: whether onReady names Excel as the host. */
function askOffice(): AskOffice {
  if (typeof Office === "undefined" || typeof Office.onReady !== "function") return undefined;
  return async () => (await Office.onReady())?.host === Office.HostType.Excel;
}
