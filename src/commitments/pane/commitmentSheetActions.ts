/*
 * The commitment section's Insert and Download (core/pane/viewActions.ts sheetActionBar, in the section rather than
 * the pinned bar, which holds the Bill view's actuals): the commitment sheet of one column of the section's table,
 * a group of the bill or the typed profile, chosen where there are several. Insert writes a new worksheet, never
 * over a user's cells ("Commitment (2)" beside a first); Download saves an .xlsx with the notes sheet. The sheet's
 * writers load as chunks of their own, on the first press.
 */
import type { CommitmentSheetPlan } from "../sheet";
import { make } from "../../core/pane/dom";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import { PaneMode, sheetActionBar } from "../../core/pane/viewActions";

/** A sheet the section can write: its column's heading and the plan. */
export interface SheetChoice {
  heading: string;
  plan: CommitmentSheetPlan;
}

/** The file a download saves. */
export const COMMITMENT_FILE_NAME = "mlcost-commitment.xlsx";

async function downloadCommitment(plan: CommitmentSheetPlan): Promise<string> {
  const { commitmentWorkbookBytes } = await import(/* webpackChunkName: "commitment-xlsx" */ "../sheet/commitmentXlsx");
  return downloadStatus(
    await commitmentWorkbookBytes(plan),
    COMMITMENT_FILE_NAME,
    "the cheapest commitment, its cost, coverage and utilisation, live formulas over the demand table and checks.",
  );
}

async function insertCommitment(plan: CommitmentSheetPlan): Promise<string> {
  const { insertCommitmentSheet } = await import(
    /* webpackChunkName: "commitment-insert" */ "../sheet/insertCommitment"
  );
  return insertStatus(await insertCommitmentSheet(plan), { drawn: "the candidates and the checks", skipped: "chart" });
}

/** The section's sheet actions, in `section`: a choice of column where there are several, Insert and Download. */
export function commitmentSheetActions(section: HTMLElement): {
  setMode(mode: PaneMode): void;
  offer(choices: readonly SheetChoice[]): void;
} {
  const field = make("div", { class: "field", id: "commitment-sheet-field" });
  const select = make("select", { id: "commitment-sheet-of" });
  field.append(make("label", { for: "commitment-sheet-of" }, "The sheet writes"), select);
  field.hidden = true;
  section.append(field);
  let offered: readonly SheetChoice[] = [];
  const chosen = () => offered[Number(select.value)] ?? offered[0];
  const actions = sheetActionBar({
    id: "commitment",
    sheet: "commitment sheet",
    within: section,
    insert: () => insertCommitment(chosen()!.plan),
    download: () => downloadCommitment(chosen()!.plan),
    valid: () => chosen() !== undefined,
  });
  return {
    setMode: (mode) => actions.setMode(mode),
    offer: (choices) => {
      const kept = chosen()?.heading;
      offered = choices;
      select.replaceChildren(...choices.map((c, i) => make("option", { value: String(i) }, c.heading)));
      const again = choices.findIndex((c) => c.heading === kept);
      select.value = String(Math.max(0, again));
      field.hidden = choices.length < 2;
      actions.refresh();
    },
  };
}
