/*
 * The action bar of a view (stage, annual, what-if): its status line and its buttons for where the pane runs.
 * An action runs with every button of its view off and "Working..." in the status line; the sentence it returns
 * becomes the status, and what it throws becomes the failure sentence. Elements come in as arguments, so the views
 * keep their own ids and a test can hand in stand-ins. A view whose bar the page does not hold (estate, API or fleet)
 * makes its Insert and Download group with sheetActionBar.
 */
import { make } from "./dom";

/** Where the pane runs: inside Excel, or a plain browser (Office.js reports no host). */
export type PaneMode = "excel" | "browser";

/** A refusal that is a sentence of its own ("No what-if sheet in this workbook"): shown as it is, as an error. */
export class Refusal extends Error {}

/** One button of a view: the mode it is shown in, and its work, which gives the status sentence. */
export interface ViewAction {
  button: HTMLButtonElement;
  mode: PaneMode;
  /** false for an action that reads rather than writes (Read from sheet): it needs no valid input; true if unset */
  needsValid?: boolean;
  work: () => Promise<string>;
}

/** What a view's action bar is made of. */
export interface ViewActionsConfig {
  status: HTMLElement;
  actions: readonly ViewAction[];
  /** whether the view's input is valid now; an action that needs valid input is off while it is not */
  valid: () => boolean;
  /** the words before a failure's reason: "That did not work" gives "That did not work: <reason>" */
  failure: string;
}

/** A view's action bar, built. */
export interface ViewActions {
  /** Shows the buttons of `mode` (and hides the others); the pane calls it once Office.js has said. */
  setMode(mode: PaneMode): void;
  /** Enables each shown button while its input is valid and nothing runs; call after every change of input. */
  refresh(): void;
  /** Puts `text` in the status line, marked as an error when `isError`. */
  say(text: string, isError?: boolean): void;
}

/** The reason of a failure as words: an Error's message, anything else as text. */
const reasonOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * Builds a view's action bar over its status line and buttons: each button runs its work on click, one action at
 * a time. Before `setMode` every button stays hidden, as the page has them.
 */
export function viewActions(config: ViewActionsConfig): ViewActions {
  let mode: PaneMode | undefined;
  let busy = false;

  const say = (text: string, isError = false) => {
    config.status.textContent = text;
    config.status.classList.toggle("error", isError);
  };

  const refresh = () => {
    const valid = config.valid();
    for (const action of config.actions) {
      action.button.hidden = action.mode !== mode;
      action.button.disabled = busy || (action.needsValid !== false && !valid);
    }
  };

  const run = async (action: ViewAction) => {
    if (busy || (action.needsValid !== false && !config.valid())) return;
    busy = true;
    refresh();
    say("Working...");
    try {
      say(await action.work());
    } catch (failure) {
      say(failure instanceof Refusal ? failure.message : `${config.failure}: ${reasonOf(failure)}`, true);
    } finally {
      busy = false;
      refresh();
    }
  };

  for (const action of config.actions) action.button.addEventListener("click", () => void run(action));
  return {
    setMode(ready) {
      mode = ready;
      refresh();
    },
    refresh,
    say,
  };
}

/** A view's Insert and Download of its one sheet, for sheetActionBar. */
export interface SheetActionsConfig {
  /** the view's id: its group is #actions-<id>, its buttons #<id>-insert and #<id>-download, its status #<id>-status */
  id: string;
  /** the sheet in the buttons' words: "estate sheet" gives "Insert estate sheet", "Download estate sheet (.xlsx)" */
  sheet: string;
  insert: () => Promise<string>;
  download: () => Promise<string>;
  valid: () => boolean;
  /**
   * the section the group goes in, for a sheet of a section rather than of its view (the Bill view's commitment):
   * its group is then a "section-actions" row there, shown with the section; absent, the pane's pinned action bar
   */
  within?: HTMLElement;
}

/**
 * Makes a view's group in the pane's pinned action bar (#actions-<id>) rather than in taskpane.html, to keep the
 * first load small (core/views/tabs.ts shows and hides it with the view), or in the section `within` names, and
 * builds its actions: Insert inside Excel, Download in a browser, both hidden and off until setMode.
 */
export function sheetActionBar(config: SheetActionsConfig): ViewActions {
  const { id, sheet, within } = config;
  const group = make("div", { class: within ? "section-actions" : "action-inner", id: `actions-${id}` });
  const insert = make("button", { type: "button", id: `${id}-insert` }, `Insert ${sheet}`);
  const download = make("button", { type: "button", id: `${id}-download` }, `Download ${sheet} (.xlsx)`);
  const status = make("p", { id: `${id}-status`, class: "status", role: "status", "aria-live": "polite" });
  for (const button of [insert, download]) {
    button.hidden = true;
    button.disabled = true;
  }
  group.append(insert, download, status);
  (within ?? document.querySelector(".action-bar"))?.append(group);
  return viewActions({
    status,
    actions: [
      { button: insert, mode: "excel", work: config.insert },
      { button: download, mode: "browser", work: config.download },
    ],
    valid: config.valid,
    failure: "That did not work",
  });
}
