/*
 * The Bill view's files: choose or drop one FOCUS export or several (a month each), see each one's name and
 * size, and read them again after a cancel. A new choice replaces the last: the figures are always of the files
 * listed. The choice goes to `chosen`; reading is billPane.ts's.
 */
import type { ChosenBlob } from "../engine/billImport";
import { sizeText } from "../model/billFiles";
import { make } from "../../core/pane/dom";

/** The file section, built. */
export interface BillFilesSection {
  element: HTMLElement;
  /** shows the "Read again" button (after a cancel or a failed read) or hides it */
  offerReadAgain(shown: boolean): void;
  /** the files listed now */
  files(): ChosenBlob[];
}

/**
 * The file section: a file input (several files; CSV, .gz, Parquet), its drop zone, the list of chosen files and
 * the Read again button. `chosen` hears every new choice and every Read again.
 */
export function billFilesSection(chosen: (files: ChosenBlob[]) => void): BillFilesSection {
  const element = make("section", { id: "bill-files", class: "file-section", "aria-labelledby": "bill-files-title" });
  const title = make("h2", { id: "bill-files-title" }, "The bill");
  const input = make("input", {
    type: "file",
    id: "bill-file",
    class: "visually-hidden",
    multiple: "",
    accept: ".csv,.gz,.parquet,text/csv,application/gzip,application/vnd.apache.parquet",
  });
  const zone = make("label", { class: "drop-zone", id: "bill-drop-zone", for: "bill-file" });
  const name = make(
    "span",
    { id: "bill-file-name", class: "file-name" },
    "Choose a FOCUS export (CSV, .csv.gz or Parquet), one file or a month each, or drop them here",
  );
  const note = make(
    "span",
    { class: "file-note" },
    "AWS, Azure, Google Cloud and Oracle export FOCUS 1.0 to 1.3. A month may be millions of rows: it is read here, " +
      "in this pane, and stays on this computer.",
  );
  zone.append(name, note);
  const list = make("ul", { id: "bill-file-list", class: "bill-file-list", "aria-label": "Chosen files" });
  const again = make("button", { type: "button", id: "bill-read-again", class: "secondary" }, "Read again");
  again.hidden = true;
  element.append(title, input, zone, list, again);

  let current: ChosenBlob[] = [];
  const choose = (files: FileList | null | undefined) => {
    if (!files || files.length === 0) return;
    current = Array.from(files).map((file) => ({ name: file.name, blob: file }));
    list.replaceChildren(...current.map((file) => make("li", {}, `${file.name} (${sizeText(file.blob.size)})`)));
    name.textContent = current.length === 1 ? "Choose other files" : `${current.length} files: choose others`;
    chosen(current);
  };
  input.addEventListener("change", () => {
    choose(input.files);
    // the same file chosen again (next month's export saved over this one) fires change again
    input.value = "";
  });
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.dataset.over = "";
  });
  zone.addEventListener("dragleave", () => delete zone.dataset.over);
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    delete zone.dataset.over;
    choose(event.dataTransfer?.files);
  });
  again.addEventListener("click", () => current.length && chosen(current));
  return {
    element,
    offerReadAgain: (shown) => (again.hidden = !shown || current.length === 0),
    files: () => current,
  };
}
