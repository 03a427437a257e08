/*
 * A recording fake of the Excel host, injected into the task pane before any of its scripts
 * run (test/sheet loads it into Node the same way). It stands in for Office.js only:
 * Office.onReady, requirement sets, and the slice of the Excel object model the pane's writer
 * uses, with Office.js's batching: loads and writes take effect at context.sync(), in order; a
 * failing operation rejects the sync with the operations before it applied and none after, and
 * nothing loaded in that batch is delivered; reading a property that was not loaded and synced
 * throws, and so does acting on a null object (check isNullObject first, as Microsoft's samples do).
 * Every write is recorded with its sheet, so a test can check what was written where, and how
 * many syncs it took; every cell keeps the number format and content Excel would give it (see
 * excelReads). The workbook starts with what window.__fakeWorkbookSeed describes:
 *   sheets, names       the user's worksheets ({ name, cells }) and defined names ({ name, reference })
 *   chartSheets         names of chart sheets: not in the worksheet list, as in Office.js, but a
 *                       worksheet of that name cannot be added (ItemAlreadyExists, as Excel says)
 *   failOn              the kind of one recorded operation that fails whenever it runs, e.g.
 *                       "tables.add", "chart.axes.valueAxis.scaleType" or "pageLayout.setPrintArea"
 *   coAuthor            { afterSync, addSheet, addName: { name, reference } }: what a co-author
 *                       adds right after the pane's afterSync-th sync
 *   excelApi            the highest ExcelApi version reported as supported (default "1.9", every set
 *                       the writer asks about); versions compare as numbers: 1.10 is above 1.9
 * Besides cells, it keeps what the finish batch sets: frozen rows, each sheet's page layout and
 * each cell's data validation (state.frozenRows, state.pageLayouts, state.validations).
 */
(() => {
  const seed = window.__fakeWorkbookSeed || { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
  const state = {
    sheets: seed.sheets.map((s) => ({ name: s.name, cells: { ...s.cells } })),
    names: seed.names.map((n) => ({ ...n })),
    chartSheets: [...(seed.chartSheets || [])],
    tables: [],
    charts: [],
    frozenRows: {}, // sheet name -> rows frozen at the top
    pageLayouts: {}, // sheet name -> { orientation, zoom, centerHorizontally, printArea, printTitleRows }
    validations: {}, // sheet name -> A1 address -> { rule, prompt, errorAlert }
    cells: {}, // sheet name -> A1 address -> { format, type, value }: what Excel made of each write
    syncs: 0,
    runs: 0,
    writes: [], // { sheet, kind, target, value }
    pending: 0, // operations queued since the last sync
    activeSheet: seed.sheets[0].name,
  };
  window.__excelFake = state;

  const sameName = (a, b) => a.toLowerCase() === b.toLowerCase();
  const excelError = (code, message) => Object.assign(new Error(`${code}: ${message}`), { code });
  const sheetNamed = (name) => state.sheets.find((s) => sameName(s.name, name));

  /** The A1 addresses of a range such as "B5" or "A1:I30", row by row. */
  function addressesOf(range) {
    const [from, to = from] = range.split(":");
    const parse = (a) => {
      const [, column, row] = /^([A-Z]+)(\d+)$/.exec(a);
      return [column.charCodeAt(0) - 65, Number(row)];
    };
    const [c0, r0] = parse(from);
    const [c1, r1] = parse(to);
    const rows = [];
    for (let r = r0; r <= r1; r++) {
      const row = [];
      for (let c = c0; c <= c1; c++) row.push(`${String.fromCharCode(65 + c)}${r}`);
      rows.push(row);
    }
    return rows;
  }

  const NUMBER = /^[+-]?(\d[\d,]*\.?\d*|\.\d+)([eE][+-]?\d+)?%?$/;
  /**
   * What Excel makes of an entry written through Range.formulas or Range.values, as of typing it:
   * in a Text ("@") cell, the text itself; elsewhere "=..." (or "+..."/"-..." that is no number)
   * is a formula, and numbers, dates, TRUE/FALSE and error codes become what they look like.
   */
  function excelReads(entry, format) {
    if (typeof entry === "number") return { type: "number", value: entry };
    if (typeof entry === "boolean") return { type: "boolean", value: entry };
    const text = String(entry);
    if (text === "") return { type: "blank", value: "" };
    if (format === "@") return { type: "text", value: text };
    if (NUMBER.test(text)) return { type: "number", value: Number(text.replace(/[,%]/g, "")) };
    if (/^[=+-]/.test(text)) return { type: "formula", value: text };
    if (/^(true|false)$/i.test(text)) return { type: "boolean", value: /^true$/i.test(text) };
    if (/^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!)$/i.test(text)) return { type: "error", value: text };
    if (/^\d{1,4}[/-]\d{1,2}([/-]\d{1,4})?$/.test(text)) return { type: "date", value: text };
    return { type: "text", value: text };
  }

  /** Applies a 2-D write cell by cell; null leaves a cell as it is, as in Office.js. */
  function applyGrid(sheetName, range, kind, grid) {
    const cells = (state.cells[sheetName] = state.cells[sheetName] || {});
    addressesOf(range).forEach((row, r) =>
      row.forEach((address, c) => {
        const entry = grid[r][c];
        if (entry === null) return;
        const cell = (cells[address] = cells[address] || { format: "General", type: "blank", value: "" });
        if (kind === "numberFormat") cell.format = entry;
        else Object.assign(cell, excelReads(entry, cell.format));
      }),
    );
  }

  function coAuthorActs() {
    const act = seed.coAuthor;
    if (!act || state.syncs !== act.afterSync) return;
    if (act.addSheet) state.sheets.push({ name: act.addSheet, cells: {} });
    if (act.addName) state.names.push({ ...act.addName });
  }

  function makeContext() {
    const queue = [];
    const loaded = new Map(); // what each collection load delivered, as of its sync
    const requested = new Map();
    const enqueue = (op) => {
      queue.push(op);
      state.pending++;
    };
    /** One recorded operation: it fails if the seed says so, applies its effect, then is recorded. */
    const operation = (sheet, kind, target, value, effect) =>
      enqueue(() => {
        if (seed.failOn === kind) throw excelError("GeneralException", `${kind} failed (injected by the test)`);
        if (effect) effect();
        state.writes.push({ sheet, kind, target, value });
      });

    /** A collection's items as its load saw them at the sync, not as they are now. */
    const guarded = (key) => {
      if (!loaded.has(key)) throw new Error(`PropertyNotLoaded: ${key} was read before load() and sync()`);
      return loaded.get(key);
    };

    /**
     * An *OrNullObject: load() looks it up when the batch runs; isNullObject and the loaded
     * properties can be read after that sync; delete() of a null object fails its batch.
     */
    function itemOrNull(describe, find, remove, read) {
      let found;
      let isLoaded = false;
      const ready = () => {
        if (!isLoaded) throw new Error(`PropertyNotLoaded: ${describe} was read before load() and sync()`);
      };
      const item = {
        load() {
          enqueue(() => {
            found = find();
            isLoaded = true;
          });
          return item;
        },
        get isNullObject() {
          ready();
          return !found;
        },
        delete() {
          enqueue(() => {
            const current = find();
            if (!current) throw excelError("ItemNotFound", `${describe} does not exist`);
            remove(current);
          });
        },
      };
      for (const [prop, get] of Object.entries(read))
        Object.defineProperty(item, prop, {
          get() {
            ready();
            return found ? get(found) : null;
          },
        });
      return item;
    }

    function rangeProxy(sheetName, address) {
      const write = (kind, value) =>
        operation(sheetName, kind, address, value, () => {
          if (kind !== "numberFormat") sheetNamed(sheetName).cells[address] = value;
          applyGrid(sheetName, address, kind, value);
        });
      // format.font.bold = ..., format.borders.getItem("EdgeBottom").style = ...: recorded by path
      const formatTarget = (path) =>
        new Proxy(
          {},
          {
            set(_, prop, value) {
              operation(sheetName, `format.${path}${prop}`, address, value);
              return true;
            },
            get(_, prop) {
              if (prop === "getItem") return (item) => formatTarget(`${path}${item}.`);
              return formatTarget(`${path}${String(prop)}.`);
            },
          },
        );
      const dataValidation = new Proxy(
        {},
        {
          set(_, prop, value) {
            operation(sheetName, `dataValidation.${String(prop)}`, address, value, () => {
              const sheet = (state.validations[sheetName] = state.validations[sheetName] || {});
              sheet[address] = { ...sheet[address], [prop]: value };
            });
            return true;
          },
        },
      );
      return {
        address: `'${sheetName}'!${address}`,
        set formulas(v) {
          write("formulas", v);
        },
        set values(v) {
          write("values", v);
        },
        set numberFormat(v) {
          write("numberFormat", v);
        },
        format: formatTarget(""),
        dataValidation,
      };
    }

    /** Worksheet.pageLayout: property setters and setPrintArea / setPrintTitleRows, kept per sheet. */
    function pageLayoutProxy(sheetName) {
      const keep = (key, value) => () =>
        (state.pageLayouts[sheetName] = { ...state.pageLayouts[sheetName], [key]: value });
      return new Proxy(
        {},
        {
          set(_, prop, value) {
            operation(sheetName, `pageLayout.${String(prop)}`, sheetName, value, keep(prop, value));
            return true;
          },
          get(_, prop) {
            if (prop === "setPrintArea" || prop === "setPrintTitleRows") {
              const key = prop === "setPrintArea" ? "printArea" : "printTitleRows";
              return (range) => operation(sheetName, `pageLayout.${prop}`, sheetName, range, keep(key, range));
            }
            return undefined;
          },
        },
      );
    }

    function chartProxy(sheetName, chart, index) {
      const setter = (path) =>
        new Proxy(
          {},
          {
            set(_, prop, value) {
              const effect = path === "" && prop === "name" ? () => (chart.name = value) : undefined;
              operation(sheetName, `chart.${path}${String(prop)}`, index, value, effect);
              return true;
            },
            get(_, prop) {
              return setter(`${path}${String(prop)}.`);
            },
          },
        );
      const root = setter("");
      return new Proxy(
        {},
        {
          get(_, prop) {
            if (prop === "setPosition")
              return (start, end) => operation(sheetName, "chart.setPosition", index, [start, end ?? null]);
            if (prop === "series")
              return {
                add: (name) => {
                  operation(sheetName, "chart.series.add", index, name);
                  const series = setter(`series[${name}].`);
                  return new Proxy(
                    {},
                    {
                      get(_, p) {
                        if (p === "setXAxisValues" || p === "setValues")
                          return (range) => operation(sheetName, `chart.series[${name}].${p}`, index, range.address);
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
            return root[prop];
          },
          set(_, prop, value) {
            root[prop] = value;
            return true;
          },
        },
      );
    }

    function sheetProxy(name) {
      return {
        name,
        getRange: (address) => rangeProxy(name, address),
        tables: {
          add: (range, hasHeaders) => {
            const table = { sheet: name, range: range.address, hasHeaders, name: undefined, style: undefined };
            operation(name, "tables.add", range.address, hasHeaders, () => state.tables.push(table));
            return {
              set name(v) {
                operation(name, "table.name", range.address, v, () => (table.name = v));
              },
              set style(v) {
                operation(name, "table.style", range.address, v, () => (table.style = v));
              },
              set showBandedRows(v) {
                operation(name, "table.showBandedRows", range.address, v, () => (table.showBandedRows = v));
              },
            };
          },
        },
        charts: {
          add: (type, range, seriesBy) => {
            const chart = { sheet: name, type, source: range.address, seriesBy };
            operation(name, "charts.add", range.address, [type, seriesBy], () => state.charts.push(chart));
            return chartProxy(name, chart, state.charts.length);
          },
          getItemOrNullObject: (chartName) =>
            itemOrNull(
              `chart ${chartName}`,
              () => state.charts.find((c) => sameName(c.sheet, name) && c.name === chartName),
              (found) => (state.charts = state.charts.filter((c) => c !== found)),
              { name: (c) => c.name },
            ),
        },
        activate: () => enqueue(() => (state.activeSheet = name)),
        freezePanes: {
          freezeRows: (count) =>
            operation(name, "freezePanes.freezeRows", name, count, () => (state.frozenRows[name] = count)),
        },
        pageLayout: pageLayoutProxy(name),
      };
    }

    const workbook = {
      worksheets: {
        load() {
          requested.set("worksheets", () => state.sheets.map((s) => sheetProxy(s.name)));
          return this;
        },
        get items() {
          return guarded("worksheets");
        },
        getItem: (name) => sheetProxy(name),
        getItemOrNullObject: (name) =>
          itemOrNull(
            `worksheet ${name}`,
            () => sheetNamed(name),
            (found) => (state.sheets = state.sheets.filter((s) => s !== found)),
            { name: (s) => s.name },
          ),
        add(name) {
          operation(name, "worksheets.add", name, name, () => {
            if (state.sheets.some((s) => sameName(s.name, name)) || state.chartSheets.some((s) => sameName(s, name)))
              throw excelError("ItemAlreadyExists", `a sheet named ${name} already exists`);
            state.sheets.push({ name, cells: {} });
          });
          return sheetProxy(name);
        },
      },
      names: {
        load() {
          requested.set("names", () => state.names.map((n) => ({ name: n.name })));
          return this;
        },
        get items() {
          return guarded("names");
        },
        getItem: (name) => ({
          delete: () =>
            enqueue(() => {
              if (!state.names.some((n) => sameName(n.name, name))) throw excelError("ItemNotFound", `no name ${name}`);
              state.names = state.names.filter((n) => !sameName(n.name, name));
            }),
        }),
        getItemOrNullObject: (name) =>
          itemOrNull(
            `name ${name}`,
            () => state.names.find((n) => sameName(n.name, name)),
            (found) => (state.names = state.names.filter((n) => n !== found)),
            { name: (n) => n.name, formula: (n) => `=${n.reference}` },
          ),
        add(name, reference) {
          const sheet = reference.address.split("!")[0].replace(/'/g, "");
          operation(sheet, "names.add", reference.address, name, () => {
            if (state.names.some((n) => sameName(n.name, name)))
              throw excelError("ItemAlreadyExists", `a name ${name} already exists`);
            state.names.push({ name, reference: reference.address });
          });
        },
      },
      tables: {
        load() {
          requested.set("tables", () => state.tables.map((t) => ({ name: t.name })));
          return this;
        },
        get items() {
          return guarded("tables");
        },
      },
    };

    return {
      workbook,
      async sync() {
        state.syncs++;
        const ops = queue.splice(0);
        state.pending -= ops.length;
        try {
          for (const op of ops) op(); // a throw here rejects the sync, with earlier ops applied
          for (const [key, take] of requested) loaded.set(key, take());
        } finally {
          requested.clear();
          coAuthorActs();
        }
      },
    };
  }

  // "1.10" is above "1.9": compare major, then minor, as numbers.
  const version = (text) => String(text).split(".").map(Number);
  const [major, minor] = version(seed.excelApi ?? "1.9");
  const supports = (wanted) => {
    const [m, n] = version(wanted);
    return m < major || (m === major && (n || 0) <= minor);
  };
  window.Excel = {
    async run(batch) {
      state.runs++;
      return batch(makeContext());
    },
  };
  window.Office = {
    HostType: { Excel: "Excel" },
    onReady: () => Promise.resolve({ host: "Excel", platform: "PC" }),
    context: {
      requirements: { isSetSupported: (name, wanted) => name === "ExcelApi" && supports(wanted) },
    },
  };
})();
