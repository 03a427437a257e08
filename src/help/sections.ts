/*
 * One section per MLCOST function: its signature from FUNCTION_CATALOG, its words from the
 * JSDoc (through the functions.json the build generates from it), its example from the model.
 * The section's id is its helpUrl's anchor, so every "help on this function" link lands on it.
 */
import type { FunctionSpec } from "../functions";
import type { ExampleCall } from "./calls";
import { callsHtml, escapeHtml } from "./html";

/** The part of functions.json the page reads. */
export interface FunctionsMetadata {
  readonly functions: readonly FunctionMetadata[];
}

/** One function of functions.json. */
export interface FunctionMetadata {
  readonly id: string;
  readonly description: string;
  readonly helpUrl?: string;
  readonly parameters: readonly { readonly name: string; readonly description?: string }[];
}

/** The anchor a function's helpUrl points at: #crossover; its id in lower case if it has no helpUrl. */
export function anchorOf(entry: FunctionMetadata): string {
  const hash = entry.helpUrl ? new URL(entry.helpUrl).hash.slice(1) : "";
  return hash || entry.id.toLowerCase();
}

/** An argument as a signature shows it: optional ones in brackets. */
const argumentText = (argument: FunctionSpec["arguments"][number]): string =>
  argument.defaultValue === undefined ? argument.name : `[${argument.name}]`;

/** The function's entry in functions.json; throws when the JSDoc and the catalog disagree. */
export function metadataOf(spec: FunctionSpec, metadata: FunctionsMetadata): FunctionMetadata {
  const entry = metadata.functions.find((f) => f.id === spec.id);
  const names = (entry?.parameters ?? []).map((p) => p.name).join(", ");
  const expected = spec.arguments.map((a) => a.name).join(", ");
  if (!entry || names !== expected) {
    throw new Error(`functions.json lists ${spec.id}(${names}); the catalog has ${spec.id}(${expected}).`);
  }
  return entry;
}

/** The section of one function, headed by its signature as Excel shows it: optional arguments in brackets. */
export function functionSection(spec: FunctionSpec, entry: FunctionMetadata, examples: readonly ExampleCall[]): string {
  // A break opportunity after "(": a long signature wraps there and at each ", ", never inside a name.
  const params = escapeHtml(spec.arguments.map(argumentText).join(", "));
  const title = `MLCOST.${escapeHtml(spec.id)}(<wbr /><span class="params">${params}</span>)`;
  const argumentsList = spec.arguments.map((argument, i) => {
    const optional = argument.defaultValue === undefined ? "" : ` <span class="optional">optional</span>`;
    const description = escapeHtml(entry.parameters[i].description ?? "");
    return `<div><dt><code>${escapeHtml(argument.name)}</code>${optional}</dt><dd>${description}</dd></div>`;
  });
  const example = examples.length > 1 ? "Examples" : "Example";
  return [
    `<section id="${escapeHtml(anchorOf(entry))}" class="function">`,
    `<h2 class="signature">${title}</h2>`,
    `<p>${escapeHtml(entry.description)}</p>`,
    `<dl class="arguments">\n${argumentsList.join("\n")}\n</dl>`,
    `<h3>${example}</h3>`,
    callsHtml(examples),
    `<p class="to-top"><a href="#top">Back to top</a></p>`,
    `</section>`,
  ].join("\n");
}
