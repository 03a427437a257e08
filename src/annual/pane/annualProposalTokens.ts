/*
 * The service-time lever's proposal in tokens (issue 32): with "Tokens per request" chosen for today's serving time,
 * the proposed serving time per clip is given the same way, a request's proposed input and output tokens and the
 * fleet's proposed throughput, each blank for today's (tokens/model's PROPOSED_TOKEN_FIELDS). The proposed seconds
 * field then turns read-only and holds the proposed seconds' exact text (the double's shortest, which the form reads
 * back to the same number), or stays blank when no token is proposed: no change. The lever reads it unchanged, so
 * every figure is the one of those seconds typed. With "Seconds per clip" chosen, the seconds typed before come back.
 */
import {
  PROPOSED_TOKEN_FIELDS,
  proposedRequestSeconds,
  ProposedTokens,
  RequestTokenKey,
  TODAYS_TOKENS,
} from "../../tokens/model";
import type { SecondsControl } from "../../tokens/pane";
import { buildFieldsForm } from "../../core/pane/fieldsForm";
import { readFields, sentence } from "../../core/pane/formReading";
import { formatCount } from "../../core/pane/format";

/** What the annual view reads from the proposal's control. */
export interface ProposalTokens {
  /** the proposal's token inputs, by key (the chooser's keeper keeps their texts) */
  readonly inputs: ReadonlyMap<RequestTokenKey, HTMLInputElement>;
  /**
   * Before the form is read: with tokens chosen, puts the proposed seconds' text in the proposed seconds field, and
   * returns that field's message when the proposal cannot give them (undefined when it can, or seconds are typed).
   */
  apply(): string | undefined;
  /** the proposal as typed, for the sheet, when tokens are chosen and it gives its seconds */
  proposed(): ProposedTokens | undefined;
}

/** The proposal's fieldsets, headed as today's are, in the proposal's words. */
const PROPOSAL_GROUPS = [
  { group: "requests", heading: "The proposed request's tokens" },
  { group: "fleet", heading: "Your fleet's proposed throughput", note: "Blank: today's, as typed above." },
];

/** The field's message where the proposal's tokens are at fault. */
export const FIX_PROPOSED_TOKENS = "Fix the proposed tokens below: the proposed seconds come from them.";

/** Where the proposed seconds came from, in words under the field. */
function proposalWorking(used: number[], seconds: number): string {
  const [input, output, inputPerSecond, outputPerSecond] = used.map(formatCount);
  const sum = `${input} / ${inputPerSecond} + ${output} / ${outputPerSecond}`;
  return `From the proposed tokens below: ${sum} = ${seconds} s a request.`;
}

/**
 * Builds the proposal's token fields under `field`, the proposed seconds input (ids `annual-proposed-request-...`),
 * shown while `seconds`, today's control, has tokens chosen.
 */
export function proposalTokens(field: HTMLInputElement, seconds: SecondsControl): ProposalTokens {
  const row = field.closest(".field")!;
  const box = document.createElement("div");
  box.className = "request-tokens";
  box.id = "annual-proposed-tokens";
  box.hidden = true;
  row.after(box);
  const holder = document.createElement("form");
  const built = buildFieldsForm<RequestTokenKey, (typeof PROPOSED_TOKEN_FIELDS)[number]>(
    holder,
    PROPOSED_TOKEN_FIELDS,
    PROPOSAL_GROUPS,
    () => "",
    "annual-proposed-request-",
  );
  box.append(...Array.from(holder.children));
  const working = document.createElement("p");
  working.className = "hint";
  working.id = "annual-proposed-seconds-working";
  row.append(working);
  field.setAttribute("aria-describedby", `${field.getAttribute("aria-describedby") ?? ""} ${working.id}`.trim());
  let typedSeconds = field.value;
  let proposed: ProposedTokens | undefined;
  const show = (errors: Partial<Record<RequestTokenKey, string>>) => {
    for (const [key, input] of built.inputs) {
      const message = errors[key] ?? "";
      built.errors.get(key)!.textContent = message;
      input.setAttribute("aria-invalid", message ? "true" : "false");
    }
  };
  const apply = (): string | undefined => {
    const tokensChosen = seconds.source() === "tokens";
    if (tokensChosen && !field.readOnly) typedSeconds = field.value;
    if (!tokensChosen && field.readOnly) field.value = typedSeconds;
    box.hidden = !tokensChosen;
    field.readOnly = tokensChosen;
    proposed = undefined;
    working.textContent = "";
    if (!tokensChosen) return undefined;
    const today = seconds.tokens();
    for (const [key, hint] of built.hints) {
      hint.textContent = today ? `Blank = ${TODAYS_TOKENS}: ${formatCount(today[key])}` : `Blank = ${TODAYS_TOKENS}`;
    }
    const texts: Partial<Record<RequestTokenKey, string>> = {};
    for (const [key, input] of built.inputs) texts[key] = input.value;
    const { values, errors } = readFields(PROPOSED_TOKEN_FIELDS, texts);
    field.value = "";
    if (Object.keys(errors).length > 0 || !today) {
      show(errors);
      return Object.keys(errors).length > 0 ? FIX_PROPOSED_TOKENS : undefined;
    }
    const typed = values as ProposedTokens;
    const found = proposedRequestSeconds(today, typed);
    if ("problems" in found) {
      const messages: Partial<Record<RequestTokenKey, string>> = {};
      for (const { key, problem } of found.problems) messages[key] ??= sentence(problem.message);
      show(messages);
      return FIX_PROPOSED_TOKENS;
    }
    show({});
    proposed = typed;
    if (found.seconds === undefined) {
      working.textContent = "No token proposed: no change.";
      return undefined;
    }
    // The double's shortest text, read back by the form to the very same number.
    field.value = String(found.seconds);
    const used = PROPOSED_TOKEN_FIELDS.map((f) => typed[f.key] ?? today[f.key]);
    working.textContent = proposalWorking(used, found.seconds);
    return undefined;
  };
  return { inputs: built.inputs, apply, proposed: () => proposed };
}
