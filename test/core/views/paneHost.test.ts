/*
 * The host, chosen once at the entry: Excel only when Office.js says so, a browser otherwise (no Office.js, no
 * host, a failure to start); each host's words and settings, and the Office theme applied only inside Excel.
 */
import { browserHost, choosePaneHost, excelHost, isDark } from "../../../src/core/views/paneHost";
import type { SettingsStore } from "../../../src/core/host/settingsStore";

const memory = (): SettingsStore & { kept: Map<string, string> } => {
  const kept = new Map<string, string>();
  return { kept, read: (key) => kept.get(key), write: async (key, text) => void kept.set(key, text) };
};

describe("choosePaneHost", () => {
  const hosts = { excel: () => excelHost(memory()), browser: () => browserHost(memory()) };

  test("Excel when Office.js reports the Excel host, however late", async () => {
    const late = () => new Promise<boolean>((done) => setTimeout(() => done(true), 30));
    expect((await choosePaneHost(late, hosts)).mode).toBe("excel");
  });

  test("a browser without Office.js, with another host or none, or when Office.js fails to start", async () => {
    expect((await choosePaneHost(undefined, hosts)).mode).toBe("browser");
    expect((await choosePaneHost(async () => false, hosts)).mode).toBe("browser");
    expect((await choosePaneHost(() => Promise.reject(new Error("no")), hosts)).mode).toBe("browser");
    const throws = () => {
      throw new Error("Office.js broke");
    };
    expect((await choosePaneHost(throws, hosts)).mode).toBe("browser");
  });

  test("outside a page with Office.js (here, in Node), the default asks nothing and gives the browser", async () => {
    expect((await choosePaneHost()).mode).toBe("browser");
  });
});

describe("the two hosts", () => {
  test("say where a view's state is kept, and keep it in the store they were given", async () => {
    const store = memory();
    const excel = excelHost(store);
    expect(excel).toMatchObject({ mode: "excel", keptWhere: "with the workbook" });
    expect(browserHost(memory())).toMatchObject({ mode: "browser", keptWhere: "in this browser" });
    expect(await excel.settings.write("k", "v")).toBeUndefined();
    expect(excel.settings.read("k")).toBe("v");
  });

  test("a browser's local storage that refuses: the read is a refusal saying why, the save a sentence", async () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota exceeded");
      },
    };
    (globalThis as { window?: unknown }).window = { localStorage: refusing };
    try {
      const { settings } = browserHost();
      expect(settings.read("k")).toEqual({ refused: "denied" });
      expect(await settings.write("k", "v")).toBe("Not saved in this browser: quota exceeded.");
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });

  test("only Excel's host dresses the page in its Office theme, dark by its body background", () => {
    const root = () => {
      const properties = new Map<string, string>();
      return {
        dataset: {} as Record<string, string>,
        style: { setProperty: (k: string, v: string) => properties.set(k, v) },
        properties,
      };
    };
    const theme = { bodyBackgroundColor: "#262626", bodyForegroundColor: "#ffffff", controlBackgroundColor: "bad" };
    (globalThis as { Office?: unknown }).Office = { context: { officeTheme: theme } };
    try {
      const inExcel = root();
      excelHost(memory()).applyTheme(inExcel as unknown as HTMLElement);
      expect(inExcel.dataset.theme).toBe("dark");
      expect([...inExcel.properties]).toEqual([
        ["--body-bg", "#262626"],
        ["--body-fg", "#ffffff"],
      ]);
      const inBrowser = root();
      browserHost(memory()).applyTheme(inBrowser as unknown as HTMLElement);
      expect(inBrowser.dataset.theme).toBeUndefined();
    } finally {
      delete (globalThis as { Office?: unknown }).Office;
    }
    expect([isDark("#262626"), isDark("#e6e6e6"), isDark("#000")]).toEqual([true, false, true]);
  });
});
