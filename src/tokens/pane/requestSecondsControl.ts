/*
 * The "seconds per clip | tokens per request" control (issue 32), for any view that asks for seconds per clip: a
 * chooser above the view's own seconds field and, under it, a request's tokens and the fleet's throughput
 * (TOKEN_FIELDS' rows, in the form framework's fieldsets). With tokens chosen, the seconds field turns read-only and
 * holds TOKENSECONDS' seconds as text the view reads back to the same double, with a line saying where they came
 * from; the view's reading and every figure are then unchanged (a request is a clip). The control hears its own
 * inputs before the view's form does (a listener on an element runs before one on its ancestor), so the view's
 * update always reads the seconds of the tokens just typed.
 *
 * A view adds it with a few lines (README, Recipes, "Seconds from tokens"): build it on its seconds input, pass
 * `explain` the seconds field's message, and hand `tokens()` to its sheet writers.
 */
import { buildFieldsForm } from "../../core/pane/fieldsForm";
import { startingText } from "../../core/pane/formReading";
import { formatCount } from "../../core/pane/format";
import {
  EXAMPLE_REQUEST_TOKENS,
  REQUEST_TOKEN_FIELDS,
  RequestTokenKey,
  RequestTokens,
  SECONDS_SOURCES,
  SecondsSource,
} from "../model";
import {
  explainSeconds,
  readRequestSeconds,
  RequestSecondsReading,
  secondsText,
  secondsWorking,
} from "./requestSecondsReading";

/** What a view reads from the control. */
export interface SecondsControl {
  /** how the seconds are given now */
  source(): SecondsSource;
  /** the tokens the seconds come from, when "tokens per request" is chosen and every token field is valid */
  tokens(): RequestTokens | undefined;
  /** the message the view's seconds field shows, given the view's own (the tokens' fault said as such) */
  explain(viewMessage: string): string;
}

/** The chooser's words for each source. */
const SOURCE_WORDS: Record<SecondsSource, string> = {
  seconds: "Seconds per clip",
  tokens: "Tokens per request",
};

/** The token fields' fieldsets, headed as the API-or-fleet view heads them. */
const TOKEN_GROUPS = [
  { group: "requests", heading: "A request's tokens" },
  {
    group: "fleet",
    heading: "Your fleet's throughput",
    note: "Tokens a second per accelerator, at the batch size run.",
  },
];

/** The chooser's row, a labelled <select> of SECONDS_SOURCES, placed before the seconds field's row. */
function sourceChooser(id: string): { row: HTMLDivElement; select: HTMLSelectElement } {
  const row = document.createElement("div");
  row.className = "field seconds-source";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = "Serving time given as";
  const select = document.createElement("select");
  select.id = id;
  for (const source of SECONDS_SOURCES) select.append(new Option(SOURCE_WORDS[source], source));
  row.append(label, select);
  return { row, select };
}

/** The token fields, built by the form framework apart (a form cannot nest in the view's) and moved into `box`. */
function tokenFields(box: HTMLElement, idPrefix: string) {
  const holder = document.createElement("form");
  const initial = (field: (typeof REQUEST_TOKEN_FIELDS)[number]) =>
    startingText(EXAMPLE_REQUEST_TOKENS[field.key], field.quantity);
  const built = buildFieldsForm<RequestTokenKey, (typeof REQUEST_TOKEN_FIELDS)[number]>(
    holder,
    REQUEST_TOKEN_FIELDS,
    TOKEN_GROUPS,
    initial,
    `${idPrefix}request-`,
  );
  box.append(...Array.from(holder.children));
  return built;
}

/**
 * Builds the control around the view's `seconds` input (ids prefixed `idPrefix`, as the view's form's: "" or
 * "annual-"); it starts on seconds per clip, the view as it was.
 */
export function secondsControl(seconds: HTMLInputElement, idPrefix: string): SecondsControl {
  const secondsRow = seconds.closest(".field")!;
  const { row, select } = sourceChooser(`${idPrefix}seconds-source`);
  secondsRow.before(row);
  const box = document.createElement("div");
  box.className = "request-tokens";
  box.id = `${idPrefix}request-tokens`;
  box.hidden = true;
  secondsRow.after(box);
  const built = tokenFields(box, idPrefix);
  const working = document.createElement("p");
  working.className = "hint";
  working.id = `${idPrefix}seconds-working`;
  secondsRow.append(working);
  seconds.setAttribute("aria-describedby", `${seconds.getAttribute("aria-describedby") ?? ""} ${working.id}`.trim());
  let typedSeconds = seconds.value;
  let reading: RequestSecondsReading = { errors: {} };
  const apply = () => {
    const tokensChosen = select.value === "tokens";
    if (tokensChosen && !seconds.readOnly) typedSeconds = seconds.value;
    if (!tokensChosen && seconds.readOnly) seconds.value = typedSeconds;
    box.hidden = !tokensChosen;
    seconds.readOnly = tokensChosen;
    if (!tokensChosen) {
      working.textContent = "";
      return;
    }
    const texts: Partial<Record<RequestTokenKey, string>> = {};
    for (const [key, input] of built.inputs) texts[key] = input.value;
    reading = readRequestSeconds(texts);
    for (const [key, input] of built.inputs) {
      const message = reading.errors[key] ?? "";
      built.errors.get(key)!.textContent = message;
      input.setAttribute("aria-invalid", message ? "true" : "false");
    }
    const { seconds: found, tokens } = reading;
    seconds.value = found === undefined ? "" : secondsText(found);
    working.textContent = found !== undefined && tokens ? secondsWorking(tokens, found, formatCount) : "";
  };
  select.addEventListener("input", apply);
  box.addEventListener("input", apply);
  return {
    source: () => (select.value === "tokens" ? "tokens" : "seconds"),
    tokens: () => (select.value === "tokens" ? reading.tokens : undefined),
    explain: (viewMessage) =>
      select.value === "tokens" ? explainSeconds(viewMessage, reading.tokens !== undefined) : viewMessage,
  };
}
