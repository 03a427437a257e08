/*
 * Where the add-in keeps text between sessions, one way for every view and writer: inside Excel, Office's document
 * settings, "custom settings ... stored in the host document as name/value pairs", "saved per add-in and per
 * document", held in memory until saveAsync persists them
 * (https://learn.microsoft.com/javascript/api/office/office.settings; "Persist add-in state and settings",
 * https://learn.microsoft.com/office/dev/add-ins/develop/persisting-add-in-state-and-settings); in a browser, its
 * local storage, which a browser may refuse (private modes, storage turned off, a full quota). Neither store throws
 * or rejects: a refused read is a SettingsRefusal, a failed save a sentence, said the same way everywhere
 * (notSavedSentence). The readers of what is kept are the models' (src/core/model/savedState.ts).
 *
 * This is a layer of its own (core/host), not core/pane: an Insert (a sheet writer) keeps its record here too, and
 * no writer may import a pane.
 */
import { shortened } from "../model/shortened";

/** Text kept by key where the add-in runs. */
export interface SettingsStore {
  /** what is kept under `key`: null or undefined for nothing, a SettingsRefusal where storage refuses; never throws */
  read(key: string): unknown;
  /** keeps `text` under `key`: resolves to the failure's sentence, or undefined once kept; never rejects or throws */
  write(key: string, text: string): Promise<string | undefined>;
}

/** A read the storage refused, and why (the host's own words, cut to a sentence or so). */
export interface SettingsRefusal {
  readonly refused: string;
}

/** Whether a read was refused. */
export function isSettingsRefusal(value: unknown): value is SettingsRefusal {
  return typeof value === "object" && value !== null && typeof (value as SettingsRefusal).refused === "string";
}

/** A host's failure in a sentence's length: its text may be anything, a megabyte too. */
function reasonOf(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  return shortened(text === "" ? "no reason given" : text, 100);
}

/**
 * The one sentence of a save that failed, wherever it failed.
 * @example notSavedSentence("with the workbook", "the document is read-only")
 * // "Not saved with the workbook: the document is read-only."
 */
export function notSavedSentence(where: string, failure: unknown): string {
  const why = reasonOf(failure);
  return `Not saved ${where}: ${why}${/[.!?]$/.test(why) ? "" : "."}`;
}

/** What `store` keeps under `key`, or a SettingsRefusal: also when a store of someone else's throws. */
export function readSetting(store: SettingsStore, key: string): unknown {
  try {
    return store.read(key);
  } catch (failure) {
    return { refused: reasonOf(failure) } satisfies SettingsRefusal;
  }
}

/** Where the workbook's settings keep text, for the sentences. */
const WITH_THE_WORKBOOK = "with the workbook";
/** Where local storage keeps text. */
const IN_THIS_BROWSER = "in this browser";

/** The document's settings (inside Excel): set, then saveAsync to persist them in the workbook. */
export function officeSettingsStore(): SettingsStore {
  return {
    read: (key) => {
      try {
        return Office.context.document.settings.get(key);
      } catch (failure) {
        return { refused: reasonOf(failure) } satisfies SettingsRefusal;
      }
    },
    write: (key, text) =>
      new Promise((done) => {
        try {
          const settings = Office.context.document.settings;
          settings.set(key, text);
          settings.saveAsync((result) =>
            // Compared as text: the enum's value is "failed" (Office.AsyncResultStatus.Failed).
            done(
              String(result.status) === "failed"
                ? notSavedSentence(WITH_THE_WORKBOOK, result.error?.message ?? "saving failed")
                : undefined,
            ),
          );
        } catch (failure) {
          done(notSavedSentence(WITH_THE_WORKBOOK, failure));
        }
      }),
  };
}

/** The browser's local storage (outside Excel). */
export function browserSettingsStore(): SettingsStore {
  return {
    read: (key) => {
      try {
        return window.localStorage.getItem(key);
      } catch (failure) {
        return { refused: reasonOf(failure) } satisfies SettingsRefusal;
      }
    },
    write: async (key, text) => {
      try {
        window.localStorage.setItem(key, text);
        return undefined;
      } catch (failure) {
        return notSavedSentence(IN_THIS_BROWSER, failure);
      }
    },
  };
}

/** The store where the pane runs: the workbook's settings inside Excel, local storage in a browser. */
export function settingsStoreFor(mode: "excel" | "browser"): SettingsStore {
  return mode === "excel" ? officeSettingsStore() : browserSettingsStore();
}
