/*
 * The action bar of a view (stage, annual, what-if): its status line and its buttons for where the pane runs.
 * An action runs with every button of its view off and "Working..." in the status line; the sentence it returns
 * becomes the status, and what it throws becomes the failure sentence. Elements come in as arguments, so the views
 * keep their own ids and a test can hand in stand-ins.
 */

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
