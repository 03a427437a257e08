/* How each role of a generated cell looks, for both writers. Colours are RGB hex. */
import { CellRole } from "./layout";

/** The look of one role. */
export interface RoleStyle {
  bold?: boolean;
  italic?: boolean;
  size?: number;
  color?: string;
  fill?: string;
}

/** Inputs are blue (the convention finance sheets use for cells to change); the crossover is highlighted. */
export const ROLE_STYLES: Partial<Record<CellRole, RoleStyle>> = {
  title: { bold: true, size: 14, color: "#107C80" },
  note: { italic: true, color: "#595959" },
  section: { bold: true, color: "#107C80" },
  input: { color: "#1F4E79", fill: "#DDEBF7" },
  crossover: { bold: true, fill: "#FFF2CC" },
  unit: { color: "#595959" },
};

/** The Excel table style of the stage table. */
export const TABLE_STYLE = "TableStyleMedium2";
