/*
 * A recording fake of the Excel host, injected into the task pane before any of its scripts
 * run. It stands in for Office.js only: Office.onReady, requirement sets, and the slice of the
 * Excel object model the pane's writer uses, with Office.js's batching (loads and writes take
 * effect at context.sync(); reading a property that was not loaded and synced throws). Every
 * write is recorded with its sheet, so a test can check what was written where, and how many
 * syncs it took. The workbook starts with what window.__fakeWorkbookSeed describes.
 */
(() => {
  const seed = window.__fakeWorkbookSeed || { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
  const state = {
    sheets: seed.sheets.map((s) => ({ name: s.name, cells: { ...s.cells } })),
    names: seed.names.map((n) => ({ ...n })),
    tables: [],
    charts: [],
    syncs: 0,
    runs: 0,
    writes: [], // { sheet, kind, target, value }
    pending: 0, // operations queued since the last sync
    activeSheet: seed.sheets[0].name,
  };
  window.__excelFake = state;

  const sameName = (a, b) => a.toLowerCase() === b.toLowerCase();

  function makeContext() {
    const queue = [];
    const loaded = new Set();
    const requested = new Set();
    const enqueue = (op) => {
      queue.push(op);
      state.pending++;
    };
    // A seed may name an operation that fails when its batch runs, as Excel fails a batch midway.
    const maybeFail = (kind) => {
      if (seed.failOn === kind)
        enqueue(() => {
          throw new Error(`GeneralException: ${kind} failed (injected by the test)`);
        });
    };
    const record = (sheet, kind, target, value) => enqueue(() => state.writes.push({ sheet, kind, target, value }));

    const guarded = (key, read) => {
      if (!loaded.has(key)) throw new Error(`PropertyNotLoaded: ${key} was read before load() and sync()`);
      return read();
    };

    function rangeProxy(sheetName, address) {
      const set = (kind) => (value) => {
        record(sheetName, kind, address, value);
        if (kind === "formulas" || kind === "values") {
          enqueue(() => {
            const sheet = state.sheets.find((s) => sameName(s.name, sheetName));
            sheet.cells[address] = value;
          });
        }
      };
      const formatTarget = (path) =>
        new Proxy(
          {},
          {
            set(_, prop, value) {
              record(sheetName, `format.${path}${prop}`, address, value);
              return true;
            },
            get(_, prop) {
              return formatTarget(`${path}${String(prop)}.`);
            },
          },
        );
      return {
        address: `'${sheetName}'!${address}`,
        set formulas(v) {
          set("formulas")(v);
        },
        set values(v) {
          set("values")(v);
        },
        set numberFormat(v) {
          set("numberFormat")(v);
        },
        format: formatTarget(""),
      };
    }

    function chartProxy(sheetName, index) {
      const setter = (path) =>
        new Proxy(
          {},
          {
            set(_, prop, value) {
              record(sheetName, `chart.${path}${String(prop)}`, index, value);
              return true;
            },
            get(_, prop) {
              return setter(`${path}${String(prop)}.`);
            },
          },
        );
      const chart = setter("");
      return new Proxy(
        {},
        {
          get(_, prop) {
            if (prop === "setPosition")
              return (start, end) => record(sheetName, "chart.setPosition", index, [start, end ?? null]);
            if (prop === "series")
              return {
                add: (name) => {
                  record(sheetName, "chart.series.add", index, name);
                  const series = setter(`series[${name}].`);
                  return new Proxy(
                    {},
                    {
                      get(_, p) {
                        if (p === "setXAxisValues" || p === "setValues")
                          return (range) => record(sheetName, `chart.series[${name}].${p}`, index, range.address);
                        return series[p];
                      },
                      set(_, p, v) {
                        series[p] = v;
                        return true;
                      },
                    },
                  );
                },
              };
            return chart[prop];
          },
          set(_, prop, value) {
            chart[prop] = value;
            return true;
          },
        },
      );
    }

    function sheetProxy(name) {
      return {
        get name() {
          return guarded("worksheets", () => name);
        },
        getRange: (address) => rangeProxy(name, address),
        tables: {
          add: (range, hasHeaders) => {
            const table = { sheet: name, range: range.address, hasHeaders, name: undefined, style: undefined };
            enqueue(() => state.tables.push(table));
            record(name, "tables.add", range.address, hasHeaders);
            return {
              set name(v) {
                record(name, "table.name", range.address, v);
                enqueue(() => (table.name = v));
              },
              set style(v) {
                record(name, "table.style", range.address, v);
                enqueue(() => (table.style = v));
              },
            };
          },
        },
        charts: {
          add: (type, range, seriesBy) => {
            maybeFail("charts.add");
            const index = state.charts.length + queue.length; // unique enough for one run
            enqueue(() => state.charts.push({ sheet: name, type, source: range.address, seriesBy }));
            record(name, "charts.add", range.address, [type, seriesBy]);
            return chartProxy(name, index);
          },
        },
        activate: () => enqueue(() => (state.activeSheet = name)),
      };
    }

    const workbook = {
      worksheets: {
        load() {
          requested.add("worksheets");
          return this;
        },
        get items() {
          return guarded("worksheets", () => state.sheets.map((s) => sheetProxy(s.name)));
        },
        getItemOrNullObject(name) {
          return { delete: () => enqueue(() => (state.sheets = state.sheets.filter((s) => !sameName(s.name, name)))) };
        },
        add(name) {
          enqueue(() => {
            if (state.sheets.some((s) => sameName(s.name, name)))
              throw new Error(`ItemAlreadyExists: a sheet named ${name}`);
            state.sheets.push({ name, cells: {} });
          });
          record(name, "worksheets.add", name, name);
          return sheetProxy(name);
        },
      },
      names: {
        load() {
          requested.add("names");
          return this;
        },
        get items() {
          return guarded("names", () => state.names.map((n) => ({ name: n.name })));
        },
        getItemOrNullObject(name) {
          return { delete: () => enqueue(() => (state.names = state.names.filter((n) => !sameName(n.name, name)))) };
        },
        add(name, reference) {
          enqueue(() => {
            if (state.names.some((n) => sameName(n.name, name))) throw new Error(`ItemAlreadyExists: a name ${name}`);
            state.names.push({ name, reference: reference.address });
          });
          record(reference.address.split("!")[0].replace(/'/g, ""), "names.add", reference.address, name);
        },
      },
      tables: {
        load() {
          requested.add("tables");
          return this;
        },
        get items() {
          return guarded("tables", () => state.tables.map((t) => ({ name: t.name })));
        },
      },
    };

    return {
      workbook,
      async sync() {
        state.syncs++;
        const ops = queue.splice(0);
        state.pending -= ops.length;
        for (const key of requested) loaded.add(key);
        requested.clear();
        for (const op of ops) op(); // a throw here rejects the sync, with earlier ops applied
      },
    };
  }

  window.Excel = {
    async run(batch) {
      state.runs++;
      return batch(makeContext());
    },
  };
  window.Office = {
    HostType: { Excel: "Excel" },
    onReady: () => Promise.resolve({ host: "Excel", platform: "PC" }),
    context: { requirements: { isSetSupported: (name, version) => name === "ExcelApi" && Number(version) <= 1.7 } },
  };
})();
