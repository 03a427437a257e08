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
 *   coAuthor            { afterSync, addSheet, addName: { name, reference }, setCell: { sheet, address,
 *                       entry } }, or a list of them: what a co-author adds or types right after the
 *                       pane's afterSync-th sync (a test in Node may also set state.afterSync, a
 *                       function called with the sync count after every sync)
 *   protectedSheets     names of sheets whose worksheet.protection.protected is true
 *   excelApi            the highest ExcelApi version reported as supported (default "1.9", every set
 *                       the writer asks about); versions compare as numbers: 1.10 is above 1.9
 * Seeded cells ({ "A1": entry } or { "A1:B2": [[...]] }) are typed in as through Range.formulas.
 * Names are { name, reference } (a range) or { name, formula, comment } (a formula such as a
 * LAMBDA, from names.add(name, "=...")); a name with a `sheet` is that sheet's own (worksheet.names).
 * Ranges load formulas, values and their address fields; worksheets their id, visibility and
 * protection; getUsedRange(valuesOnly) spans the cells that hold something, found when the batch
 * runs at that method's place in it (as are getRowsBelow, getResizedRange and getLastColumn of such
 * a range), and fixed from then on. Tests in Node may also set state.afterLoad(sheet, address,
 * properties), called right after a range's load runs (an edit landing between a read and the
 * writes after it), and state.failWhen({ sheet, kind, target, value }), which fails the operation
 * it returns true for; and may call state.insertRows(sheet, at, count), state.deleteRows(sheet,
 * at, count) and state.renameSheet(from, to): the user's edits, with every reference in cells and
 * names rewritten as Excel rewrites it (a reference to a deleted row or sheet becomes #REF!).
 * Every sync's request
 * and response are measured (UTF-8 bytes of the JSON of each operation, plus 64 bytes of framing,
 * and of each load's data) in state.payloads, and a sync over Excel on the web's 5 MB rejects as
 * Excel does (RequestPayloadSizeLimitExceeded, ResponsePayloadSizeLimitExceeded).
 * Besides cells, it keeps what the finish batch sets: frozen rows and columns, each sheet's page
 * layout, manual page breaks and each cell's data validation (state.frozenRows, state.frozenColumns,
 * state.pageLayouts, state.pageBreaks, state.validations). Charts: charts.add checks the chart type
 * against Excel.ChartType; every property set and method call on a chart, its axes and its series
 * (series.add(name), series.getItemAt(i)) is recorded as a write "chart.<path>" on the chart's index,
 * a Range argument as its address ("chart.axes.valueAxis.setPositionAt", "chart.series[0].overlap").
 * Document settings (Office.context.document.settings): get, set and remove work on an in-memory copy, as in
 * Office.js, seeded from seed.settings ({ name: value }); saveAsync persists it into state.settings (what the
 * document holds) and appends a copy to state.settingsSaves, or fails when seed.failSettingsSave is a message.
 * worksheets.getActiveWorksheet() loads the active sheet's name.
 */
(() => {
  const seed = window.__fakeWorkbookSeed || { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
  const state = {
    sheets: seed.sheets.map((s) => ({ name: s.name, cells: { ...s.cells } })),
    names: seed.names.map((n) => ({ ...n })),
    payloads: [], // per sync: { request, response } in bytes
    chartSheets: [...(seed.chartSheets || [])],
    tables: [],
    charts: [],
    frozenRows: {}, // sheet name -> rows frozen at the top
    frozenColumns: {}, // sheet name -> columns frozen at the left
    pageBreaks: {}, // sheet name -> rows a manual page break comes before, in the order added
    pageLayouts: {}, // sheet name -> { orientation, zoom, margins, printArea, printTitleRows/Columns, headersFooters }
    validations: {}, // sheet name -> A1 address -> { rule, prompt, errorAlert }
    cells: {}, // sheet name -> A1 address -> { format, type, value }: what Excel made of each write
    syncs: 0,
    runs: 0,
    writes: [], // { sheet, kind, target, value }
    pending: 0, // operations queued since the last sync
    activeSheet: seed.sheets[0].name,
  };
  window.__excelFake = state;

  // Per worksheet, what the lists do not show: its id (kept across renames), visibility, protection.
  const sheetMeta = new WeakMap();
  let nextSheetId = 1;
  const metaOf = (sheet) => {
    if (!sheetMeta.has(sheet)) {
      const id = `{00000000-0001-0000-0000-${String(nextSheetId++).padStart(12, "0")}}`;
      sheetMeta.set(sheet, { id, visibility: "Visible", protected: false });
    }
    return sheetMeta.get(sheet);
  };
  // state.sheetMeta(name): a sheet's { id, visibility, protected }, for tests. Not enumerable:
  // page.evaluate(() => window.__excelFake) serialises the state, which a function would spoil.
  Object.defineProperty(state, "sheetMeta", {
    value: (name) => metaOf(state.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase())),
  });
  state.sheets.forEach((sheet) => (metaOf(sheet).protected = (seed.protectedSheets || []).includes(sheet.name)));

  const sameName = (a, b) => a.toLowerCase() === b.toLowerCase();
  const excelError = (code, message) => Object.assign(new Error(`${code}: ${message}`), { code });
  const sheetNamed = (name) => state.sheets.find((s) => sameName(s.name, name));
  /** Deletes a worksheet with what lives on it: its cells, tables and charts, as Excel does. */
  const removeSheet = (sheet) => {
    state.sheets = state.sheets.filter((s) => s !== sheet);
    delete state.cells[sheet.name];
    rewriteWorkbook((refSheet) => (sameName(refSheet, sheet.name) ? 0 : undefined));
    state.tables = state.tables.filter((t) => !sameName(t.sheet, sheet.name));
    state.charts = state.charts.filter((c) => !sameName(c.sheet, sheet.name));
  };

  /**
   * Excel's rewrite of the references in a formula when the rows of a sheet move or a sheet goes,
   * outside strings: `edit(sheet, row)` gives a referenced row's new number, or 0 when the row is
   * gone (the reference becomes #REF!). A reference's sheet is its own prefix, or the formula's
   * sheet. A range keeps its ends apart: inserting inside it widens it; a range whose every row is
   * gone becomes #REF!, one losing an end shrinks to what is left.
   */
  const REFERENCE =
    /(^|[^A-Za-z0-9_.$'!\]])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(\$?[A-Z]{1,3})(\$?)(\d+)(?::(\$?[A-Z]{1,3})(\$?)(\d+))?(?![A-Za-z0-9_(!.])/g;
  const unquote = (prefix) =>
    prefix
      .slice(0, -1)
      .replace(/^'(.*)'$/, "$1")
      .replace(/''/g, "'");
  function rewriteReferences(formula, ownSheet, edit) {
    if (typeof formula !== "string" || formula[0] !== "=") return formula;
    return formula
      .split(/("(?:[^"]|"")*")/)
      .map((part, i) =>
        i % 2
          ? part
          : part.replace(REFERENCE, (whole, before, prefix, col1, abs1, row1, col2, abs2, row2) => {
              const sheet = prefix ? unquote(prefix) : ownSheet;
              const first = edit(sheet, Number(row1));
              if (row2 === undefined) {
                if (first === undefined) return whole;
                return first === 0 ? `${before}#REF!` : `${before}${prefix || ""}${col1}${abs1}${first}`;
              }
              const top = Number(row1);
              const bottom = Number(row2);
              if (edit(sheet, top) === undefined && edit(sheet, bottom) === undefined) return whole;
              let newTop = 0;
              let newBottom = 0;
              for (let r = top; r <= bottom && !newTop; r++) newTop = edit(sheet, r) || 0;
              for (let r = bottom; r >= top && !newBottom; r--) newBottom = edit(sheet, r) || 0;
              if (!newTop) return `${before}#REF!`;
              return `${before}${prefix || ""}${col1}${abs1}${newTop}:${col2}${abs2}${newBottom}`;
            }),
      )
      .join("");
  }

  /** Every formula of the workbook (cells and names) rewritten by `edit` (see rewriteReferences). */
  function rewriteWorkbook(edit, sheetEdit) {
    for (const [sheetName, cells] of Object.entries(state.cells))
      for (const cell of Object.values(cells))
        if (cell.type === "formula") cell.value = rewriteReferences(cell.value, sheetName, edit);
    for (const n of state.names) {
      if (n.formula !== undefined) n.formula = rewriteReferences(n.formula, n.sheet || "", edit);
      if (n.reference !== undefined) n.reference = rewriteReferences(`=${n.reference}`, n.sheet || "", edit).slice(1);
    }
    if (sheetEdit) sheetEdit();
  }

  /**
   * A user's edits of the structure, for tests (not Office.js): rows inserted or deleted (cells
   * below move, every reference to them follows, a reference to a deleted row becomes #REF!),
   * a sheet renamed (references to it follow). Not enumerable, as sheetMeta.
   */
  function moveRows(sheetName, at, count, deleting) {
    const sheet = sheetNamed(sheetName);
    const cells = state.cells[sheet.name] || {};
    const moved = {};
    for (const [address, cell] of Object.entries(cells)) {
      const [column, row] = parseCell(address);
      if (deleting && row >= at && row < at + count) continue;
      const to = row < at ? row : deleting ? row - count : row + count;
      moved[`${columnName(column)}${to}`] = cell;
    }
    state.cells[sheet.name] = moved;
    rewriteWorkbook((refSheet, row) => {
      if (!sameName(refSheet, sheet.name) || row < at) return undefined;
      if (!deleting) return row + count;
      return row < at + count ? 0 : row - count;
    });
  }
  Object.defineProperty(state, "insertRows", { value: (sheet, at, count = 1) => moveRows(sheet, at, count, false) });
  Object.defineProperty(state, "deleteRows", { value: (sheet, at, count = 1) => moveRows(sheet, at, count, true) });
  Object.defineProperty(state, "deleteSheet", { value: (name) => removeSheet(sheetNamed(name)) });
  Object.defineProperty(state, "renameSheet", {
    value: (from, to) => {
      const sheet = sheetNamed(from);
      const quoted = `'${to.replace(/'/g, "''")}'!`;
      for (const [sheetName, cells] of Object.entries(state.cells))
        for (const cell of Object.values(cells))
          if (cell.type === "formula")
            cell.value = cell.value
              .split(/("(?:[^"]|"")*")/)
              .map((part, i) =>
                i % 2
                  ? part
                  : part.replace(/((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)/g, (p) =>
                      sameName(unquote(p), from) && sheetName !== undefined ? quoted : p,
                    ),
              )
              .join("");
      // A name that refers to the sheet follows it too, as Excel's do (Formulas > Name Manager shows the new name).
      for (const n of state.names)
        if (n.reference !== undefined && sameName(unquote(n.reference.split("!")[0] + "!"), from))
          n.reference = quoted + n.reference.split("!").pop();
      state.cells[to] = state.cells[sheet.name];
      delete state.cells[sheet.name];
      sheet.name = to;
    },
  });

  /** The Excel.ChartType values the writers use, and their near kin: another name is refused, as Excel does. */
  const CHART_TYPES = [
    "XYScatter",
    "XYScatterLines",
    "XYScatterLinesNoMarkers",
    "XYScatterSmooth",
    "BarClustered",
    "BarStacked",
    "ColumnClustered",
    "ColumnStacked",
    "Line",
    "LineMarkers",
    "Pie",
    "Doughnut",
    "Area",
  ];

  /** Frozen panes of a sheet: `rows` at the top and `columns` at the left, each 0 for none. */
  function freeze(sheetName, rows, columns) {
    if (rows) state.frozenRows[sheetName] = rows;
    else delete state.frozenRows[sheetName];
    if (columns) state.frozenColumns[sheetName] = columns;
    else delete state.frozenColumns[sheetName];
  }

  /** A validation rule as kept: a list's Range source as its address (ListDataValidation takes either). */
  function validationRule(rule) {
    if (!rule || !rule.list || typeof rule.list.source !== "object") return rule;
    return { ...rule, list: { ...rule.list, source: rule.list.source.address } };
  }

  /** Refuses a rule Excel would: a Between without its upper bound, a list without a source. */
  function checkRule(rule) {
    const basic = rule.decimal || rule.wholeNumber || rule.textLength;
    if (basic && /Between$/.test(basic.operator) && basic.formula2 === undefined)
      throw excelError("InvalidArgument", `${basic.operator} needs formula2`);
    if (rule.list && (rule.list.source === undefined || rule.list.source === ""))
      throw excelError("InvalidArgument", "a list rule needs a source");
  }

  /** Column letters of a zero-based index: A..Z, AA..XFD. */
  const columnName = (index) =>
    (index < 26 ? "" : columnName(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));
  /** [zero-based column, row] of an A1 cell address ("$" allowed). */
  const parseCell = (a) => {
    const [, column, row] = /^\$?([A-Z]+)\$?(\d+)$/.exec(a);
    let index = 0;
    for (const letter of column) index = index * 26 + letter.charCodeAt(0) - 64;
    return [index - 1, Number(row)];
  };

  /** The A1 addresses of a range such as "B5" or "A1:I30", row by row. */
  function addressesOf(range) {
    const [from, to = from] = range.split(":");
    const [c0, r0] = parseCell(from);
    const [c1, r1] = parseCell(to);
    const rows = [];
    for (let r = r0; r <= r1; r++) {
      const row = [];
      for (let c = c0; c <= c1; c++) row.push(`${columnName(c)}${r}`);
      rows.push(row);
    }
    return rows;
  }

  /** UTF-8 bytes of a value's JSON: how the fake measures what crosses to Excel and back. */
  const encoder = typeof TextEncoder === "function" ? new TextEncoder() : undefined;
  const jsonBytes = (value) => {
    const text = JSON.stringify(value === undefined ? null : value);
    return encoder ? encoder.encode(text).length : text.length;
  };
  /** Excel on the web's limit on a request and on a response (Microsoft's resource limits page). */
  const PAYLOAD_LIMIT = 5 * 1024 * 1024;
  const FRAMING = 64;

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

  // The user's cells, typed in as through Range.formulas: { "A1": entry } or { "A1:B2": [[...]] }.
  state.sheets.forEach((sheet) => {
    state.cells[sheet.name] = {};
    for (const [range, entry] of Object.entries(sheet.cells))
      applyGrid(sheet.name, range, "formulas", Array.isArray(entry) ? entry : [[entry]]);
  });

  /** What Range.formulas reads from a cell: a formula's text, else its value ("" when blank). */
  const formulaOf = (cell) => (cell ? cell.value : "");
  /** What Range.values reads: a formula's result (the fake computes none: its `result`, else 0). */
  const valueOf = (cell) => (!cell ? "" : cell.type === "formula" ? (cell.result ?? 0) : cell.value);

  /**
   * The cells of a sheet that hold something, as a used range: [firstRow, firstColumn, rows, columns].
   * Every address is read each time (a test may edit state.cells directly), without a regex: the
   * originals sheet of a large conversion holds most of a million cells, and each batch asks.
   */
  function usedBounds(sheetName) {
    let top = Infinity;
    let left = Infinity;
    let bottom = 0;
    let right = -1;
    const cells = state.cells[sheetName] || {};
    for (const address in cells) {
      if (cells[address].type === "blank") continue;
      let c = 0;
      let i = 0;
      for (; i < address.length; i++) {
        const code = address.charCodeAt(i);
        if (code === 36) continue; // $
        if (code < 65) break;
        c = c * 26 + code - 64;
      }
      let r = 0;
      for (; i < address.length; i++) if (address.charCodeAt(i) !== 36) r = r * 10 + address.charCodeAt(i) - 48;
      if (r < top) top = r;
      if (r > bottom) bottom = r;
      if (c - 1 < left) left = c - 1;
      if (c - 1 > right) right = c - 1;
    }
    return bottom === 0 ? [1, 0, 1, 1] : [top, left, bottom - top + 1, right - left + 1];
  }

  function coAuthorActs() {
    for (const act of [].concat(seed.coAuthor || [])) {
      if (state.syncs !== act.afterSync) continue;
      if (act.addSheet) state.sheets.push({ name: act.addSheet, cells: {} });
      if (act.addName) state.names.push({ ...act.addName });
      if (act.setCell) applyGrid(act.setCell.sheet, act.setCell.address, "formulas", [[act.setCell.entry]]);
    }
    if (typeof state.afterSync === "function") state.afterSync(state.syncs);
  }

  function makeContext() {
    const queue = [];
    const loaded = new Map(); // what each collection load delivered, as of its sync
    const requested = new Map();
    let response = 0; // bytes the loads of the running sync deliver
    /** Queues an operation; `bytes` is what it adds to the sync's request. */
    const enqueue = (op, bytes = FRAMING) => {
      queue.push({ op, bytes });
      state.pending++;
    };
    /** One recorded operation: it fails if the seed says so, applies its effect, then is recorded. */
    const operation = (sheet, kind, target, value, effect) =>
      enqueue(
        () => {
          const where = typeof target === "function" ? target() : target;
          if (seed.failOn === kind) throw excelError("GeneralException", `${kind} failed (injected by the test)`);
          if (typeof state.failWhen === "function" && state.failWhen({ sheet, kind, target: where, value }))
            throw excelError("GeneralException", `${kind} of ${sheet}!${where} failed (injected by the test)`);
          if (effect) effect();
          state.writes.push({ sheet, kind, target: where, value });
        },
        FRAMING + jsonBytes({ kind, target: typeof target === "function" ? "" : target, value }),
      );
    /** Queues a load: `deliver` runs at the sync and returns the data the response carries. */
    const loadOp = (deliver) =>
      enqueue(() => {
        response += FRAMING + jsonBytes(deliver());
      });
    const sheetOrFail = (name) => {
      const sheet = sheetNamed(name);
      if (!sheet) throw excelError("ItemNotFound", `no worksheet ${name}`);
      return sheet;
    };

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
          loadOp(() => {
            found = find();
            isLoaded = true;
            return found ? Object.keys(read).map((prop) => read[prop](found)) : null;
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

    /**
     * A range of `sheetName` at `address`, or, for a used range (and ranges derived from one:
     * getRowsBelow, getResizedRange, getLastColumn), wherever `resolve` finds it when the batch
     * runs, as Office.js resolves such a range at its place in the batch. Its loaded properties
     * (formulas, values, address, rowIndex, ...) are those of that sync.
     */
    function rangeProxy(sheetName, address, resolve) {
      // Office.js runs the method that makes such a range at its place in the batch, and the range
      // stays where it was found then: resolved once, by an operation queued here.
      let resolved;
      if (resolve) enqueue(() => (resolved = resolve(sheetOrFail(sheetName).name)));
      /** The address the batch found. */
      const at = () => {
        if (!resolve) return address;
        if (resolved === undefined) throw new Error(`the fake resolved a range of ${sheetName} out of order`);
        return resolved;
      };
      const write = (kind, value) =>
        operation(sheetName, kind, resolve ? () => at() : address, value, () => {
          const sheet = sheetOrFail(sheetName);
          const where = at();
          if (kind !== "numberFormat") sheet.cells[where] = value;
          applyGrid(sheet.name, where, kind, value);
        });
      /** A range derived from this one when the batch runs: `derive` maps [column, row, columns, rows]. */
      const derived = (derive) =>
        rangeProxy(sheetName, undefined, () => {
          const [from, to = from] = at().split(":");
          const [c0, r0] = parseCell(from);
          const [c1, r1] = parseCell(to);
          const [column, row, columns, rows] = derive([c0, r0, c1 - c0 + 1, r1 - r0 + 1]);
          if (columns < 1 || rows < 1 || column < 0 || row < 1)
            throw excelError("InvalidArgument", `no range ${columns}x${rows} at ${column},${row}`);
          const first = `${columnName(column)}${row}`;
          return columns === 1 && rows === 1 ? first : `${first}:${columnName(column + columns - 1)}${row + rows - 1}`;
        });
      let snapshot;
      const loadedValue = (prop) => {
        if (!snapshot || !(prop in snapshot))
          throw new Error(`PropertyNotLoaded: ${prop} of ${address} was read before load() and sync()`);
        return snapshot[prop];
      };
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
            if (prop === "rule") value = validationRule(value);
            operation(sheetName, `dataValidation.${String(prop)}`, address, value, () => {
              if (prop === "rule") checkRule(value);
              const sheet = (state.validations[sheetName] = state.validations[sheetName] || {});
              sheet[address] = { ...sheet[address], [prop]: value };
            });
            return true;
          },
        },
      );
      const range = {
        address: `'${sheetName}'!${address}`,
        get formulas() {
          return loadedValue("formulas");
        },
        set formulas(v) {
          write("formulas", v);
        },
        get values() {
          return loadedValue("values");
        },
        set values(v) {
          write("values", v);
        },
        set numberFormat(v) {
          write("numberFormat", v);
        },
        format: formatTarget(""),
        dataValidation,
        /** load("formulas, values") or load(["rowIndex", ...]): delivered at the next sync. */
        load(props) {
          const wanted = (Array.isArray(props) ? props : String(props).split(",")).map((p) => p.trim());
          loadOp(() => {
            const sheet = sheetOrFail(sheetName);
            const where = at();
            const grid = addressesOf(where);
            const cells = state.cells[sheet.name] || {};
            const [column, row] = parseCell(where.split(":")[0]);
            const all = {
              address: `'${sheet.name}'!${where}`,
              rowIndex: row - 1,
              columnIndex: column,
              rowCount: grid.length,
              columnCount: grid[0].length,
            };
            const data = {};
            for (const prop of wanted) {
              if (prop === "formulas") data.formulas = grid.map((r) => r.map((a) => formulaOf(cells[a])));
              else if (prop === "values") data.values = grid.map((r) => r.map((a) => valueOf(cells[a])));
              else if (prop in all) data[prop] = all[prop];
              else throw new Error(`the fake cannot load ${prop} of a range`);
            }
            snapshot = data;
            if (typeof state.afterLoad === "function") state.afterLoad(sheet.name, where, wanted);
            return data;
          });
          Object.defineProperty(range, "address", { get: () => loadedValue("address"), configurable: true });
          for (const prop of ["rowIndex", "columnIndex", "rowCount", "columnCount"])
            Object.defineProperty(range, prop, { get: () => loadedValue(prop), configurable: true });
          return range;
        },
        /** Range.clear(): the cells lose their content and format. */
        clear() {
          operation(sheetName, "clear", resolve ? () => at() : address, null, () => {
            const sheet = sheetOrFail(sheetName);
            const cells = state.cells[sheet.name] || {};
            addressesOf(at()).forEach((row) => row.forEach((a) => delete cells[a]));
          });
        },
        /** getRowsBelow(count): the `count` rows under the range, as wide as it. */
        getRowsBelow: (count = 1) => derived(([c, r, w, h]) => [c, r + h, w, count]),
        /** getResizedRange(deltaRows, deltaColumns): the range grown or shrunk from its top-left cell. */
        getResizedRange: (dr, dc) => derived(([c, r, w, h]) => [c, r, w + dc, h + dr]),
        /** getLastColumn(): the range's last column. */
        getLastColumn: () => derived(([c, r, w, h]) => [c + w - 1, r, 1, h]),
      };
      return range;
    }

    /**
     * Worksheet.pageLayout: property setters (orientation, margins, zoom), setPrintArea / setPrintTitleRows /
     * setPrintTitleColumns, and headersFooters (its state, and defaultForAllPages' six parts), kept per sheet.
     */
    function pageLayoutProxy(sheetName) {
      const keep = (key, value) => () =>
        (state.pageLayouts[sheetName] = { ...state.pageLayouts[sheetName], [key]: value });
      const SETTERS = {
        setPrintArea: "printArea",
        setPrintTitleRows: "printTitleRows",
        setPrintTitleColumns: "printTitleColumns",
      };
      const keepHeaderFooter = (key, value) => () => {
        const layout = (state.pageLayouts[sheetName] = { ...state.pageLayouts[sheetName] });
        const group = (layout.headersFooters = { ...layout.headersFooters });
        if (key === "state") group.state = value;
        else group.defaultForAllPages = { ...group.defaultForAllPages, [key]: value };
      };
      const part = (path) =>
        new Proxy(
          {},
          {
            set(_, prop, value) {
              operation(
                sheetName,
                `pageLayout.${path}${String(prop)}`,
                sheetName,
                value,
                keepHeaderFooter(prop, value),
              );
              return true;
            },
            get(_, prop) {
              return prop === "defaultForAllPages" && path === "headersFooters."
                ? part(`${path}defaultForAllPages.`)
                : undefined;
            },
          },
        );
      return new Proxy(
        {},
        {
          set(_, prop, value) {
            operation(sheetName, `pageLayout.${String(prop)}`, sheetName, value, keep(prop, value));
            return true;
          },
          get(_, prop) {
            if (prop in SETTERS) {
              const key = SETTERS[prop];
              return (range) => operation(sheetName, `pageLayout.${prop}`, sheetName, range, keep(key, range));
            }
            if (prop === "headersFooters") return part("headersFooters.");
            return undefined;
          },
        },
      );
    }

    /** A method's arguments as recorded: a Range as its address; one argument alone, several as a list. */
    const recordedArguments = (args) => {
      const plain = args.map((a) => (a && typeof a === "object" && "address" in a ? a.address : a));
      return plain.length === 1 ? plain[0] : plain;
    };

    function chartProxy(sheetName, chart, index) {
      // Any property set is recorded by its path, and so is any method call (the path without its dot).
      const setter = (path) =>
        new Proxy(function () {}, {
          set(_, prop, value) {
            const effect = path === "" && prop === "name" ? () => (chart.name = value) : undefined;
            operation(sheetName, `chart.${path}${String(prop)}`, index, value, effect);
            return true;
          },
          get(_, prop) {
            return setter(`${path}${String(prop)}.`);
          },
          apply(_, __, args) {
            operation(sheetName, `chart.${path.slice(0, -1)}`, index, recordedArguments(args));
          },
        });
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
                /** The series at `i`: its setters recorded as chart.series[i].<property>. */
                getItemAt: (i) => setter(`series[${i}].`),
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

    /**
     * The defined names of one scope: the workbook's (sheet undefined) or a worksheet's own. A name
     * refers to a range ({ name, reference }) or holds a formula ({ name, formula, comment }).
     */
    function namesCollection(sheet) {
      const key = sheet === undefined ? "names" : `names of ${sheet}`;
      const inScope = (n) =>
        sheet === undefined ? n.sheet === undefined : n.sheet !== undefined && sameName(n.sheet, sheet);
      const formulaOf = (n) => (n.formula !== undefined ? n.formula : `=${n.reference}`);
      const collection = {
        load() {
          requested.set(key, () =>
            state.names.filter(inScope).map((n) => ({ name: n.name, formula: formulaOf(n), comment: n.comment || "" })),
          );
          return collection;
        },
        get items() {
          return guarded(key);
        },
        getItem: (name) => ({
          delete: () =>
            enqueue(() => {
              if (!state.names.some((n) => inScope(n) && sameName(n.name, name)))
                throw excelError("ItemNotFound", `no name ${name}`);
              state.names = state.names.filter((n) => !(inScope(n) && sameName(n.name, name)));
            }),
        }),
        getItemOrNullObject: (name) =>
          itemOrNull(
            `name ${name}`,
            () => state.names.find((n) => inScope(n) && sameName(n.name, name)),
            (found) => (state.names = state.names.filter((n) => n !== found)),
            { name: (n) => n.name, formula: formulaOf, comment: (n) => n.comment || "" },
          ),
        /** add(name, range) or add(name, "=formula", comment): a formula name keeps its text as given. */
        add(name, reference, comment) {
          const isFormula = typeof reference === "string";
          const target = isFormula ? reference : reference.address;
          const owner = isFormula ? sheet || "" : reference.address.split("!")[0].replace(/'/g, "");
          operation(owner, "names.add", target, name, () => {
            if (state.names.some((n) => inScope(n) && sameName(n.name, name)))
              throw excelError("ItemAlreadyExists", `a name ${name} already exists`);
            const entry = isFormula ? { name, formula: reference } : { name, reference: reference.address };
            if (isFormula && comment !== undefined) entry.comment = comment;
            if (sheet !== undefined) entry.sheet = sheet;
            state.names.push(entry);
          });
        },
      };
      return collection;
    }

    /** A worksheet as the pane reaches it; `loaded` adds what a worksheets load delivered. */
    function sheetProxy(name, loaded) {
      const meta = (prop) => {
        if (!loaded) throw new Error(`PropertyNotLoaded: ${prop} of worksheet ${name} was read before load()`);
        return loaded[prop];
      };
      return {
        name,
        get id() {
          return meta("id");
        },
        get visibility() {
          return meta("visibility");
        },
        set visibility(value) {
          operation(name, "worksheet.visibility", name, value, () => (metaOf(sheetOrFail(name)).visibility = value));
        },
        get protection() {
          return { protected: meta("protected") };
        },
        names: namesCollection(name),
        delete: () => operation(name, "worksheet.delete", name, null, () => removeSheet(sheetOrFail(name))),
        // The whole sheet's range (no address) carries its conditional formats and data validation: the fake
        // holds none of either, so the scan finds nothing there to list.
        getRange: (address) =>
          address === undefined
            ? {
                conditionalFormats: { load: () => ({ items: [] }), items: [] },
                dataValidation: {
                  load() {
                    return this;
                  },
                  type: "None",
                },
              }
            : rangeProxy(name, address),
        /** The used range (valuesOnly or not: the fake keeps no formats apart from contents). */
        getUsedRange: () =>
          rangeProxy(name, "A1", (sheetName) => {
            const [top, left, rows, columns] = usedBounds(sheetName);
            const from = `${columnName(left)}${top}`;
            return rows === 1 && columns === 1 ? from : `${from}:${columnName(left + columns - 1)}${top + rows - 1}`;
          }),
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
          /** The sheet's charts as listed at the call (the scan only counts them). */
          load: () => ({ items: state.charts.filter((c) => sameName(c.sheet, name)) }),
          get items() {
            return state.charts.filter((c) => sameName(c.sheet, name));
          },
          add: (type, range, seriesBy) => {
            const chart = { sheet: name, type, source: range.address, seriesBy };
            operation(name, "charts.add", range.address, [type, seriesBy], () => {
              if (!CHART_TYPES.includes(type)) throw excelError("InvalidArgument", `no chart type ${type}`);
              state.charts.push(chart);
            });
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
        // Each call replaces the panes before it, as Excel's Freeze Panes menu items do.
        freezePanes: {
          freezeRows: (count) => operation(name, "freezePanes.freezeRows", name, count, () => freeze(name, count, 0)),
          freezeColumns: (count) =>
            operation(name, "freezePanes.freezeColumns", name, count, () => freeze(name, 0, count)),
          /** freezeAt("A1:B3"): the rows and columns of the range, from A1 */
          freezeAt: (range) => {
            const address = typeof range === "string" ? range : range.address.split("!").pop();
            operation(name, "freezePanes.freezeAt", name, address, () => {
              const [column, row] = parseCell(address.split(":").pop());
              freeze(name, row, column + 1);
            });
          },
        },
        /** horizontalPageBreaks.add(range or address): a manual break before the range's top-left cell */
        horizontalPageBreaks: {
          add: (range) => {
            const address = typeof range === "string" ? range : range.address.split("!").pop();
            operation(name, "horizontalPageBreaks.add", name, address, () => {
              const [, row] = parseCell(address.split(":")[0]);
              state.pageBreaks[name] = [...(state.pageBreaks[name] || []), row];
            });
          },
        },
        pageLayout: pageLayoutProxy(name),
      };
    }

    const workbook = {
      worksheets: {
        load() {
          requested.set("worksheets", () =>
            state.sheets.map((s) => {
              const { id, visibility } = metaOf(s);
              return sheetProxy(s.name, { id, visibility, protected: metaOf(s).protected });
            }),
          );
          return this;
        },
        get items() {
          return guarded("worksheets");
        },
        getItem: (name) => sheetProxy(name),
        /** The active worksheet: load("name"), then its name after the sync. */
        getActiveWorksheet() {
          const active = {
            load() {
              requested.set("active worksheet", () => [{ name: state.activeSheet }]);
              return active;
            },
            get name() {
              return guarded("active worksheet")[0].name;
            },
          };
          return active;
        },
        getItemOrNullObject: (name) =>
          itemOrNull(
            `worksheet ${name}`,
            () => sheetNamed(name),
            (found) => removeSheet(found),
            {
              name: (s) => s.name,
              id: (s) => metaOf(s).id,
              visibility: (s) => metaOf(s).visibility,
              protection: (s) => ({ protected: metaOf(s).protected }),
            },
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
      names: namesCollection(undefined),
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
        const request = ops.reduce((sum, o) => sum + o.bytes, 0) + requested.size * FRAMING;
        response = 0;
        const payload = { request, response: 0 };
        state.payloads.push(payload);
        try {
          // Excel refuses a request over its limit whole, before running any of it.
          if (request > PAYLOAD_LIMIT)
            throw excelError("RequestPayloadSizeLimitExceeded", `the request is ${request} bytes`);
          for (const { op } of ops) op(); // a throw here rejects the sync, with earlier ops applied
          const delivered = new Map();
          for (const [key, take] of requested) {
            const items = take();
            response += FRAMING + jsonBytes(items.map((i) => i.name));
            delivered.set(key, items);
          }
          payload.response = response;
          if (response > PAYLOAD_LIMIT)
            throw excelError("ResponsePayloadSizeLimitExceeded", `the response is ${response} bytes`);
          delivered.forEach((items, key) => loaded.set(key, items));
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
  // Document settings: an in-memory copy that saveAsync persists, as Office.Settings does.
  state.settings = { ...(seed.settings || {}) };
  state.settingsSaves = [];
  const liveSettings = { ...state.settings };
  const settings = {
    get: (name) => (name in liveSettings ? liveSettings[name] : null),
    set: (name, value) => (liveSettings[name] = value),
    remove: (name) => delete liveSettings[name],
    saveAsync(options, callback) {
      const done = typeof options === "function" ? options : callback;
      setTimeout(() => {
        if (seed.failSettingsSave) {
          done?.({ status: "failed", error: { message: seed.failSettingsSave } });
          return;
        }
        state.settings = JSON.parse(JSON.stringify(liveSettings));
        state.settingsSaves.push(JSON.parse(JSON.stringify(liveSettings)));
        done?.({ status: "succeeded" });
      }, 0);
    },
  };
  window.Office = {
    HostType: { Excel: "Excel" },
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    onReady: () => Promise.resolve({ host: "Excel", platform: "PC" }),
    context: {
      requirements: { isSetSupported: (name, wanted) => name === "ExcelApi" && supports(wanted) },
      document: { settings },
    },
  };
})();
