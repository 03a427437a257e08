/*
 * The "Serving time given as" chooser kept between sessions (issue 32): a view that built secondsControl keeps, per
 * document, its choice and the texts of its request's token fields (and of its proposal's, where the view has one)
 * in the host's settings store, as tokens/model's SERVING_TIME_STATE, a versioned record. Reopened, the view shows
 * the choice and the texts as left, and so the same seconds. A record that cannot be used, a store that refuses to
 * read, or a save that fails is said in a line under the chooser, and what is typed stays in the fields; a record a
 * newer MLCost saved is not written over.
 *
 * It works on the control's own elements, found by the ids secondsControl gives them (`<prefix>seconds-source`,
 * `<prefix>request-field-<key>`), and restores them as a planner would: the texts first, then the choice, told with
 * an input event, so the control and then the view's form update exactly as on a keystroke.
 */
import {
  readServingTimeState,
  REQUEST_TOKEN_KEYS,
  RequestTokenKey,
  RequestTokenTexts,
  SECONDS_SOURCES,
  ServingTimeState,
  servingTimeStateJson,
} from "../model";
import { isSettingsRefusal, readSetting, SettingsStore } from "../../core/host/settingsStore";
import type { PaneHost } from "../../core/views/paneHost";

/** How long after the last change the choice is kept. */
const SAVE_DELAY_MS = 400;

/** What a view tells the keeper. */
export interface ServingTimeKeeping {
  /** the settings key the view's record is kept under ("mlcost.stages.servingTime") */
  key: string;
  /** the id prefix the view gave secondsControl ("" or "annual-") */
  idPrefix: string;
  /** the proposal's token inputs, in a view whose lever takes its proposal in tokens too */
  proposed?: ReadonlyMap<RequestTokenKey, HTMLInputElement>;
}

/** The keeper, built with the view: the host's settings are read once the pane knows where it runs. */
export interface ServingTimeKeeper {
  /** Reads what was kept where the pane runs, restores it, and keeps every change from then on. */
  useHost(host: PaneHost): void;
}

/** The texts of `inputs` by key. */
function textsOf(inputs: ReadonlyMap<RequestTokenKey, HTMLInputElement>): RequestTokenTexts {
  const texts: RequestTokenTexts = {};
  for (const [key, input] of inputs) texts[key] = input.value;
  return texts;
}

/** Puts the kept `texts` in `inputs`; a field not kept keeps its text. */
function restoreTexts(inputs: ReadonlyMap<RequestTokenKey, HTMLInputElement>, texts: RequestTokenTexts): void {
  for (const [key, input] of inputs) {
    const text = texts[key];
    if (text !== undefined) input.value = text;
  }
}

/**
 * Keeps the chooser of `keeping.idPrefix` (built by secondsControl) under `keeping.key`. Call it after
 * secondsControl and before the view hears its first input; hand `useHost` the host when the view hears it.
 */
export function keepServingTime(keeping: ServingTimeKeeping): ServingTimeKeeper {
  const { idPrefix } = keeping;
  const select = document.getElementById(`${idPrefix}seconds-source`) as HTMLSelectElement;
  const today = new Map<RequestTokenKey, HTMLInputElement>();
  for (const key of REQUEST_TOKEN_KEYS) {
    today.set(key, document.getElementById(`${idPrefix}request-field-${key}`) as HTMLInputElement);
  }
  const line = document.createElement("p");
  line.className = "hint";
  line.id = `${idPrefix}seconds-kept`;
  line.setAttribute("aria-live", "polite");
  select.closest(".field")!.append(line);
  select.setAttribute("aria-describedby", line.id);
  let kept: { store: SettingsStore; where: string } | undefined;
  /** what must be said rather than "kept": a record not used, a refused read, a failed save */
  let trouble: string | undefined;
  /** a newer MLCost's record is there: it is not written over */
  let newer = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** while the kept record is put back: that is no change to keep */
  let restoring = false;
  const tell = () => {
    const tokens = select.value === "tokens";
    line.textContent = trouble ?? (kept && tokens ? `This choice and its tokens are kept ${kept.where}.` : "");
  };
  const stateNow = (): ServingTimeState => ({
    source: SECONDS_SOURCES.find((s) => s === select.value) ?? "seconds",
    tokens: textsOf(today),
    ...(keeping.proposed && { proposed: textsOf(keeping.proposed) }),
  });
  const save = () => {
    tell();
    if (!kept || newer || restoring) return;
    const { store } = kept;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void store.write(keeping.key, servingTimeStateJson(stateNow())).then((failure) => {
        trouble = failure;
        tell();
      });
    }, SAVE_DELAY_MS);
  };
  select.addEventListener("input", save);
  for (const input of [...today.values(), ...(keeping.proposed?.values() ?? [])]) input.addEventListener("input", save);
  return {
    useHost: (host) => {
      kept = { store: host.settings, where: host.keptWhere };
      const stored = readSetting(host.settings, keeping.key);
      const reading = isSettingsRefusal(stored)
        ? { message: `Your serving-time choice cannot be kept ${host.keptWhere}: ${stored.refused}` }
        : readServingTimeState(stored);
      trouble = reading.message;
      newer = "newer" in reading && reading.newer === true;
      const { state } = "state" in reading ? reading : { state: undefined };
      if (state) {
        restoreTexts(today, state.tokens);
        if (keeping.proposed && state.proposed) restoreTexts(keeping.proposed, state.proposed);
        select.value = state.source;
        // As a planner's choice: the control applies it, then the view's form reads it.
        restoring = true;
        select.dispatchEvent(new Event("input", { bubbles: true }));
        restoring = false;
      }
      tell();
    },
  };
}
