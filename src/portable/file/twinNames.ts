/*
 * The LAMBDA twins as workbook defined names, for a conversion to mode "lambda": which names to
 * add, which the workbook already has, and where calls must become plain arithmetic instead.
 * A name the workbook already has is never overwritten. When it is not the twin itself, a call
 * rewritten to CROSSOVER(...) would call the user's name, so formulas that call that function
 * are written as plain arithmetic, which needs no name (on every sheet for a workbook-scope name,
 * on its own sheet for a sheet-scope one, which hides the workbook's name there).
 */
import { fileFormula } from "../formula/fileFormula";
import { lambdaTwin, TWIN_SPECS } from "../formula/twins";
import type { DefinedNameEntry, NewName, SheetEntry } from "./workbookXml";

/** A twin that was not added, and why. */
export interface NameKept {
  name: string;
  reason: string;
}

/** The twins to add, those kept out, and the functions each sheet must get as plain arithmetic. */
export interface TwinNamesPlan {
  added: NewName[];
  kept: NameKept[];
  /** ids whose calls become plain arithmetic on sheet `index` (undefined: in workbook-scope names) */
  plainOn(index: number | undefined): ReadonlySet<string>;
}

/** Every twin as the file stores a defined name: id and formula (without "="). */
export function twinDefinitions(): { id: string; formula: string }[] {
  return TWIN_SPECS.map((spec) => ({ id: spec.id, formula: fileFormula(lambdaTwin(spec)) }));
}

const sameFormula = (a: string, b: string) =>
  a.replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

/** What to add to a workbook whose defined names and sheets are given. */
export function planTwinNames(names: readonly DefinedNameEntry[], sheets: readonly SheetEntry[]): TwinNamesPlan {
  const added: NewName[] = [];
  const kept: NameKept[] = [];
  const everywhere = new Set<string>();
  const bySheet = new Map<number, Set<string>>();
  for (const { id, formula } of twinDefinitions()) {
    const clashes = names.filter((n) => n.name.toUpperCase() === id && !sameFormula(n.formula, formula));
    const own = names.find((n) => n.name.toUpperCase() === id && n.localSheetId === undefined);
    if (!own)
      added.push({ name: id, formula, comment: `Workbook twin of MLCOST.${id}: its result without the add-in.` });
    else if (clashes.indexOf(own) < 0) kept.push({ name: own.name, reason: "The workbook already has this twin." });
    for (const clash of clashes) {
      const sheet = clash.localSheetId === undefined ? undefined : sheets[clash.localSheetId];
      if (clash.localSheetId === undefined) everywhere.add(id);
      else bySheet.set(clash.localSheetId, (bySheet.get(clash.localSheetId) || new Set<string>()).add(id));
      const scope = sheet
        ? `The sheet "${sheet.name}" has its own name ${clash.name}`
        : `The workbook has its own name ${clash.name}`;
      const where = sheet ? " on that sheet" : "";
      kept.push({
        name: clash.name,
        reason: `${scope}, which was kept; calls to MLCOST.${id}${where} became plain arithmetic.`,
      });
    }
  }
  const plainOn = (index: number | undefined) => {
    const ids = new Set<string>(everywhere);
    if (index !== undefined) (bySheet.get(index) || new Set<string>()).forEach((id) => ids.add(id));
    return ids;
  };
  return { added, kept, plainOn };
}
