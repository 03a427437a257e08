/*
 * A model and a role for every row: test/bill/fixtures/models.csv (two models, chat and vision, each training and
 * serving, one serving row that names no model, one storage row) through the engine and the model, each model's
 * figures against sums worked here by hand from its rows; the same bill without a model source exactly as before.
 */
import { join } from "path";
import { modelTotalsOf } from "../../../src/bill/model/billCurrency";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { BillMapping, checkMapping, DEFAULT_MAPPING, modelValueSql } from "../../../src/bill/model/roles";
import { readMappingFile, writeMappingFile } from "../../../src/bill/model/mappingFile";
import { isProblem } from "../../../src/core/model/problems";
import { openEngine } from "../support/duckdb";

const MODELS_CSV = join(__dirname, "../fixtures/models.csv");

let engine: Awaited<ReturnType<typeof openEngine>>;
let detection: FocusDetection;
const source = billSourceSql({ format: "csv", paths: [MODELS_CSV] });
beforeAll(async () => {
  engine = await openEngine();
  const found = detectFocusVersion(engine.query(billColumnsSql(source)).map((r) => String(r.column_name)));
  if (isProblem(found)) throw new Error(found.message);
  detection = found;
});
afterAll(() => engine.close());

const monthsUnder = (mapping: BillMapping): BillMonth[] =>
  billMonthsOf(
    engine.query(billAggregationSql({ source, detection, mapping, counts: {} })) as unknown as BillResultRow[],
  ).months;

// by hand: chat trains 10 h x 8 GPUs (320) in January and 5 h x 8 (160) in February, serves 600 h paid, 500 used
// (600); vision trains 100 h (100) and serves 200 h (150); a serving row of 50 h (50) names no model.
const CHAT = { trainingHours: 80 + 40, trainingCost: 320 + 160, servingPaid: 600, servingUsed: 500, cost: 1080 };
const VISION = { trainingHours: 100, trainingCost: 100, servingPaid: 200, servingUsed: 200, cost: 250 };

test("by the tag model: each model's hours and cost, costliest first, unnamed rows a model of their own", () => {
  const months = monthsUnder({ ...DEFAULT_MAPPING, model: { key: { kind: "tag", name: "model" } } });
  const models = modelTotalsOf(months);
  expect(models.map((m) => m.model)).toEqual(["chat", "vision", ""]);
  const [chat, vision, none] = models;
  expect(chat).toMatchObject({
    trainingHours: CHAT.trainingHours,
    trainingCost: CHAT.trainingCost,
    servingHoursPaid: CHAT.servingPaid,
    servingHoursConsumed: CHAT.servingUsed,
    acceleratorHoursPaid: CHAT.trainingHours + CHAT.servingPaid,
    acceleratorCost: CHAT.cost,
  });
  expect(chat.peakToMean).toBeCloseTo(600 / 500, 12);
  expect(chat.trainingShareOfCost).toBeCloseTo(480 / 1080, 12);
  expect(vision).toMatchObject({ trainingHours: 100, trainingCost: 100, servingHoursPaid: 200, acceleratorCost: 250 });
  expect(none).toMatchObject({ trainingHours: 0, servingHoursPaid: 50, acceleratorCost: 50 });
  // the models add up to the month's roles, to the cent
  const january = months.find((m) => m.month === "2026-01")!;
  const sum = january.models.reduce((n, m) => n + m.roles.serving.hoursPaid, 0);
  expect(sum).toBe(january.roles.serving.hoursPaid);
  expect(months.find((m) => m.month === "2026-02")!.models.map((m) => m.model)).toEqual(["chat"]);
});

test("by a resource-name pattern: its first group names the model", () => {
  const pattern = "^([a-z]+)-";
  const months = monthsUnder({ ...DEFAULT_MAPPING, model: { key: { kind: "resourceName" }, pattern } });
  const models = modelTotalsOf(months);
  expect(models.map((m) => [m.model, m.acceleratorCost])).toEqual([
    ["chat", CHAT.cost],
    ["vision", VISION.cost],
    ["shared", 50],
  ]);
});

test("by the sub-account: its value is the model", () => {
  const months = monthsUnder({ ...DEFAULT_MAPPING, model: { key: { kind: "subAccount" } } });
  expect(modelTotalsOf(months).map((m) => m.model)).toEqual(["ml-chat", "ml-vision", "ml-shared"]);
});

test("no model source: no models, and every figure exactly as before", () => {
  const before = monthsUnder(DEFAULT_MAPPING);
  expect(before.every((m) => m.models.length === 0)).toBe(true);
  expect(modelTotalsOf(before)).toEqual([]);
  const byModel = monthsUnder({ ...DEFAULT_MAPPING, model: { key: { kind: "tag", name: "model" } } });
  const strip = (months: BillMonth[]) => months.map(({ models: _models, ...rest }) => rest);
  expect(strip(byModel)).toEqual(strip(before));
  expect(before[0].roles.training.hoursPaid).toBe(CHAT.trainingHours - 40 + VISION.trainingHours);
});

test("a pattern the engine cannot read is refused in a sentence, and reads no model in the SQL", () => {
  const bad = { ...DEFAULT_MAPPING, model: { key: { kind: "resourceName" as const }, pattern: "^(llm" } };
  expect(checkMapping(bad)).toMatch(/not a regular expression/);
  expect(checkMapping({ ...bad, model: { ...bad.model, pattern: "(?=x)" } })).toMatch(/may not look ahead/);
  expect(checkMapping({ ...bad, model: { key: { kind: "tag", name: " " } } })).toMatch(/Name the tag/);
  expect(modelValueSql(bad, detection)).toBe("CAST(NULL AS VARCHAR)");
});

test("the model source is kept in the mapping file, and a file without one reads as a bill of one model", () => {
  const mapping: BillMapping = {
    ...DEFAULT_MAPPING,
    model: { key: { kind: "resourceName" }, pattern: "^([a-z]+)-" },
  };
  const text = writeMappingFile({ mapping, counts: {} });
  const read = readMappingFile(text);
  expect("code" in read ? read.message : read.mapping.model).toEqual(mapping.model);
  const plain = readMappingFile(writeMappingFile({ mapping: DEFAULT_MAPPING, counts: {} }));
  expect("code" in plain ? plain.message : plain.mapping.model).toBeUndefined();
  const bad = JSON.parse(text);
  bad.model.pattern = "^(llm";
  const refused = readMappingFile(JSON.stringify(bad));
  expect("code" in refused ? refused.message : "read").toMatch(/cannot be applied: the model's pattern/);
});
