/**
 * commitments/pane's face: the commitment to buy, a section the Bill view mounts. Import this, never a file behind
 * it.
 */
export { commitmentSection } from "./commitmentSection";
