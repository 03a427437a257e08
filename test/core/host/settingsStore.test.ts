/*
 * The one settings store, both ways: Office's document settings (the recording fake host, whose saveAsync
 * persists or fails) and a browser's local storage (a fake that may refuse). Neither throws or rejects; a refused
 * read is a SettingsRefusal, a failed save the one sentence.
 */
import {
  browserSettingsStore,
  isSettingsRefusal,
  notSavedSentence,
  officeSettingsStore,
  readSetting,
  SettingsStore,
  settingsStoreFor,
} from "../../../src/core/host/settingsStore";
import { installFakeExcel } from "../../support/fakeExcel";

const EMPTY = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
const global = globalThis as any;

afterEach(() => {
  delete global.Office;
  delete global.Excel;
  delete global.window;
});

describe("Office's document settings", () => {
  test("what is written is saved with the workbook and read back", async () => {
    const fake = installFakeExcel({ ...EMPTY, settings: { kept: "before" } });
    const store = officeSettingsStore();
    expect(store.read("kept")).toBe("before");
    expect(store.read("none")).toBeNull();
    await expect(store.write("kept", "after")).resolves.toBeUndefined();
    expect(fake.settings).toEqual({ kept: "after" });
    expect(fake.settingsSaves).toEqual([{ kept: "after" }]);
    expect(store.read("kept")).toBe("after");
  });

  test("a save that fails resolves to the one sentence, and nothing is persisted", async () => {
    const fake = installFakeExcel({ ...EMPTY, failSettingsSave: "the document is read-only" });
    await expect(officeSettingsStore().write("k", "v")).resolves.toBe(
      "Not saved with the workbook: the document is read-only.",
    );
    expect(fake.settingsSaves).toEqual([]);
  });

  test("a failure without a message still says it failed", async () => {
    installFakeExcel(EMPTY);
    global.Office.context.document.settings.saveAsync = (done: (r: unknown) => void) => done({ status: "failed" });
    await expect(officeSettingsStore().write("k", "v")).resolves.toBe("Not saved with the workbook: saving failed.");
  });

  test("a host without settings: the read is refused and the write said, neither thrown", async () => {
    global.Office = { context: {} };
    const read = officeSettingsStore().read("k");
    expect(isSettingsRefusal(read)).toBe(true);
    await expect(officeSettingsStore().write("k", "v")).resolves.toMatch(/^Not saved with the workbook: .+\.$/);
  });
});

describe("a browser's local storage", () => {
  const storage = (refuse?: Error) => {
    const kept = new Map<string, string>();
    global.window = {
      localStorage: {
        getItem: (key: string) => {
          if (refuse) throw refuse;
          return kept.get(key) ?? null;
        },
        setItem: (key: string, value: string) => {
          if (refuse) throw refuse;
          kept.set(key, value);
        },
      },
    };
    return kept;
  };

  test("what is written is kept and read back", async () => {
    const kept = storage();
    const store = browserSettingsStore();
    expect(store.read("k")).toBeNull();
    await expect(store.write("k", "text")).resolves.toBeUndefined();
    expect(kept.get("k")).toBe("text");
    expect(store.read("k")).toBe("text");
  });

  test("storage the browser refuses: the read a refusal, the write the one sentence", async () => {
    storage(new Error("The operation is insecure."));
    const store = browserSettingsStore();
    expect(store.read("k")).toEqual({ refused: "The operation is insecure." });
    await expect(store.write("k", "text")).resolves.toBe("Not saved in this browser: The operation is insecure.");
  });

  test("a reason of a megabyte is cut to a sentence's length, never halfway through a character", async () => {
    storage(new Error("\u{1F600}".repeat(500_000)));
    const said = (await browserSettingsStore().write("k", "text"))!;
    expect(said.length).toBeLessThan(300);
    expect(said).toMatch(/\.\.\.$/);
    expect(said).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

test("readSetting: a store of someone else's that throws reads as a refusal", () => {
  const throwing: SettingsStore = {
    read: () => {
      throw new Error("storage is off");
    },
    write: async () => undefined,
  };
  expect(readSetting(throwing, "k")).toEqual({ refused: "storage is off" });
  expect(isSettingsRefusal("text")).toBe(false);
  expect(isSettingsRefusal(null)).toBe(false);
});

test("the sentence ends once, whatever the host's reason ends with", () => {
  expect(notSavedSentence("in this browser", "Quota exceeded.")).toBe("Not saved in this browser: Quota exceeded.");
  expect(notSavedSentence("in this browser", "")).toBe("Not saved in this browser: no reason given.");
  expect(notSavedSentence("with the workbook", 42)).toBe("Not saved with the workbook: 42.");
});

test("settingsStoreFor: the workbook's settings inside Excel, local storage in a browser", async () => {
  const fake = installFakeExcel(EMPTY);
  const kept = new Map<string, string>();
  global.window.localStorage = { setItem: (k: string, v: string) => kept.set(k, v), getItem: () => null };
  await settingsStoreFor("excel").write("k", "in the workbook");
  await settingsStoreFor("browser").write("k", "in the browser");
  expect(fake.settings.k).toBe("in the workbook");
  expect(kept.get("k")).toBe("in the browser");
});
